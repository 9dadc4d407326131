import { registerEnglish } from '../../i18n.ts'
import { plural } from '../../catalogue.ts'

// English messages of the series pages: the source catalogue (see src/lib/i18n/i18n.ts).
const messages = {
  series: 'Series',
  workCount: plural({ one: '{count} work', other: '{count} works' }),
  readFirst: 'Read from the first work',
  loading: 'Loading series…',
  worksLabel: 'Works in {title}',
  worksEmpty: 'This series has no works yet.',
  novelSeries: 'Novel series',
  novelsLoading: 'novels of the series',
  novelsHeading: 'Novels in the series',
  novelsLabel: 'Novels in {title}',
  novelsEmpty: 'This series has no novels yet.',
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ series: messages })
export default messages
