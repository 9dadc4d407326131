// English messages of signing in: the source catalogue (see src/lib/i18n/i18n.ts).
export default {
  title: 'Sign in to Easel',
  signedInAs: 'You are signed in as <name>{name}</name>.',
  continue: 'Continue',
  demo: 'The demo account is <account>demo</account> with the password <password>demo</password>.',
  browse: 'Browse without signing in',
  account: 'Account name',
  password: 'Password',
  signingIn: 'Signing in…',
  failed: 'Signing in failed. Please try again.',
}
