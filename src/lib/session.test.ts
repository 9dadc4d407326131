import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TokenResponse } from '../api/model.ts'
import { InvalidTokenError, NetworkError, SignInRequiredError, TokenRequestError } from './api-error.ts'
import { createSession, DEFAULT_STORAGE_KEY, type Session, type SessionOptions } from './session.ts'

const MINUTE = 60_000
const T0 = Date.parse('2025-03-01T00:00:00Z')

const token = (n: number, userId = 42): TokenResponse => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  expiresIn: 3600,
  tokenType: 'bearer',
  scope: '',
  user: {
    id: userId,
    name: 'Demo',
    account: 'demo',
    mailAddress: '',
    isPremium: false,
    xRestrict: 1,
    isMailAuthorized: true,
    requirePolicyAgreement: false,
    profileImageUrls: { px16x16: 'a', px50x50: 'b', px170x170: 'c' },
  },
})

function memoryStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

let sessions: Session[] = []
function make(options: Partial<SessionOptions> & Pick<SessionOptions, 'refresh'>) {
  const session = createSession(options)
  sessions.push(session)
  return session
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(T0)
})

afterEach(() => {
  for (const s of sessions) s.dispose()
  sessions = []
  vi.useRealTimers()
})

describe('session', () => {
  it('persists a sign-in and restores it from storage', () => {
    const storage = memoryStorage()
    const a = make({ storage, refresh: vi.fn() })
    const state = a.signIn(token(1))
    expect(state).toMatchObject({ accessToken: 'access-1', expiresAt: T0 + 3600_000, user: { id: 42, xRestrict: 1 } })
    const b = make({ storage, refresh: vi.fn() })
    expect(b.get()).toEqual(state)
    b.signOut()
    expect(storage.map.has(DEFAULT_STORAGE_KEY)).toBe(false)
  })

  it('signing out revokes the refresh token, best-effort (a failed revoke still signs out)', async () => {
    const revoke = vi.fn(async () => {
      throw new NetworkError({ message: 'offline', url: '/auth/revoke' })
    })
    const session = make({ refresh: vi.fn(), revoke })
    session.signIn(token(1))
    session.signOut()
    expect(session.get()).toBeNull()
    expect(revoke).toHaveBeenCalledWith('refresh-1')
    await Promise.resolve()
    session.signOut() // already signed out: nothing to revoke
    expect(revoke).toHaveBeenCalledTimes(1)
  })

  it('signing out everywhere ends every session at the service first, then this one; offline it stays', async () => {
    const revokeEverywhere = vi.fn(async () => {})
    const session = make({ refresh: vi.fn(), revokeEverywhere })
    session.signIn(token(1))
    await session.signOutEverywhere()
    expect(revokeEverywhere).toHaveBeenCalledWith('refresh-1')
    expect(session.get()).toBeNull()

    const offline = make({
      refresh: vi.fn(),
      revokeEverywhere: async () => {
        throw new NetworkError({ message: 'offline', url: '/auth/revoke' })
      },
    })
    offline.signIn(token(2))
    await expect(offline.signOutEverywhere()).rejects.toBeInstanceOf(NetworkError)
    // The other sessions may be alive still: this one is kept, so the user can try again.
    expect(offline.get()?.refreshToken).toBe('refresh-2')
  })

  it('adopts a later renewal another tab stored with the same (reusable) refresh token', async () => {
    const storage = memoryStorage()
    const a = make({ storage, refresh: async () => ({ ...token(2), refreshToken: 'refresh-1' }) })
    a.signIn(token(1))
    const refreshB = vi.fn(async () => token(3))
    const b = make({ storage, refresh: refreshB })
    vi.setSystemTime(T0 + 58 * MINUTE)
    expect(await a.getAccessToken()).toBe('access-2')
    expect(await b.getAccessToken()).toBe('access-2')
    expect(refreshB).not.toHaveBeenCalled()
  })

  it('ignores a corrupt stored session', () => {
    const storage = memoryStorage()
    storage.setItem(DEFAULT_STORAGE_KEY, '{"accessToken": 1')
    expect(make({ storage, refresh: vi.fn() }).get()).toBeNull()
  })

  it('refreshes only within five minutes of expiry', async () => {
    const refresh = vi.fn(async () => token(2))
    const session = make({ refresh })
    session.signIn(token(1))

    vi.setSystemTime(T0 + 54 * MINUTE)
    expect(await session.getAccessToken()).toBe('access-1')
    expect(refresh).not.toHaveBeenCalled()

    vi.setSystemTime(T0 + 55 * MINUTE + 1)
    expect(await session.getAccessToken()).toBe('access-2')
    expect(refresh).toHaveBeenCalledExactlyOnceWith('refresh-1')
    expect(session.get()?.expiresAt).toBe(T0 + 55 * MINUTE + 1 + 3600_000)
  })

  it('shares one renewal between concurrent callers', async () => {
    let resolve!: (t: TokenResponse) => void
    const refresh = vi.fn(() => new Promise<TokenResponse>((r) => (resolve = r)))
    const session = make({ refresh })
    session.signIn(token(1))
    vi.setSystemTime(T0 + 58 * MINUTE)
    const tokens = Promise.all([session.getAccessToken(), session.getAccessToken(), session.refreshIfNeeded()])
    resolve(token(2))
    const [a, b, c] = await tokens
    expect([a, b, c?.accessToken]).toEqual(['access-2', 'access-2', 'access-2'])
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('renews on a timer five minutes before expiry when autoRefresh is on', async () => {
    const refresh = vi.fn(async () => token(2))
    const session = make({ refresh, autoRefresh: true })
    session.signIn(token(1))
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 1)
    expect(refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(session.get()?.accessToken).toBe('access-2')
    // And again for the renewed token.
    await vi.advanceTimersByTimeAsync(55 * MINUTE)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it('signs out when the refresh token is refused, and tells subscribers', async () => {
    const storage = memoryStorage()
    const refresh = vi.fn(async () => {
      throw new TokenRequestError({ status: 400, error: 'invalid_grant', code: 1508 })
    })
    const session = make({ storage, refresh })
    session.signIn(token(1))
    const listener = vi.fn()
    session.subscribe(listener)
    vi.setSystemTime(T0 + 59 * MINUTE)
    expect(await session.getAccessToken()).toBeNull()
    expect(session.get()).toBeNull()
    expect(storage.map.has(DEFAULT_STORAGE_KEY)).toBe(false)
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('keeps a still-valid token when renewal fails for a passing reason, and fails once it expired', async () => {
    const refresh = vi.fn(async () => {
      throw new NetworkError({})
    })
    const session = make({ refresh })
    session.signIn(token(1))
    vi.setSystemTime(T0 + 58 * MINUTE)
    expect(await session.getAccessToken()).toBe('access-1')
    vi.setSystemTime(T0 + 61 * MINUTE)
    await expect(session.getAccessToken()).rejects.toBeInstanceOf(NetworkError)
    expect(session.get()).not.toBeNull()
  })

  it("adopts another tab's renewed tokens instead of reusing a spent refresh token", async () => {
    const storage = memoryStorage()
    const refreshA = vi.fn(async () => token(2))
    const refreshB = vi.fn(async () => token(3))
    const a = make({ storage, refresh: refreshA })
    a.signIn(token(1))
    const b = make({ storage, refresh: refreshB })
    vi.setSystemTime(T0 + 58 * MINUTE)
    expect(await a.getAccessToken()).toBe('access-2')
    // Tab B still holds refresh-1 in memory (no storage event in this test); it finds refresh-2 in storage.
    expect(await b.getAccessToken()).toBe('access-2')
    expect(refreshB).not.toHaveBeenCalled()
  })

  it('after a refused refresh, picks up tokens another tab stored meanwhile', async () => {
    const storage = memoryStorage()
    const session = make({
      storage,
      refresh: async () => {
        // The other tab won the race with the same refresh token.
        storage.setItem(
          DEFAULT_STORAGE_KEY,
          JSON.stringify({ ...session.get(), accessToken: 'other', refreshToken: 'r9' }),
        )
        throw new TokenRequestError({ status: 400, error: 'invalid_grant', code: 1508 })
      },
    })
    session.signIn(token(1))
    vi.setSystemTime(T0 + 58 * MINUTE)
    expect(await session.getAccessToken()).toBe('other')
  })

  it('handleUnauthorized renews after an invalid token and retries at once if renewed meanwhile', async () => {
    const refresh = vi.fn(async () => token(2))
    const session = make({ refresh })
    const invalid = new InvalidTokenError({ status: 400 })
    expect(await session.handleUnauthorized(invalid, null)).toBe(false)

    session.signIn(token(1))
    expect(await session.handleUnauthorized(invalid, 'access-1')).toBe(true)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(session.get()?.accessToken).toBe('access-2')

    expect(await session.handleUnauthorized(invalid, 'access-1')).toBe(true)
    expect(refresh).toHaveBeenCalledTimes(1)

    expect(await session.handleUnauthorized(new SignInRequiredError({ status: 400 }), null)).toBe(false)
  })
})
