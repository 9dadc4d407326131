import { registerEnglish } from '../../i18n.ts'
import { plural } from '../../catalogue.ts'

// English messages of the work page's strings (the detail, its images, pages, book, ugoira, author, series and
// related works): the source catalogue (see src/lib/i18n/i18n.ts for the format). The cards' strings are in works.ts,
// which the first grid of every page loads; these load with the work page.
const messages = {
  unknownArtist: 'an unknown artist',
  /** One page of a work of several: "{work} — page 3". */
  withPage: '{work} — page {page}',
  /** After a title, for assistive tech only. */
  byline: 'by {name}',
  documentTitle: 'Artwork',
  /** The author's link to edit their own work. */
  edit: 'Edit',
  states: {
    loading: 'Loading the work…',
    notFound: "This work doesn't exist or was deleted",
    notFoundHint: 'Check the link, or find something else to look at.',
    home: 'Back to the home page',
    unavailable: 'This work is not available',
    unavailableSignedIn:
      'The artist has limited who can see it, or it is age-restricted and your account settings do not allow it.',
    unavailableSignedOut:
      'The artist has limited who can see it, or it is age-restricted. Signing in may let you see it.',
  },
  media: 'Artwork',
  stats: { views: 'Views', bookmarks: 'Bookmarks', comments: 'Comments' },
  tools: 'Tools: ',
  toolSeparator: ', ',
  author: {
    label: 'Artist',
    signInToFollow: 'Sign in to follow',
  },
  series: {
    label: 'Series',
    name: 'Series: ',
    position: '#{index} of {total}',
    prev: 'Previous in series: {title}',
    next: 'Next in series: {title}',
  },
  related: {
    heading: 'Related works',
    loading: 'Loading related works…',
    hidden: plural({
      one: '{count} work is hidden by your filters.',
      other: '{count} works are hidden by your filters.',
    }),
  },
  neighbours: { label: 'Previous and next work', prev: 'Previous', next: 'Next' },
  image: { fullSizeRegion: 'Full-size image, scrollable', fullSize: 'Full size' },
  pages: {
    label: 'Pages',
    counter: 'Page {current} of {count}',
    jump: 'Jump to page',
  },
  book: {
    roleDescription: 'book',
    label: '{title}, read right to left',
    untitled: 'Book',
    next: 'Next pages',
    prev: 'Previous pages',
    counter: 'Pages ',
    spreads: 'Spreads (use the arrow keys to turn pages)',
  },
  ugoira: {
    pause: 'Pause',
    loading: 'Loading the animation…',
    retry: 'Retry',
    downloadFailed: 'The animation could not be downloaded (HTTP {status}).',
    playFailed: 'The animation could not be played.',
    noFrames: 'The ugoira archive holds none of its frames.',
    videoUnsupported: 'This browser cannot play the video ({type}). <link>Download it</link>',
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ artwork: messages })
export default messages
