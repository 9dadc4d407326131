import { registerEnglish } from '../../i18n.ts'
import { plural } from '../../catalogue.ts'

// English messages of the gallery's "works" strings: the source catalogue (see src/lib/i18n/i18n.ts for the format).
const messages = {
  untitled: 'Untitled',
  /** A work named with its artist (image alt text, document title, list cards). */
  byArtist: '{title} by {name}',
  badges: {
    r18: 'R-18',
    r18g: 'R-18G',
    ai: 'AI',
    aiLong: 'AI-generated',
    aiPartial: 'AI-assisted',
    aiPartialLong: 'Partly AI-generated',
    ugoira: 'ugoira',
    ugoiraLong: 'Animated (ugoira)',
    book: 'Book',
    bookLong: 'Book (read right to left)',
    pages: plural({ one: '{count} page', other: '{count} pages' }),
  },
  list: { empty: 'No works here yet.' },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ works: messages })
export default messages
