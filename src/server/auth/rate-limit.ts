// A token bucket per key (a user id or an IP): `perSecond` refill, `burst` capacity.

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()
  private readonly perSecond: number
  private readonly burst: number

  constructor(perSecond: number, burst: number) {
    this.perSecond = perSecond
    this.burst = burst
  }

  /** 0 when the request may go ahead, else the whole seconds to wait. */
  take(key: string, nowMs: number): number {
    let b = this.buckets.get(key)
    if (!b) {
      if (this.buckets.size > 50_000) this.prune(nowMs)
      b = { tokens: this.burst, at: nowMs }
      this.buckets.set(key, b)
    }
    b.tokens = Math.min(this.burst, b.tokens + ((nowMs - b.at) / 1000) * this.perSecond)
    b.at = nowMs
    if (b.tokens >= 1) {
      b.tokens -= 1
      return 0
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.perSecond))
  }

  private prune(nowMs: number) {
    for (const [k, b] of this.buckets) if (nowMs - b.at > (this.burst / this.perSecond) * 1000) this.buckets.delete(k)
  }
}
