import { ApiError } from '../http/errors.ts'

// A token bucket per key (an address, an account): `perSecond` refill, `burst` capacity.

/** Buckets kept at most (a few MB). */
const MAX_BUCKETS = 50_000

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()
  private readonly perSecond: number
  private readonly burst: number

  constructor(perSecond: number, burst: number) {
    this.perSecond = perSecond
    this.burst = burst
  }

  private bucket(key: string, nowMs: number) {
    let b = this.buckets.get(key)
    if (!b) {
      if (this.buckets.size >= MAX_BUCKETS) this.prune(nowMs)
      b = { tokens: this.burst, at: nowMs }
      this.buckets.set(key, b)
    }
    b.tokens = Math.min(this.burst, b.tokens + ((nowMs - b.at) / 1000) * this.perSecond)
    b.at = nowMs
    return b
  }

  private waitOf(tokens: number) {
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perSecond))
  }

  /** 0 when the key's bucket has a request left (taking nothing), else the whole seconds to wait. */
  peek(key: string, nowMs: number): number {
    return this.waitOf(this.bucket(key, nowMs).tokens)
  }

  /** 0 when the request may go ahead (one taken from the key's bucket), else the whole seconds to wait. */
  take(key: string, nowMs: number): number {
    const b = this.bucket(key, nowMs)
    const wait = this.waitOf(b.tokens)
    if (!wait) b.tokens -= 1
    return wait
  }

  /**
   * Forgets full buckets (idle long enough to have refilled); if that is not enough (a flood from very many
   * addresses), the longest-known ones too, down to 90 % of the cap, so pruning runs once per many new keys rather
   * than on each.
   */
  private prune(nowMs: number) {
    for (const [k, b] of this.buckets) if (nowMs - b.at > (this.burst / this.perSecond) * 1000) this.buckets.delete(k)
    for (const k of this.buckets.keys()) {
      if (this.buckets.size <= MAX_BUCKETS * 0.9) break
      this.buckets.delete(k)
    }
  }
}

/**
 * How many callers an address is expected to hold (a household or an office behind one NAT): its bucket is this many
 * callers' limit. Tokens are free to get, so without a bucket per address one client with 8 tokens had 8× the limit;
 * with it, any number of tokens on one address share this.
 */
export const CALLERS_PER_ADDRESS = 4

/**
 * The API's request limits. Every request counts against its address's bucket (CALLERS_PER_ADDRESS × the limit), and
 * against its caller's: the account's for a signed-in caller (wherever it asks from), else the address's anonymous
 * bucket (the limit itself), which also holds requests with a bad token. The address is checked before the token is
 * looked at, so a flood of made-up tokens is limited like any other. A request refused by one bucket takes from
 * none, so a caller over its own limit does not use up its neighbours' share of the address.
 */
export class RequestLimits {
  private readonly addresses: RateLimiter
  private readonly callers: RateLimiter

  constructor(limit: { perSecond: number; burst: number }) {
    this.addresses = new RateLimiter(limit.perSecond * CALLERS_PER_ADDRESS, limit.burst * CALLERS_PER_ADDRESS)
    this.callers = new RateLimiter(limit.perSecond, limit.burst)
  }

  /** Before the token is read: refuses when the address has nothing left. */
  admit(address: string, nowMs = Date.now()) {
    refuseAfter(this.addresses.peek(address, nowMs))
  }

  /** Counts the request against the address and the caller (0: anonymous, or a bad token); refuses past either. */
  charge(address: string, userId: number, nowMs = Date.now()) {
    const callerKey = userId ? `u${userId}` : `a${address}`
    refuseAfter(Math.max(this.addresses.peek(address, nowMs), this.callers.peek(callerKey, nowMs)))
    this.addresses.take(address, nowMs)
    this.callers.take(callerKey, nowMs)
  }
}

function refuseAfter(wait: number) {
  if (wait)
    throw new ApiError(429, 'Rate Limit', 'Too many requests. Please wait a moment.', { 'Retry-After': String(wait) })
}
