// What stands between the password grant and a guesser: limits on wrong passwords per account and per address, and a
// gate that runs one scrypt at a time so guesses cannot starve everyone else.

import { QueueFull, Semaphore } from '../semaphore.ts'

/**
 * Wrong passwords allowed within WINDOW_S, counted over a sliding minute:
 * - `accountAddress`: for one account from one address. The 11th within the minute is refused, right or wrong.
 * - `address`: from one address over all accounts, so one address cannot spread guesses across many accounts.
 * - `account`: for one account from all addresses, against guessing from many addresses.
 *
 * The trade-off, an attacker locking a real user out: the limit that stops a guesser at one address counts only that
 * address, so failures from elsewhere never block the real user's sign-in from their own address. Only the looser
 * per-account limit counts every address; reaching it takes `account` wrong passwords within a minute (from at least
 * `account / address` addresses), and it holds the account only while they keep coming: each refusal is answered
 * before any hashing and adds nothing to the count, so the lockout ends a minute after the attacker stops. Someone
 * with that many addresses can keep one account locked; the alternative, no global limit, lets them guess without
 * bound. Attempts still in flight count as failures until they succeed, so a burst of parallel guesses is held to
 * the same numbers.
 */
export const SIGN_IN_LIMITS = { windowS: 60, accountAddress: 10, address: 30, account: 100 }

/** Keys (account and address pairs, addresses, accounts) remembered at most: some tens of MB. */
const MAX_KEYS = 100_000

/** A log of attempt times (ms) per key, over the last window. */
class AttemptLog {
  private readonly times = new Map<string, number[]>()
  private readonly windowMs: number

  constructor(windowS: number) {
    this.windowMs = windowS * 1000
  }

  /** The key's attempts within the window (older ones forgotten). */
  recent(key: string, nowMs: number): number[] {
    const list = this.times.get(key)
    if (!list) return []
    while (list.length > 0 && list[0]! <= nowMs - this.windowMs) list.shift()
    if (list.length === 0) this.times.delete(key)
    return list
  }

  add(key: string, nowMs: number) {
    // Bounded: at the cap, keys whose attempts have all aged out are dropped, then (a flood from very many addresses)
    // the longest-known down to 90 % of it, so this runs once per many new keys rather than on each.
    if (this.times.size >= MAX_KEYS) {
      for (const k of [...this.times.keys()]) this.recent(k, nowMs)
      for (const k of this.times.keys()) {
        if (this.times.size <= MAX_KEYS * 0.9) break
        this.times.delete(k)
      }
    }
    const list = this.times.get(key)
    if (list) list.push(nowMs)
    else this.times.set(key, [nowMs])
  }

  /** Takes back one attempt recorded at `at` (it succeeded, or never ran). */
  remove(key: string, at: number) {
    const list = this.times.get(key)
    const i = list ? list.lastIndexOf(at) : -1
    if (i >= 0) list!.splice(i, 1)
    if (list?.length === 0) this.times.delete(key)
  }

  clear(key: string) {
    this.times.delete(key)
  }

  /** Whole seconds until the key has fewer than `max` attempts in the window (at least 1). */
  waitFor(key: string, max: number, nowMs: number): number {
    const list = this.recent(key, nowMs)
    const freeing = list[list.length - max]!
    return Math.max(1, Math.ceil((freeing + this.windowMs - nowMs) / 1000))
  }
}

export interface SignInAttempt {
  /** The password was right: the attempt is taken back, and the account's failures from this address forgotten. */
  succeeded(): void
  /** The password was never checked (the gate was full): the attempt is taken back. */
  withdrawn(): void
}

export class SignInThrottle {
  private readonly log: AttemptLog
  private readonly limits: typeof SIGN_IN_LIMITS

  constructor(limits = SIGN_IN_LIMITS) {
    this.limits = limits
    this.log = new AttemptLog(limits.windowS)
  }

  /**
   * Starts a password attempt: the seconds to wait when a limit is reached (nothing recorded), else the attempt,
   * counted as a failure until it says otherwise. Unknown accounts are counted like known ones, so the limits do not
   * tell them apart either.
   */
  begin(account: string, address: string, nowMs = Date.now()): SignInAttempt | { retryAfterS: number } {
    const name = account.toLowerCase()
    const keys: [string, number][] = [
      [`p\n${name}\n${address}`, this.limits.accountAddress],
      [`i\n${address}`, this.limits.address],
      [`a\n${name}`, this.limits.account],
    ]
    const waits = keys.map(([k, max]) =>
      this.log.recent(k, nowMs).length >= max ? this.log.waitFor(k, max, nowMs) : 0,
    )
    const wait = Math.max(...waits)
    if (wait > 0) return { retryAfterS: wait }
    for (const [k] of keys) this.log.add(k, nowMs)
    const takeBack = () => {
      for (const [k] of keys) this.log.remove(k, nowMs)
    }
    return {
      succeeded: () => {
        takeBack()
        this.log.clear(keys[0]![0])
      },
      withdrawn: takeBack,
    }
  }
}

/** Sign-ups one address may try in an hour: a household or a class behind one address fits, a script making accounts does not. */
export const SIGN_UP_LIMITS = { windowS: 3600, address: 20 }

/** Counts sign-up attempts per address (every attempt: each costs a password hash). */
export class SignUpThrottle {
  private readonly log: AttemptLog
  private readonly limits: typeof SIGN_UP_LIMITS

  constructor(limits = SIGN_UP_LIMITS) {
    this.limits = limits
    this.log = new AttemptLog(limits.windowS)
  }

  /** Records an attempt; or, at the limit, the seconds to wait (nothing recorded). */
  begin(address: string, nowMs = Date.now()): { retryAfterS: number } | undefined {
    const key = `u\n${address}`
    if (this.log.recent(key, nowMs).length >= this.limits.address)
      return { retryAfterS: this.log.waitFor(key, this.limits.address, nowMs) }
    this.log.add(key, nowMs)
    return undefined
  }
}

/**
 * Runs password hashes `concurrency` at a time with at most `maxQueue` waiting. scrypt runs on libuv's thread pool
 * (4 threads), which file reads and compression share: unbounded, a stream of guesses took every thread and slowed
 * every other request. Past the queue, `run` answers undefined at once (the caller answers 503).
 */
export class HashGate {
  private readonly slots: Semaphore

  constructor(concurrency = 1, maxQueue = 32) {
    this.slots = new Semaphore(concurrency, maxQueue)
  }

  async run<T>(task: () => Promise<T>): Promise<T | undefined> {
    try {
      return await this.slots.run(task)
    } catch (err) {
      if (err instanceof QueueFull) return undefined
      throw err
    }
  }
}
