import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/pwa.ts'

// 日本語: the same keys as ../en/pwa.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  offline: 'オフラインです。一度開いたページは引き続き見られます。新しい内容はオンラインに戻ると読み込まれます。',
  updateAvailable: 'アップデートがあります',
  newVersion: 'Easelの新しいバージョンがあります。',
  failed: '開始できませんでした。もう一度試すか、ページを再読み込みしてください。',
  reloadToUse: '再読み込みすると使えます。',
  later: '後で',
  reloading: '再読み込み中…',
} satisfies CatalogueOf<typeof en>
