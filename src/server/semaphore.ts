// At most `limit` tasks at once, and at most `maxWaiting` waiting behind them: the bound every CPU-heavy queue of the
// service (image renders, password hashes) keeps, so that one client's flood is refused early instead of queueing
// without end in front of everyone else.

/** A task refused because the queue was full; `waiting` is how many were queued ahead of it. */
export class QueueFull extends Error {
  constructor(readonly waiting: number) {
    super('queue full')
  }
}

export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []
  /** `maxWaiting`: tasks that may wait for a slot; past that, `run` throws QueueFull at once */
  constructor(
    readonly limit: number,
    private readonly maxWaiting = Infinity,
  ) {}

  get queued(): number {
    return this.waiting.length
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFull(this.waiting.length)
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else this.active++
    try {
      return await fn()
    } finally {
      const next = this.waiting.shift()
      // hand the slot straight to the next waiter; `active` stays the same
      if (next) next()
      else this.active--
    }
  }
}
