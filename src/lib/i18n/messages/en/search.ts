// English messages of the search: the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  title: 'Search',
  documentTitle: '{word} — search',
  resultsFor: 'Search results for',
  in: 'Search in',
  users: 'Users',
  hint: 'Type a word or a tag in the search box above.',
  trending: 'Trending tags',
  worksLabel: 'Search results for {word}',
  worksEmpty: 'No works match “{word}”.',
  novelsLabel: 'Novel search results for {word}',
  novelsEmpty: 'No novels match “{word}”.',
  usersLabel: 'Users matching {word}',
  usersEmpty: 'No users match “{word}”.',
  options: 'Search options',
  match: 'Match',
  sortLabel: 'Sort',
  periodLabel: 'Period',
  from: 'From',
  to: 'To',
  hideAi: 'Hide AI-generated',
  target: {
    partialTags: 'Tags (partial match)',
    exactTags: 'Tags (exact match)',
    titleCaption: 'Title and caption',
    titleCaptionTags: 'Title, caption and tags',
    text: 'Body text',
    keywords: 'Keywords',
  },
  sort: { newest: 'Newest', oldest: 'Oldest', popular: 'Popular' },
  period: {
    any: 'Any time',
    day: 'Last day',
    week: 'Last week',
    month: 'Last month',
    custom: 'Date range',
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ search: messages })
export default messages
