import { registerEnglish } from '../../i18n.ts'
import { plural } from '../../catalogue.ts'

// English messages of the shared components (src/components): the source catalogue (see src/lib/i18n/i18n.ts).
const messages = {
  tags: 'Tags',
  notFound: {
    page: 'This page does not exist',
    series: 'This series does not exist',
    user: 'This user does not exist',
    hint: 'It may have been deleted, or the link is mistyped.',
    home: 'Back to the home page',
  },
  error: {
    slowDown: 'Slow down a little',
    tooManyWait: plural({
      one: 'Too many requests. Please try again in {count} second.',
      other: 'Too many requests. Please try again in {count} seconds.',
    }),
    notFound: 'Not found',
    signInNeeded: 'Sign in needed',
    notAvailable: 'Not available',
    offline: "You're offline",
    offlineMessage: "This page hasn't been saved on this device. Connect to the internet and try again.",
    couldNotConnect: 'Could not connect',
    serverProblem: 'Server problem',
    somethingWrong: 'Something went wrong',
    pleaseTryAgain: 'Please try again.',
  },
  loadMore: {
    loading: 'Loading more',
    failed: 'The next page could not be loaded.',
  },
  reveal: {
    r18: 'R-18',
    r18g: 'R-18G',
    ai: 'AI-generated',
    sensitive: 'Sensitive',
    muted: 'Muted',
    hidden: 'Hidden',
    label: 'Show {name} ({why})',
  },
  bookmark: {
    group: 'Bookmark',
    bookmark: 'Bookmark',
    private: 'Private',
    makePublic: 'Make the bookmark public',
    makePrivate: 'Bookmark privately (only you can see it)',
    signInTo: 'Sign in to bookmark',
    signInToSentence: 'Sign in to bookmark.',
    somethingWrong: 'Something went wrong. Please try again.',
    couldNotAdd: 'Could not bookmark: {why}',
    couldNotRemove: 'Could not remove the bookmark: {why}',
  },
  list: {
    hiddenCount: '{count} hidden by your filters',
    filterSettings: 'Filter settings',
    changeFilterSettings: 'Change filter settings',
    allHidden: {
      works: 'All {count} works here are hidden by your filters.',
      novels: 'All {count} novels here are hidden by your filters.',
    },
    loading: { works: 'Loading works…', novels: 'Loading novels…' },
    failed: {
      works: 'Something went wrong while loading these works.',
      novels: 'Something went wrong while loading these novels.',
    },
    loadingMore: 'Loading more…',
    end: "You've reached the end",
    retrying: 'Too many requests — retrying in {seconds} s',
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ components: messages })
export default messages
