import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/works.ts'

// 日本語: the same keys as ../en/works.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {} satisfies CatalogueOf<typeof en>
