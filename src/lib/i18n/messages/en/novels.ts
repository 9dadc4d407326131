// English messages of the gallery's "novels" strings: the source catalogue (see src/lib/i18n/i18n.ts for the format).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  untitled: 'Untitled',
  byAuthor: '{title} by {name}',
  badges: {
    r18: 'R-18',
    r18g: 'R-18G',
    ai: 'AI',
    aiLong: 'AI-generated',
    aiPartial: 'AI-assisted',
    aiPartialLong: 'Partly AI-generated',
    original: 'Original',
    originalLong: 'Original work',
  },
  card: {
    /** A card's number on its cover, said before its name: "Rank 2: Title by Author". */
    rank: 'Rank {value}',
    part: 'Part {value}',
    numbered: '{number}: {name}',
    series: 'Series: {title}.',
    stats: '{chars} characters, {time} to read, {bookmarks} bookmarks.',
    tags: 'Tags: {tags}.',
    badgeSeparator: ', ',
    meta: '{chars} chars · {time} · ♥ {bookmarks}',
  },
  /** A reading time, short enough for a card's meta line. */
  readingTime: {
    minutes: '{minutes} min',
    hours: '{hours} h',
    hoursMinutes: '{hours} h {minutes} min',
  },
  seriesHeader: {
    kind: 'Novel series',
    original: 'Original',
    ai: 'AI-generated',
    novels: 'Novels',
    characters: 'Characters',
    readingTime: 'Reading time',
    status: 'Status',
    concluded: 'Concluded',
    ongoing: 'Ongoing',
    readFirst: 'Read from the first novel',
    latest: 'Latest: {title}',
    loading: 'Loading series…',
  },
  list: {
    empty: 'No novels here yet.',
    loading: 'Loading…',
    loadingLabel: 'Loading {label}…',
  },
  /** The novel columns of the home and newest pages. */
  feeds: {
    recommended: 'Recommended novels',
    following: 'Novels by users you follow',
    followingEmpty: 'No new novels from the users you follow.',
    newest: 'Newest novels',
    newestEmpty: 'No novels yet.',
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ novels: messages })
export default messages
