// The gallery's account client (account-client.ts) over its one transport (api.ts): for the screens that manage the
// account, which load it with their own code.

import { createAccountClient } from './account-client.ts'
import { api, session } from './api.ts'

export const accountApi = createAccountClient(api, {
  getToken: () => session.getAccessToken(),
  onUnauthorized: (error, { token }) => session.handleUnauthorized(error, token),
})
