import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { Logger } from '../../log.ts'
import type { CacheBus, CacheChange, CacheChangeListener } from '../../services/cache-bus.ts'

// The cache bus of several instances over one PostgreSQL: each change is a NOTIFY on one channel, which every
// instance LISTENs to on a connection of its own (not the pool's: a pooled connection is handed from query to query,
// and a LISTEN belongs to its session). PostgreSQL delivers a notification to every session listening when it is sent,
// so an instance whose listening session is gone misses what is sent meanwhile: once it is back it forgets every
// cache (`everything`), and what it published itself while away is sent then (the others missed it too).

/** The channel every instance listens to. */
export const CACHE_CHANNEL = 'easel_cache'

/** PostgreSQL's limit on a payload is 8000 bytes; past it, a change is sent as "forget everything". */
const MAX_PAYLOAD = 7900

/**
 * How long `publish` waits for its own notification to come back (PostgreSQL signals every listening session at
 * once, so by then the others have theirs too); a bus that waits longer answers anyway.
 */
const ECHO_WAIT_MS = 1000

/** Waits between reconnection attempts: doubling from the first to the last. */
const RECONNECT_MS = { first: 100, last: 5000 }

interface Message extends CacheChange {
  /** the sending bus (its own notifications come back to it, and are already applied) */
  from: string
  /** its number among the sender's messages */
  seq: number
}

export interface PgCacheBusOptions {
  log?: Logger
  channel?: string
  /** application_name of its session (pg_stat_activity) */
  applicationName?: string
}

export class PgCacheBus implements CacheBus {
  private readonly id = randomUUID()
  private readonly listeners: CacheChangeListener[] = []
  private readonly channel: string
  private client: pg.Client | undefined
  /** whether the session of `client` is listening */
  private listening = false
  /** changes published while no session was listening: sent once one is */
  private unsent: CacheChange[] = []
  private closed = false
  private connecting: Promise<void> | undefined
  private retryMs = RECONNECT_MS.first
  private retryTimer: NodeJS.Timeout | undefined
  private readonly firstConnect: Promise<void>
  /** whether changes of other instances may have been missed (a session was lost, or the first never came) */
  private missed = false
  private seq = 0
  /** sent messages whose echo `publish` waits for, by seq */
  private readonly echoes = new Map<number, () => void>()
  /** times the listening session was lost and found again (for tests and logs) */
  reconnections = 0

  constructor(
    private readonly url: string,
    private readonly opts: PgCacheBusOptions = {},
  ) {
    this.channel = opts.channel ?? CACHE_CHANNEL
    this.firstConnect = this.connect()
    // a first failure is retried like a lost session (ready() reports it)
    this.firstConnect.catch(() => {
      this.missed = true
      this.retry()
    })
  }

  subscribe(listener: CacheChangeListener) {
    this.listeners.push(listener)
  }

  /** Resolves once the first session listens; rejects if that first connection fails. */
  ready(): Promise<void> {
    return this.firstConnect
  }

  async publish(change: CacheChange): Promise<void> {
    this.emit(change)
    if (this.closed) return
    if (!this.listening || !this.client) {
      this.unsent.push(change)
      return
    }
    try {
      await this.send(this.client, change)
    } catch (err) {
      // the session went away under it: sent with the others once a new one listens
      this.unsent.push(change)
      this.opts.log?.error('cache bus: a change could not be sent; it will be on reconnection', {
        error: (err as Error).message,
      })
    }
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retryTimer)
    const client = this.client
    this.client = undefined
    this.listening = false
    await client?.end().catch(() => {})
  }

  private emit(change: CacheChange) {
    for (const l of this.listeners) l(change)
  }

  private payload(change: CacheChange, seq: number): string {
    const text = JSON.stringify({ ...change, from: this.id, seq } satisfies Message)
    return Buffer.byteLength(text) <= MAX_PAYLOAD ? text : JSON.stringify({ everything: true, from: this.id, seq })
  }

  /**
   * Sends the change, and resolves once it came back to this bus's own session: a write is acknowledged after the
   * database has signalled every listening instance, not merely queued its message.
   */
  private async send(client: pg.Client, change: CacheChange) {
    const seq = ++this.seq
    let timer: NodeJS.Timeout | undefined
    const echoed = new Promise<void>((resolve) => {
      this.echoes.set(seq, resolve)
      timer = setTimeout(resolve, ECHO_WAIT_MS)
    })
    try {
      await client.query('SELECT pg_notify($1, $2)', [this.channel, this.payload(change, seq)])
      await echoed
    } finally {
      clearTimeout(timer)
      this.echoes.delete(seq)
    }
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        application_name: this.opts.applicationName ?? 'easel-cache-bus',
        keepAlive: true,
      })
      client.on('notification', (n) => this.received(n))
      // 'error' (the server ended the session, the network dropped) is always followed by 'end'
      client.on('error', (err) => this.opts.log?.error('cache bus: connection lost', { error: err.message }))
      client.on('end', () => this.lost(client))
      try {
        await client.connect()
        await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`)
      } catch (err) {
        client.removeAllListeners('end')
        await client.end().catch(() => {})
        throw err
      }
      if (this.closed) {
        await client.end().catch(() => {})
        return
      }
      this.client = client
      this.listening = true
      this.retryMs = RECONNECT_MS.first
      if (this.missed) {
        // Changes of other instances sent while nothing listened here are lost: forget everything.
        this.missed = false
        this.reconnections++
        this.emit({ everything: true })
        this.opts.log?.info('cache bus: listening again; caches cleared')
      }
      const unsent = this.unsent
      this.unsent = []
      if (unsent.length > 0) {
        const change = unsent.length === 1 ? unsent[0]! : { everything: true }
        // lost again at once: kept for the next session
        await this.send(client, change).catch(() => this.unsent.push(change))
      }
    })().finally(() => (this.connecting = undefined))
    return this.connecting
  }

  private received(n: pg.Notification) {
    if (n.channel !== this.channel || !n.payload) return
    let message: Message
    try {
      message = JSON.parse(n.payload) as Message
    } catch {
      return this.opts.log?.error('cache bus: a message that is not JSON was ignored', { payload: n.payload })
    }
    if (message.from === this.id) return this.echoes.get(message.seq)?.() // applied when published
    const { from: _, seq: __, ...change } = message
    this.emit(change)
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return
    this.client = undefined
    this.listening = false
    this.missed = true
    this.retry()
  }

  private retry() {
    if (this.closed || this.retryTimer) return
    const wait = this.retryMs
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MS.last)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined
      this.connect().catch((err: Error) => {
        this.opts.log?.error('cache bus: reconnection failed; trying again', {
          error: err.message,
          waitMs: this.retryMs,
        })
        this.retry()
      })
    }, wait)
    this.retryTimer.unref()
  }
}
