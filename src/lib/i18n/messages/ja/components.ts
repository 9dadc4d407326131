import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/components.ts'

// 日本語: the same keys as ../en/components.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {} satisfies CatalogueOf<typeof en>
