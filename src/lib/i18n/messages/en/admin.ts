// English messages of the settings' administration (admins only): the source catalogue (see src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
import { plural } from '../../catalogue.ts'
const messages = {
  title: 'Administration',
  mode: {
    legend: 'Who can create an account',
    description: 'Saved at once. New accounts are members; only admins see this section.',
    open: 'Anyone',
    invite: 'With an invite link',
    closed: 'Nobody',
    notSaved: 'The change was not saved: {reason}',
  },
  invites: {
    title: 'Invite links',
    description: 'Each link makes one account, then stops working. Send it to the person you invite.',
    expiry: 'The link works for',
    days: plural({ one: '{count} day', other: '{count} days' }),
    create: 'Create invite link',
    creating: 'Creating…',
    failed: 'The invite link was not created: {reason}',
    link: 'Invite link',
    once: 'Copy it now: it is shown only this once.',
    until: 'Whoever opens it can make one account until {date}.',
    copyFailed: 'Could not copy automatically. The link is selected: copy it with your keyboard or menu.',
    listTitle: 'Invites made',
    none: 'No invites yet.',
    created: 'Created <time>{when}</time>',
    expires: 'Expires <time>{when}</time>',
    expiredAt: 'Expired <time>{when}</time>',
    unused: 'Unused',
    expired: 'Expired',
    usedBy: 'Used by <user>@{account}</user> <time>{when}</time>',
    withdraw: 'Withdraw',
    withdrawInvite: 'Withdraw the invite created {when}',
    notWithdrawn: 'The invite was not withdrawn: {reason}',
    showAll: 'Show all {count} invites',
  },
  moderation: {
    title: 'Moderation',
    description: 'Reports from members, hidden works, novels and comments, suspended accounts, and the log.',
    open: 'Open moderation',
  },
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ admin: messages })
export default messages
