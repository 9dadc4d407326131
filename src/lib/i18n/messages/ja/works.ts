import { plural, type CatalogueOf } from '../../catalogue.ts'
import type en from '../en/works.ts'

// 日本語: the same keys as ../en/works.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  untitled: '無題',
  byArtist: '{name}「{title}」',
  badges: {
    r18: 'R-18',
    r18g: 'R-18G',
    ai: 'AI',
    aiLong: 'AI生成',
    aiPartial: 'AI補助',
    aiPartialLong: '一部AI生成',
    ugoira: 'うごイラ',
    ugoiraLong: 'アニメーション（うごイラ）',
    book: 'ブック',
    bookLong: 'ブック（右から左へ読む）',
    pages: plural({ other: '{count}ページ' }),
  },
  list: { empty: 'まだ作品がありません。' },
} satisfies CatalogueOf<typeof en>
