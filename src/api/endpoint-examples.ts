// Valid requests of the table's entries (endpoints.ts) where the values derived from their parameters' kinds are not
// enough: what the bad-input contract test and the fuzzer start from (src/server/testing/endpoints.ts). Beside the
// table, not in it: the gallery imports the table, and its bundle would carry these for nothing.

import type { EndpointName, Endpoints } from './endpoints.ts'

type Example<N extends EndpointName> = Partial<
  Record<
    {
      [K in keyof Endpoints[N]['params'] & string]: Endpoints[N]['params'][K] extends { kind: 'list' } ? `${K}[]` : K
    }[keyof Endpoints[N]['params'] & string],
    string
  >
>

export const ENDPOINT_EXAMPLES: { readonly [N in EndpointName]?: Example<N> } = {
  follow: { user_id: '2' },
  unfollow: { user_id: '2' },
  editAiShowSettings: { show_ai: 'true' },
  editMutes: { 'add_user_ids[]': '2' },
  token: { grant_type: 'password', username: 'demo', password: 'demo' },
  revokeSession: { session_id: '1' },
  addSession: { client: 'gallery-dl', password: 'demo' },
  changePassword: { current_password: 'demo', new_password: 'a new passphrase' },
  signUp: { account: 'newcomer', name: 'Newcomer', password: 'a new passphrase' },
  editRegistration: { mode: 'invite' },
  editProfile: { name: 'Demo', account: 'demo', comment: 'Hello', webpage: 'https://example.com/' },
  revokeInvite: { invite_id: '1' },
}
