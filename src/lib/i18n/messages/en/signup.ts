// English messages of signing up: the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
import { plural } from '../../catalogue.ts'
const messages = {
  title: 'Create an account',
  signedInAs: 'You are signed in as <name>{name}</name>. A new account replaces this sign-in here.',
  firstAccount:
    'No account exists here yet: this one will be the admin, who chooses who may sign up and invites others.',
  closed: 'Sign-up is closed here: no new accounts are being made.',
  inviteNeeded: 'Accounts here are made by invitation: ask an admin for an invite link.',
  inviteUsed: 'This invite link has already been used. Ask an admin for a new one.',
  inviteExpired: 'This invite link has expired. Ask an admin for a new one.',
  inviteUnknown: 'This invite link is not known. Check that it was copied whole, or ask an admin for a new one.',
  inviteCode: 'Invite link or code',
  useInvite: 'Use invite',
  accountHint: '3 to 32 characters: lowercase letters a–z, digits, _ and -. It names you in links to your profile.',
  name: 'Display name',
  nameHint: 'Shown with your works and comments; up to {count} characters.',
  passwordHint: plural({ one: 'At least {count} character.', other: 'At least {count} characters.' }),
  submit: 'Create account',
  creating: 'Creating account…',
  created: 'Your account was created. Welcome!',
  failed: 'The account was not created. Please try again.',
  haveAccount: 'Already have an account? <link>Sign in</link>',
  errors: {
    accountInvalid: 'Use 3 to 32 characters: lowercase letters a–z, digits, _ and -.',
    accountTaken: 'That account name is taken. Please choose another.',
    nameRequired: 'Enter a display name.',
    nameInvalid: 'The display name must not contain control characters.',
    nameTooLong: plural({
      one: 'The display name can have at most {count} character.',
      other: 'The display name can have at most {count} characters.',
    }),
    passwordTooShort: plural({
      one: 'The password must have at least {count} character.',
      other: 'The password must have at least {count} characters.',
    }),
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ signup: messages })
export default messages
