// English messages of the newest works' page (src/app/routes/newest-page.tsx), which loads with its own code: the
// source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  title: 'Newest',
  illustrations: 'Newest illustrations',
  manga: 'Newest manga',
  worksEmpty: 'No works yet.',
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ newest: messages })
export default messages
