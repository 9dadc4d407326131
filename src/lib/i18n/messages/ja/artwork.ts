import { plural, type CatalogueOf } from '../../catalogue.ts'
import type en from '../en/artwork.ts'

// 日本語: the same keys as ../en/artwork.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  unknownArtist: '不明な作者',
  withPage: '{work}（{page}ページ目）',
  byline: '作者：{name}',
  documentTitle: '作品',
  edit: '編集',
  states: {
    loading: '作品を読み込み中…',
    notFound: 'この作品は存在しないか、削除されました',
    notFoundHint: 'リンクを確認するか、ほかの作品を探してください。',
    home: 'ホームに戻る',
    unavailable: 'この作品は表示できません',
    unavailableSignedIn: '作者が公開範囲を制限しているか、年齢制限があり、アカウントの設定では表示できません。',
    unavailableSignedOut:
      '作者が公開範囲を制限しているか、年齢制限があります。ログインすると表示できる場合があります。',
  },
  media: '作品',
  stats: { views: '閲覧数', bookmarks: 'ブックマーク', comments: 'コメント' },
  tools: '使用ツール：',
  toolSeparator: '、',
  author: {
    label: '作者',
    signInToFollow: 'ログインしてフォロー',
  },
  series: {
    label: 'シリーズ',
    name: 'シリーズ：',
    position: '#{index}（全{total}作品）',
    prev: '前の作品：{title}',
    next: '次の作品：{title}',
  },
  related: {
    heading: '関連作品',
    loading: '関連作品を読み込み中…',
    hidden: plural({ other: 'フィルターにより{count}件の作品が非表示になっています。' }),
  },
  neighbours: { label: '前後の作品', prev: '前へ', next: '次へ' },
  image: { fullSizeRegion: '原寸大の画像（スクロールできます）', fullSize: '原寸大' },
  pages: {
    label: 'ページ',
    counter: '全{count}ページ中{current}ページ目',
    jump: 'ページへ移動',
  },
  book: {
    roleDescription: 'ブック',
    label: '{title}（右から左へ読む）',
    untitled: 'ブック',
    next: '次のページ',
    prev: '前のページ',
    counter: 'ページ ',
    spreads: '見開き（矢印キーでページをめくる）',
  },
  ugoira: {
    pause: '一時停止',
    loading: 'アニメーションを読み込み中…',
    retry: '再試行',
    downloadFailed: 'アニメーションをダウンロードできませんでした（HTTP {status}）。',
    playFailed: 'アニメーションを再生できませんでした。',
    noFrames: 'うごイラのアーカイブにフレームがありません。',
    videoUnsupported: 'このブラウザーでは動画（{type}）を再生できません。<link>ダウンロード</link>',
  },
} satisfies CatalogueOf<typeof en>
