// English messages of the gallery's shell and its pages (src/app): the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  nav: {
    label: 'Main',
    home: 'Home',
    ranking: 'Ranking',
    newest: 'Newest',
    search: 'Search',
    post: 'Post',
    writeNovel: 'Write a novel',
  },
  skipToContent: 'Skip to content',
  footer: 'Easel — a self-hostable gallery for illustrations, manga, ugoira and novels.',
  searchBox: {
    label: 'Search works, or paste a link',
    placeholder: 'Search or paste a link',
    submit: 'Search',
  },
  account: {
    label: 'Account: {name}',
    signedInAs: 'Signed in as <name>{name}</name>',
    profile: 'Your profile',
    library: 'Library',
  },
  chunkError: {
    title: 'This view could not be loaded',
    message: 'The connection dropped, or a new version of Easel is available.',
  },
  notFound: {
    title: 'Not found',
    heading: 'Page not found',
    nothingAt: 'Nothing lives at <path>{path}</path>.',
  },
  loadingLabel: 'Loading {label}…',
  home: {
    label: 'Home',
    headingRecommended: 'Easel: recommended works',
    headingFollowing: 'Easel: new from users you follow',
    followingSignInTitle: 'See new works from the artists you follow',
    followingSignInText: 'Sign in to see the latest works and novels of the users you follow.',
    followingWorks: 'Works by users you follow',
    followingWorksEmpty: 'No new works from the users you follow.',
    recommendedIllustrations: 'Recommended illustrations',
    recommendedManga: 'Recommended manga',
    recommendedEmpty: 'Nothing to recommend yet.',
    novelsLoading: { recommended: 'recommended novels', following: 'following novels', newest: 'newest novels' },
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ app: messages })
export default messages
