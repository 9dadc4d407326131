import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { Logger } from '../../log.ts'
import type { CacheBus, CacheChange, CacheChangeListener } from '../../services/cache-bus.ts'

// The cache bus of several instances over one PostgreSQL: each change is a NOTIFY on one channel, which every
// instance LISTENs to on a connection of its own (not the pool's: a pooled connection is handed from query to query,
// and a LISTEN belongs to its session).
//
// Acknowledged means applied everywhere: each instance that receives a change applies it to its caches, then answers
// on the sender's own channel; `publish` resolves once every other instance's bus session (pg_stat_activity, by
// application_name) has answered, or after ACK_WAIT_MS. So the answer to a write leaves its instance only after the
// others' caches have forgotten what it changed: the client's next request, wherever it goes, sees the write.
// (PostgreSQL's signal alone did not do: on a busy machine the other instance's backend forwarded the notification
// some milliseconds after the writer had answered.)
//
// PostgreSQL delivers a notification to the sessions listening when it is sent, so an instance whose session is gone
// misses what is sent meanwhile: once it listens again it forgets every cache (`everything`), and what it published
// itself while away is sent then (the others missed that too).

/** The channel every instance listens to; each also listens to `<channel>_<its id>` for acknowledgements. */
export const CACHE_CHANNEL = 'easel_cache'

/** application_name of the bus's sessions, by which a sender finds the others */
const APPLICATION_NAME = 'easel-cache-bus'

/** PostgreSQL's limit on a payload is 8000 bytes; past it, a change is sent as "forget everything". */
const MAX_PAYLOAD = 7900

/**
 * How long `publish` waits for the other instances' acknowledgements: an instance whose event loop is stuck (or one
 * that has connected but not yet listens, and will forget everything once it does) holds a write back no longer.
 */
const ACK_WAIT_MS = 1000

/** Waits between reconnection attempts: doubling from the first to the last. */
const RECONNECT_MS = { first: 100, last: 5000 }

interface Message extends CacheChange {
  /** the sending bus (its own notifications come back to it, and are already applied) */
  from: string
  /** its number among the sender's messages, which acknowledgements name */
  seq: number
}

interface Ack {
  ack: number
}

export interface PgCacheBusOptions {
  log?: Logger
  channel?: string
  /** the end of its session's application_name (`easel-cache-bus <name>`, pg_stat_activity) */
  name?: string
}

export class PgCacheBus implements CacheBus {
  /** hex: part of its acknowledgement channel's name */
  private readonly id = randomUUID().replaceAll('-', '')
  private readonly listeners: CacheChangeListener[] = []
  private readonly channel: string
  private readonly ackChannel: string
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
  /** sent messages, by seq: the backends (pids) that acknowledged, those waited for once known, and the waiter */
  private readonly sent = new Map<number, { acked: Set<number>; peers?: number[]; done: () => void }>()
  /** times the listening session was lost and found again (for tests and logs) */
  reconnections = 0

  constructor(
    private readonly url: string,
    private readonly opts: PgCacheBusOptions = {},
  ) {
    this.channel = opts.channel ?? CACHE_CHANNEL
    this.ackChannel = `${this.channel}_${this.id}`
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
    for (const { done } of this.sent.values()) done()
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

  /** Sends the change, and resolves once every other instance listening has applied it (or ACK_WAIT_MS passed). */
  private async send(client: pg.Client, change: CacheChange) {
    const seq = ++this.seq
    let timer: NodeJS.Timeout | undefined
    const entry = { acked: new Set<number>(), peers: undefined as number[] | undefined, done: () => {} }
    const applied = new Promise<void>((resolve) => {
      entry.done = resolve
      timer = setTimeout(() => {
        const missing = entry.peers?.filter((p) => !entry.acked.has(p))
        this.opts.log?.error('cache bus: instances did not acknowledge a change in time', { missing })
        resolve()
      }, ACK_WAIT_MS)
    })
    this.sent.set(seq, entry)
    try {
      // the message, and the sessions of the other instances' buses it reaches (acknowledgements may come first)
      const { rows } = await client.query<{ peers: number[] }>(
        `SELECT pg_notify($1, $2), array(SELECT pid FROM pg_stat_activity WHERE datname = current_database()
           AND application_name LIKE $3 AND pid <> pg_backend_pid()) AS peers`,
        [this.channel, this.payload(change, seq), `${APPLICATION_NAME}%`],
      )
      entry.peers = rows[0]!.peers
      this.check(seq)
      await applied
    } finally {
      clearTimeout(timer)
      this.sent.delete(seq)
    }
  }

  private check(seq: number) {
    const entry = this.sent.get(seq)
    if (entry?.peers && entry.peers.every((p) => entry.acked.has(p))) entry.done()
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.url,
        application_name: this.opts.name ? `${APPLICATION_NAME} ${this.opts.name}` : APPLICATION_NAME,
        keepAlive: true,
      })
      client.on('notification', (n) => this.received(client, n))
      // 'error' (the server ended the session, the network dropped) is always followed by 'end'
      client.on('error', (err) => this.opts.log?.error('cache bus: connection lost', { error: err.message }))
      client.on('end', () => this.lost(client))
      try {
        await client.connect()
        await client.query(
          `LISTEN ${pg.escapeIdentifier(this.channel)}; LISTEN ${pg.escapeIdentifier(this.ackChannel)}`,
        )
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

  private received(client: pg.Client, n: pg.Notification) {
    if (!n.payload) return
    let message: Message | Ack
    try {
      message = JSON.parse(n.payload) as Message | Ack
    } catch {
      return this.opts.log?.error('cache bus: a message that is not JSON was ignored', { payload: n.payload })
    }
    if (n.channel === this.ackChannel && 'ack' in message) {
      this.sent.get(message.ack)?.acked.add(n.processId)
      return this.check(message.ack)
    }
    if (n.channel !== this.channel || !('from' in message) || message.from === this.id) return
    const { from, seq, ...change } = message
    this.emit(change)
    // applied: the sender may answer its client
    client
      .query('SELECT pg_notify($1, $2)', [`${this.channel}_${from}`, JSON.stringify({ ack: seq } satisfies Ack)])
      .catch(() => {}) // a lost session: the sender stops waiting after ACK_WAIT_MS
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
