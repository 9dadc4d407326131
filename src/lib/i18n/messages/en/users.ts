// English messages of the users' pages: the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  user: 'User',
  mutuals: 'Mutuals',
  pages: '{name}’s pages',
  visibility: 'Visibility',
  publicBookmarks: 'Public bookmarks',
  loadingProfile: 'Loading profile…',
  followFailed: 'That did not work. Please try again.',
  workAlt: '{title} by {name}',
  works: {
    kind: 'Kind of work',
    all: 'All',
    allLabel: '{name}’s works',
    allEmpty: '{name} has not posted any works yet.',
    illustLabel: '{name}’s illustrations',
    illustEmpty: '{name} has not posted any illustrations yet.',
    mangaLabel: '{name}’s manga',
    mangaEmpty: '{name} has not posted any manga yet.',
  },
  novelsLabel: '{name}’s novels',
  novelsEmpty: '{name} has not posted any novels yet.',
  followersLabel: 'Followers of {name}',
  followersEmptySelf: 'Nobody follows you yet.',
  followersEmpty: 'Nobody follows {name} yet.',
  followingLabel: 'Users {name} follows',
  followingEmptySelf: 'You do not follow anyone here yet.',
  followingEmpty: '{name} does not follow anyone yet.',
  mutualsLabel: 'Mutual follows of {name}',
  mutualsEmptySelf: 'No mutual follows yet.',
  mutualsEmpty: '{name} has no mutual follows yet.',
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ users: messages })
export default messages
