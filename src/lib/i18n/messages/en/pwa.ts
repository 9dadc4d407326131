// English messages of the installed app (offline, updates): the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  offline: "You're offline. Pages you opened before still work; anything new loads when you're back online.",
  updateAvailable: 'Update available',
  newVersion: 'A new version of Easel is available.',
  failed: 'It could not be started; try again, or reload the page.',
  reloadToUse: 'Reload to use it.',
  later: 'Later',
  reloading: 'Reloading…',
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ pwa: messages })
export default messages
