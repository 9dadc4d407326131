// The gallery's posting client (posting-client.ts) over its one transport and session (api.ts): for the posting
// screens, which load it with their own code.

import { api, session } from './api.ts'
import { createPostingClient } from './posting-client.ts'

export const postingApi = createPostingClient(api, {
  getToken: () => session.getAccessToken(),
  onUnauthorized: (error, { token }) => session.handleUnauthorized(error, token),
})
