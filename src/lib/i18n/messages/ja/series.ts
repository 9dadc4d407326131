import type { CatalogueOf } from '../../catalogue.ts'
import { plural } from '../../catalogue.ts'
import type en from '../en/series.ts'

// 日本語: the same keys as ../en/series.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  series: 'シリーズ',
  workCount: plural({ other: '{count}作品' }),
  readFirst: '最初の作品から読む',
  loading: 'シリーズを読み込み中…',
  worksLabel: '{title}の作品',
  worksEmpty: 'このシリーズにはまだ作品がありません。',
  novelSeries: '小説シリーズ',
  novelsLoading: 'シリーズの小説',
  novelsHeading: 'シリーズの小説',
  novelsLabel: '{title}の小説',
  novelsEmpty: 'このシリーズにはまだ小説がありません。',
} satisfies CatalogueOf<typeof en>
