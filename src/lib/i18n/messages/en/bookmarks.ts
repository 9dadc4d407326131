// English messages of the bookmark lists: the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  kind: 'Kind of bookmark',
  tag: 'Tag',
  all: 'All bookmarks',
  empty: 'No bookmarks yet.',
  emptyTagged: 'No bookmarks tagged “{tag}”.',
  novelsEmpty: 'No novel bookmarks yet.',
  novelsEmptyTagged: 'No novels bookmarked with “{tag}”.',
  label: {
    yours: 'Your bookmarks',
    yoursPrivate: 'Your private bookmarks',
    theirs: '{name}’s bookmarks',
    theirsPrivate: '{name}’s private bookmarks',
    yoursNovels: 'Your novel bookmarks',
    yoursPrivateNovels: 'Your private novel bookmarks',
    theirsNovels: '{name}’s novel bookmarks',
    theirsPrivateNovels: '{name}’s private novel bookmarks',
    tagged: '{label} tagged {tag}',
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ bookmarks: messages })
export default messages
