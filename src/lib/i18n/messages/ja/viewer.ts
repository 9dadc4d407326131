import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/viewer.ts'

// 日本語: the same keys as ../en/viewer.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  label: 'ビューアー：{title}',
  nextWork: '次の作品 →',
  prevWork: '← 前の作品',
  controls: {
    prev: '前へ',
    next: '次へ',
    close: '閉じる',
    zoomIn: '拡大',
    zoomOut: '縮小',
    slide: 'スライド',
    carousel: 'カルーセル',
    gallery: 'ページ一覧',
    position: '{index} / {total}',
  },
} satisfies CatalogueOf<typeof en>
