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
 * New addresses past a limiter's cap: how many are sent, and the cap. At the cap, a limiter scans what it holds once and
 * drops a tenth of the cap, so the next scan is a tenth of the cap of new entries later: at most ten entries scanned
 * per new one, however many come. These tests count that work instead of timing it: a ratio of run times (four times
 * the addresses within eight times the time) compared a run that hardly pruned with one that did little else, and
 * measured 8.3 on an idle machine for a limiter that is linear.
 */
const FLOOD = 240_000

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
    const limiter = new RateLimiter(1, 5)
    const state = limiter as unknown as { buckets: Map<string, unknown>; prune(nowMs: number): void }
    const cap = 50_000
    let scanned = 0
    const prune = state.prune.bind(limiter)
    state.prune = (nowMs) => {
      scanned += state.buckets.size
      prune(nowMs)
    }
    for (let i = 0; i < FLOOD; i++) limiter.take(`addr-${i}`, T)
    expect(state.buckets.size).toBeLessThanOrEqual(cap)
    expect(scanned).toBeGreaterThan(0)
    expect(scanned / FLOOD, 'entries scanned per new address').toBeLessThanOrEqual(10)
  })

  it('the sign-in log stays cheap and bounded under guesses from very many addresses', () => {
    const throttle = new SignInThrottle()
    const log = (
      throttle as unknown as { log: { times: Map<string, number[]>; recent(k: string, n: number): number[] } }
    ).log
    // Each guess reads its three keys (account and address, address, account); pruning reads every key it holds.
    let reads = 0
    const recent = log.recent.bind(log)
    log.recent = (key, nowMs) => {
      reads++
      return recent(key, nowMs)
    }
    for (let i = 0; i < FLOOD; i++) throttle.begin(`nobody-${i}`, `addr-${i}`, T)
    expect(log.times.size).toBeLessThanOrEqual(100_000)
    // three new keys per guess, each at most ten reads of pruning, besides the guess's own three
    expect(reads / FLOOD, 'keys read per guess').toBeLessThanOrEqual(3 + 3 * 10)
    expect(reads).toBeGreaterThan(3 * FLOOD)
  })
})
