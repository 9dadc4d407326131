// The signed-in session: tokens, their expiry and the account, persisted in localStorage. Access tokens live an hour;
// the session renews them shortly before they expire with the refresh token, which stays valid until signing out
// revokes it (as pixiv's do). Concurrent renewals share one request, and a tab finding fresher tokens that another
// tab stored adopts them instead of asking again.

import type { TokenResponse } from '../api/model.ts'
import { InvalidTokenError, TokenRequestError, type SignInRequiredError } from './api-error.ts'
import { DEFAULT_STORAGE_KEY } from './session-key.ts'

export interface SessionUser {
  id: number
  name: string
  account: string
  profileImageUrl: string
  /** The account's age setting: 0 all-ages only, 1 also R-18, 2 also R-18G. */
  xRestrict: number
  isPremium: boolean
}

export interface SessionState {
  accessToken: string
  refreshToken: string
  /** Epoch milliseconds when the access token stops working. */
  expiresAt: number
  user: SessionUser
}

export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface SessionOptions {
  /** Renews the tokens (the API client's `token({ grantType: 'refresh_token' })`). */
  refresh: (refreshToken: string) => Promise<TokenResponse>
  /** Revokes a refresh token on signing out (the API client's `revoke`); best-effort, its failure is ignored. */
  revoke?: (refreshToken: string) => Promise<unknown>
  /** Ends every session of the account (the API client's `revokeEverywhere`), for `signOutEverywhere`. */
  revokeEverywhere?: (refreshToken: string) => Promise<unknown>
  /** Where the session persists; null keeps it in memory. */
  storage?: SessionStorage | null
  storageKey?: string
  /** How long before expiry to renew. */
  refreshMarginMs?: number
  /** Also renew on a timer, so an idle tab wakes up with a valid token. */
  autoRefresh?: boolean
  now?: () => number
}

export { DEFAULT_STORAGE_KEY }
/** Five minutes: well inside the hour a token lives, and more than any sane clock skew or request time. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000

export interface Session {
  /** The current state, a stable object until it changes (fit for useSyncExternalStore). */
  get(): SessionState | null
  subscribe(listener: () => void): () => void
  /** Keeps a fresh token response (after signing in). */
  signIn(token: TokenResponse): SessionState
  signOut(): void
  /**
   * Ends every session of the account, on every device, then signs out here. Unlike `signOut` it waits for the
   * service: when that fails (offline), it throws and this device stays signed in, so the user can try again.
   */
  signOutEverywhere(): Promise<void>
  /** The session, renewed first when it expires within the margin; null when signed out. */
  refreshIfNeeded(): Promise<SessionState | null>
  /** Renews now (sharing a renewal already under way). */
  refresh(): Promise<SessionState | null>
  /** The access token to send, renewed first when needed; null when signed out. */
  getAccessToken(): Promise<string | null>
  /**
   * For the API client's `onUnauthorized`: after an "invalid token" answer, renew (or pick up tokens renewed
   * meanwhile) and say whether a retry makes sense.
   */
  handleUnauthorized(error: InvalidTokenError | SignInRequiredError, usedToken: string | null): Promise<boolean>
  /** Stops the timer and the storage listener. */
  dispose(): void
}

export function sessionFromToken(token: TokenResponse, now: number): SessionState {
  return {
    accessToken: token.accessToken,
    refreshToken: token.refreshToken,
    expiresAt: now + token.expiresIn * 1000,
    user: {
      id: token.user.id,
      name: token.user.name,
      account: token.user.account,
      profileImageUrl: token.user.profileImageUrls.px170x170,
      xRestrict: token.user.xRestrict,
      isPremium: token.user.isPremium,
    },
  }
}

function isSessionState(value: unknown): value is SessionState {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Partial<SessionState>
  return (
    typeof v.accessToken === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.expiresAt === 'number' &&
    typeof v.user === 'object' &&
    v.user !== null &&
    typeof v.user.id === 'number'
  )
}

export function createSession(options: SessionOptions): Session {
  const storage = options.storage ?? null
  const key = options.storageKey ?? DEFAULT_STORAGE_KEY
  const margin = options.refreshMarginMs ?? REFRESH_MARGIN_MS
  const now = options.now ?? Date.now
  const listeners = new Set<() => void>()
  let state: SessionState | null = read()
  let renewal: Promise<SessionState | null> | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  function read(): SessionState | null {
    try {
      const raw = storage?.getItem(key)
      if (!raw) return null
      const parsed: unknown = JSON.parse(raw)
      return isSessionState(parsed) ? parsed : null
    } catch {
      return null
    }
  }

  function write(next: SessionState | null) {
    try {
      if (next) storage?.setItem(key, JSON.stringify(next))
      else storage?.removeItem(key)
    } catch {
      // Storage full or disabled (private browsing): the session still works for this tab.
    }
  }

  function schedule() {
    clearTimeout(timer)
    timer = undefined
    if (!options.autoRefresh || !state) return
    const delay = Math.max(0, state.expiresAt - margin - now())
    timer = setTimeout(() => void refreshIfNeeded().catch(() => {}), delay)
  }

  function set(next: SessionState | null, persist = true) {
    if (next === state) return
    state = next
    if (persist) write(next)
    schedule()
    for (const listener of listeners) listener()
  }

  const fresh = (s: SessionState) => s.expiresAt - margin > now()

  /**
   * Tokens another tab renewed meanwhile, if the stored session is a newer one of the same account: a new sign-in
   * (another refresh token) or a later renewal of the same one.
   */
  function newerStored(than: SessionState): SessionState | null {
    const stored = read()
    if (!stored || stored.user.id !== than.user.id) return null
    return stored.refreshToken !== than.refreshToken || stored.expiresAt > than.expiresAt ? stored : null
  }

  function refresh(): Promise<SessionState | null> {
    if (renewal) return renewal
    const current = state
    if (!current) return Promise.resolve(null)
    renewal = (async () => {
      const adopted = newerStored(current)
      if (adopted && fresh(adopted)) {
        set(adopted, false)
        return adopted
      }
      const using = adopted ?? current
      try {
        const next = sessionFromToken(await options.refresh(using.refreshToken), now())
        // Signed out (or in as someone else) while the request ran: keep that decision.
        if (!state || state.user.id !== using.user.id) return state
        set(next)
        return next
      } catch (error) {
        if (error instanceof TokenRequestError) {
          // Another tab may have used the refresh token first; its tokens are in storage.
          const raced = newerStored(using)
          if (raced) {
            set(raced, false)
            return raced
          }
          if (state && state.user.id === using.user.id) set(null)
          return null
        }
        throw error
      }
    })().finally(() => {
      renewal = null
    })
    return renewal
  }

  async function refreshIfNeeded(): Promise<SessionState | null> {
    if (!state) return null
    if (fresh(state)) return state
    try {
      return await refresh()
    } catch (error) {
      // Renewal failed for a passing reason (offline): a token that has not yet expired still works.
      if (state && state.expiresAt > now()) return state
      throw error
    }
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return
    set(read(), false)
  }
  const listening = storage !== null && typeof window !== 'undefined'
  if (listening) window.addEventListener('storage', onStorage)
  schedule()

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    signIn(token) {
      const next = sessionFromToken(token, now())
      set(next)
      return next
    },
    signOut() {
      const current = state
      set(null)
      // The refresh token must stop working, not only be forgotten here; offline, it lapses unused in time.
      if (current && options.revoke) options.revoke(current.refreshToken).catch(() => {})
    },
    async signOutEverywhere() {
      const current = state
      if (!current) return
      if (!options.revokeEverywhere) throw new Error('signing out everywhere is not available')
      await options.revokeEverywhere(current.refreshToken)
      if (state && state.user.id === current.user.id) set(null)
    },
    refreshIfNeeded,
    refresh,
    async getAccessToken() {
      return (await refreshIfNeeded())?.accessToken ?? null
    },
    async handleUnauthorized(error, usedToken) {
      if (!(error instanceof InvalidTokenError) || !state) return false
      // Renewed since that request left: just retry with the new token.
      if (usedToken !== null && state.accessToken !== usedToken) return true
      try {
        return (await refresh()) !== null
      } catch {
        return false
      }
    },
    dispose() {
      clearTimeout(timer)
      if (listening) window.removeEventListener('storage', onStorage)
      listeners.clear()
    },
  }
}
