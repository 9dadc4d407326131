// English messages of the gallery's "reader" strings: the source catalogue (see src/lib/i18n/i18n.ts for the format).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  documentTitle: 'Novel',
  /** The author's link to edit their own novel. */
  edit: 'Edit',
  states: {
    loading: 'Loading the novel…',
    notFound: "This novel doesn't exist or was deleted",
    notFoundHint: 'Check the link, or find something else to read.',
    recommended: 'Recommended novels',
    unavailable: 'This novel is not available',
    unavailableSignedIn:
      'The author has limited who can read it, or it is age-restricted and your account settings do not allow it.',
    unavailableSignedOut:
      'The author has limited who can read it, or it is age-restricted. Signing in may let you read it.',
  },
  stats: {
    characters: 'Characters',
    readingTime: 'Reading time',
    pages: 'Pages',
    views: 'Views',
    bookmarks: 'Bookmarks',
    comments: 'Comments',
  },
  series: {
    label: 'Series',
    name: 'Series: ',
    position: '#{index} of {total}',
    prev: 'Previous: {title}',
    next: 'Next: {title}',
    continue: 'Next in the series: {title}',
  },
  text: {
    label: 'Novel text',
    page: 'Page {page} of {count}',
    indicator: 'Page <n>{page}</n> of {count}',
    contents: 'Contents',
    display: 'Display',
    chapters: 'Chapters',
    chapterPage: 'p. {page}',
    pages: 'Pages',
    pageLink: 'Page {page}',
    prevPage: 'Previous page',
    nextPage: 'Next page',
    blank: 'This page is blank.',
    illustration: 'Illustration {number} in {label}',
    imageUnavailable: 'This image is not available.',
    work: 'Artwork {id}',
    workUnavailable: '(its picture is not available)',
  },
  settings: {
    label: 'Display settings',
    textSize: 'Text size',
    smaller: 'Smaller text',
    larger: 'Larger text',
    fontSize: '{size} px',
    lineSpacing: 'Line spacing',
    compact: 'Compact',
    normal: 'Normal',
    loose: 'Loose',
    font: 'Font',
    serif: 'Serif',
    sans: 'Sans-serif',
    theme: 'Theme',
    light: 'Light',
    sepia: 'Sepia',
    dark: 'Dark',
    writing: 'Writing',
    horizontal: 'Horizontal',
    vertical: 'Vertical',
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ reader: messages })
export default messages
