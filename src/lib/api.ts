// The app's API client and session: the service on the page's own origin, tokens from localStorage.

import { createApiClient } from './api-client.ts'
import { readInitialAnswers } from './initial-answers.ts'
import { createSession, type SessionState } from './session.ts'

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Access to localStorage can throw (storage disabled by policy).
    return null
  }
}

export const session = createSession({
  storage: browserStorage(),
  autoRefresh: true,
  refresh: (refreshToken) => api.token({ grantType: 'refresh_token', refreshToken }),
  revoke: (refreshToken) => api.revokeToken(refreshToken),
  revokeEverywhere: (refreshToken) => api.revokeEverywhere(refreshToken),
})

export const api = createApiClient({
  baseUrl: '',
  // The answers the service wrote into the page, for an anonymous viewer (initial-answers.ts).
  initialAnswers: readInitialAnswers(session.get() !== null),
  getToken: () => session.getAccessToken(),
  onUnauthorized: (error, { token }) => session.handleUnauthorized(error, token),
})

/** Signs in with account and password and keeps the session. Throws TokenRequestError on bad credentials. */
export async function signIn(username: string, password: string, signal?: AbortSignal): Promise<SessionState> {
  return session.signIn(await api.token({ grantType: 'password', username, password }, { signal }))
}
