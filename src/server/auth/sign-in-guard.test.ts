import { describe, expect, it } from 'vitest'
import { ApiError } from '../http/errors.ts'
import { RateLimiter, RequestLimits } from './rate-limit.ts'
import { HashGate, SIGN_IN_LIMITS, SignInThrottle } from './sign-in-guard.ts'

// The rules behind the sign-in limits and the request limiter, on a clock of the test's own (the HTTP behaviour is
// src/server/contract/sign-in.test.ts).

const T = 1_000_000

/** `n` wrong passwords for `account` from `address` at time `at`; answers how many were let through to hashing. */
function fail(t: SignInThrottle, account: string, address: string, n: number, at = T) {
  let through = 0
  for (let i = 0; i < n; i++) if (!('retryAfterS' in t.begin(account, address, at))) through++
  return through
}

describe('sign-in throttle', () => {
  it('refuses the 11th wrong password for an account from one address until the first is a minute old', () => {
    const t = new SignInThrottle()
    expect(fail(t, 'demo', 'a', 10)).toBe(10)
    const refused = t.begin('demo', 'a', T + 20_000)
    expect(refused).toEqual({ retryAfterS: 40 })
    // Account names count whatever their case.
    expect('retryAfterS' in t.begin('DEMO', 'a', T + 20_000)).toBe(true)
    expect('retryAfterS' in t.begin('demo', 'a', T + 60_001)).toBe(false)
  })

  it('a right password forgets that address’s failures for the account', () => {
    const t = new SignInThrottle()
    fail(t, 'demo', 'a', 9)
    const attempt = t.begin('demo', 'a', T)
    if ('retryAfterS' in attempt) throw new Error('refused')
    attempt.succeeded()
    expect(fail(t, 'demo', 'a', 10, T + 1)).toBe(10)
  })

  it('attempts in flight count until they succeed, so parallel guesses are held to the same number', () => {
    const t = new SignInThrottle()
    // 10 begun, none finished yet: the 11th is refused all the same.
    expect(fail(t, 'demo', 'a', 11)).toBe(10)
  })

  it('an attacker spread over many addresses locks the account only while failing, a minute at most after', () => {
    const t = new SignInThrottle()
    const perAddress = SIGN_IN_LIMITS.accountAddress
    const addresses = SIGN_IN_LIMITS.account / perAddress
    for (let i = 0; i < addresses; i++) expect(fail(t, 'demo', `attacker-${i}`, perAddress)).toBe(perAddress)
    // The owner, from their own address, waits out the minute (refusals add nothing to it)…
    expect('retryAfterS' in t.begin('demo', 'owner', T + 30_000)).toBe(true)
    expect('retryAfterS' in t.begin('demo', 'owner', T + 59_000)).toBe(true)
    // …and then signs in.
    expect('retryAfterS' in t.begin('demo', 'owner', T + 60_001)).toBe(false)
  })

  it('one address gets 30 wrong passwords a minute over all accounts', () => {
    const t = new SignInThrottle()
    for (let i = 0; i < 30; i++) expect(fail(t, `account-${i}`, 'a', 1)).toBe(1)
    expect('retryAfterS' in t.begin('another', 'a', T)).toBe(true)
    expect('retryAfterS' in t.begin('another', 'b', T)).toBe(false)
  })
})

describe('hash gate', () => {
  it('runs one task at a time, queues a few, and turns the rest away at once', async () => {
    const gate = new HashGate(1, 2)
    let running = 0
    let most = 0
    const task = async () => {
      most = Math.max(most, ++running)
      await new Promise((r) => setTimeout(r, 10))
      running--
      return true
    }
    const results = await Promise.all(Array.from({ length: 5 }, () => gate.run(task)))
    expect(results).toEqual([true, true, true, undefined, undefined])
    expect(most).toBe(1)
    // Free again afterwards.
    expect(await gate.run(task)).toBe(true)
  })
})

/**
 * How much longer `run(240_000)` takes than `run(60_000)`, each the fastest of three runs (a busy machine slows a run,
 * never speeds one up): about 4 when the work per address is constant, about 16 when it grows with the addresses held
 * (a rescan of every entry per new one). Both sizes are past the limiters' caps (50,000), so both prune. (With twice
 * the addresses, 2 against 4, a busy machine once measured 3.4 for a linear log.)
 */
function growth(run: (n: number) => void): number {
  const fastest = (n: number) => {
    let best = Number.POSITIVE_INFINITY
    for (let r = 0; r < 3; r++) {
      const started = performance.now()
      run(n)
      best = Math.min(best, performance.now() - started)
    }
    return best
  }
  const small = fastest(60_000)
  return fastest(240_000) / small
}
/** Four times the addresses may cost up to this many times the time: linear (4), far from quadratic (16). */
const LINEAR_AT_MOST = 8

describe('request limits', () => {
  const refusal = (f: () => void) => {
    try {
      f()
      return 0
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 429) throw e
      return Number(e.headers['Retry-After'])
    }
  }

  it('a caller over its own limit takes nothing from its address: neighbours keep their share', () => {
    const limits = new RequestLimits({ perSecond: 1, burst: 5 })
    for (let i = 0; i < 5; i++) expect(refusal(() => limits.charge('a', 1, T))).toBe(0)
    for (let i = 0; i < 50; i++) expect(refusal(() => limits.charge('a', 1, T))).toBeGreaterThan(0)
    // The address holds 4 callers' worth (20): 15 left for the others.
    let others = 0
    for (let u = 2; u < 10; u++) for (let i = 0; i < 5; i++) if (!refusal(() => limits.charge('a', u, T))) others++
    expect(others).toBe(15)
    expect(refusal(() => limits.admit('a', T))).toBeGreaterThan(0)
    expect(refusal(() => limits.admit('b', T))).toBe(0)
  })

  it('stays cheap and bounded under requests from very many addresses at once', () => {
    // Every bucket busy (none idle long enough to forget): pruning must not rescan them all for each new address.
    let limiter = new RateLimiter(1, 5)
    expect(
      growth((n) => {
        limiter = new RateLimiter(1, 5)
        for (let i = 0; i < n; i++) limiter.take(`addr-${i}`, T)
      }),
    ).toBeLessThan(LINEAR_AT_MOST)
    expect((limiter as unknown as { buckets: Map<string, unknown> }).buckets.size).toBeLessThanOrEqual(50_000)
  })

  it('the sign-in log stays cheap and bounded under guesses from very many addresses', () => {
    expect(
      growth((n) => {
        const t = new SignInThrottle()
        for (let i = 0; i < n; i++) t.begin(`nobody-${i}`, `addr-${i}`, T)
      }),
    ).toBeLessThan(LINEAR_AT_MOST)
  })
})
