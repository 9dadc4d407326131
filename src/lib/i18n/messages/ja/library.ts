import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/library.ts'

// 日本語: the same keys as ../en/library.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  title: 'ライブラリ',
  signIn: 'ライブラリを見るにはログインしてください',
  none: 'ライブラリはありません',
  demo: 'これはデモカタログです。自分のダウンロードを見るには <code>LIBRARY_DIR=/path/to/gallery-dl</code> を指定してEaselを起動してください。',
  lastScan: '前回のスキャン',
  summary:
    '<at></at>：取り込み{imported}件、更新{updated}件、削除{removed}件、変更なし{unchanged}件、スキップ{skipped}件',
  rescan: '再スキャン',
  scanning: '<since></since>からスキャン中：{progress}',
  progress: '{count}作品中{done}作品',
  looking: '作品を探しています',
  scanProgress: 'スキャンの進行状況',
  lastFailed: '前回のスキャンは失敗しました：{error}',
  startFailed: 'スキャンを開始できませんでした。接続を確認してもう一度お試しください。',
  skipped: 'スキップしたファイル',
  noneSkipped: 'なし：すべてのファイルを取り込みました。',
  file: 'ファイル',
  why: '理由',
} satisfies CatalogueOf<typeof en>
