// English messages of signing in: the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  title: 'Sign in to Easel',
  signedInAs: 'You are signed in as <name>{name}</name>.',
  continue: 'Continue',
  demo: 'The demo account is <account>demo</account> with the password <password>demo</password>.',
  browse: 'Browse without signing in',
  account: 'Account name',
  password: 'Password',
  signingIn: 'Signing in…',
  failed: 'Signing in failed. Please try again.',
  createAccount: 'Create an account',
  suspended: 'This account is suspended. Contact the admins of this site.',
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ auth: messages })
export default messages
