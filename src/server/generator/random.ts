// Seeded randomness for the generator. Everything the catalogue contains comes from these streams,
// so the same seed gives the same catalogue on every machine (no Math.random, no clocks).

/** 32-bit FNV-1a of a string; names a stream so phases don't shift each other's numbers. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** splitmix32: spreads a seed over the four sfc32 state words. */
function splitmix32(x: number): () => number {
  let s = x >>> 0
  return () => {
    s = (s + 0x9e3779b9) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
}

/** sfc32 PRNG with the helpers the generator needs. */
export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(seed: number, stream = '') {
    const mix = splitmix32((seed >>> 0) ^ fnv1a(stream) ^ Math.floor(seed / 0x100000000))
    this.a = mix()
    this.b = mix()
    this.c = mix()
    this.d = mix() | 1
    for (let i = 0; i < 12; i++) this.u32()
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** uniform in [0, 1) */
  next(): number {
    return this.u32() / 4294967296
  }

  /** integer in [lo, hi], both inclusive */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.next() * arr.length)] as T
  }

  /** standard normal (Box–Muller) */
  normal(): number {
    const u = 1 - this.next()
    const v = this.next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }

  logNormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal())
  }

  /** index drawn from probabilities that sum to 1 (the last bucket takes the rounding rest) */
  bucket(probs: readonly number[]): number {
    let r = this.next()
    for (let i = 0; i < probs.length - 1; i++) {
      r -= probs[i]!
      if (r < 0) return i
    }
    return probs.length - 1
  }

  shuffle<T>(arr: T[]): T[] {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const t = arr[i] as T
      arr[i] = arr[j] as T
      arr[j] = t
    }
    return arr
  }

  /** k distinct items of arr, in arr's order */
  sample<T>(arr: readonly T[], k: number): T[] {
    if (k >= arr.length) return arr.slice()
    const idx = this.shuffle(Array.from(arr, (_, i) => i))
      .slice(0, k)
      .sort((x, y) => x - y)
    return idx.map((i) => arr[i] as T)
  }

  hex(chars: number): string {
    let s = ''
    while (s.length < chars) s += this.u32().toString(16).padStart(8, '0')
    return s.slice(0, chars)
  }

  bytes(n: number): Buffer {
    const b = Buffer.alloc(n)
    for (let i = 0; i < n; i++) b[i] = this.u32() & 0xff
    return b
  }
}

/** Draws indexes with probability proportional to fixed weights (binary search over the running sum). */
export class WeightedSampler {
  private readonly cum: Float64Array
  readonly total: number

  constructor(weights: ArrayLike<number>) {
    this.cum = new Float64Array(weights.length)
    let s = 0
    for (let i = 0; i < weights.length; i++) {
      s += Math.max(0, weights[i]!)
      this.cum[i] = s
    }
    this.total = s
  }

  get size(): number {
    return this.cum.length
  }

  draw(rng: Rng): number {
    const x = rng.next() * this.total
    let lo = 0
    let hi = this.cum.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.cum[mid]! > x) hi = mid
      else lo = mid + 1
    }
    return lo
  }
}
