import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/newest.ts'

// 日本語: the same keys as ../en/newest.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  title: '新着',
  illustrations: '新着イラスト',
  manga: '新着マンガ',
  worksEmpty: '作品はまだありません。',
} satisfies CatalogueOf<typeof en>
