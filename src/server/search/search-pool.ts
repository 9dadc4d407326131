import { Worker } from 'node:worker_threads'
import { ApiError } from '../http/errors.ts'
import type { Logger } from '../log.ts'
import type { SearchJob, Searches } from './search-job.ts'
import type { WorkerReply, WorkerRequest } from './search-worker.ts'

// Searches that miss the cache cost up to ~100 ms of SQLite each (more on a larger catalogue); run on the service's
// only thread, a few clients searching within the rate limit held up every other request (issue 14: another
// client's p50 went from 4 to 357 ms). Here they run in worker threads, each with its own read-only connection, so
// the main thread only parses, queues and renders. What one client can take is bounded: a queue of fixed length, at
// most `perClient` searches of one client in it (waiting or running), clients served in turn rather than in arrival
// order, and a time limit after which the worker is replaced.

export interface SearchPoolOptions {
  /** the catalogue's SQLite file (opened read-only by each worker) */
  file: string
  /** worker threads (SEARCH_WORKERS) */
  workers: number
  /** searches waiting or running, over all clients; past it: 503 (SEARCH_QUEUE) */
  queue: number
  /** searches of one client waiting or running; past it: 503 */
  perClient: number
  /** a search running longer is abandoned: its worker is ended and replaced, the client gets 503 (SEARCH_TIMEOUT_MS) */
  timeoutMs: number
  log?: Logger
}

/** Seconds a refused client is told to wait: about the time a queue of ordinary searches takes to drain. */
const RETRY_AFTER_S = 1
const ENTRY = new URL('./search-worker-entry.mjs', import.meta.url)

interface Task {
  job: SearchJob
  client: string
  resolve(ids: number[]): void
  reject(err: Error): void
}

interface Slot {
  worker: Worker
  ready: boolean
  /** being ended (failed, died or timed out); a new worker takes its place once it has stopped */
  retiring?: boolean
  task?: Task & { id: number; timer: NodeJS.Timeout }
}

export const busy = (message: string) =>
  new ApiError(503, message, 'Search is busy. Please try again in a moment.', { 'Retry-After': String(RETRY_AFTER_S) })

export class SearchPool implements Searches {
  private readonly slots: Slot[] = []
  /** waiting tasks per client, in arrival order */
  private readonly waiting = new Map<string, Task[]>()
  /** when each client with searches in the pool was last given a worker (a task id): the turn order */
  private readonly lastServed = new Map<string, number>()
  /** tasks waiting or running, per client and in all */
  private readonly perClient = new Map<string, number>()
  private inFlight = 0
  private nextId = 1
  /** worker threads started so far (replacements included) */
  private started = 0
  private closed = false

  constructor(private readonly opts: SearchPoolOptions) {
    if (opts.workers < 1) throw new Error('a search pool needs at least one worker')
  }

  run(job: SearchJob, client: string): Promise<number[]> {
    if (this.closed) return Promise.reject(busy('the service is shutting down'))
    this.warm()
    const mine = this.perClient.get(client) ?? 0
    // Refused at once rather than queued: a client past its share, or a full queue, would only wait longer.
    if (mine >= this.opts.perClient)
      return Promise.reject(busy(`at most ${this.opts.perClient} searches of one client may run at a time`))
    if (this.inFlight >= this.opts.queue) return Promise.reject(busy('too many searches are waiting'))
    this.perClient.set(client, mine + 1)
    this.inFlight++
    return new Promise<number[]>((resolve, reject) => {
      const list = this.waiting.get(client)
      const task = { job, client, resolve, reject }
      if (list) list.push(task)
      else this.waiting.set(client, [task])
      this.pump()
    })
  }

  /**
   * Starts the workers, once: the server does so when it listens; otherwise the first search does, so services that
   * never search (tools, most tests) start no thread.
   */
  warm() {
    if (this.started === 0 && !this.closed) for (let i = 0; i < this.opts.workers; i++) this.slots.push(this.spawn())
  }

  /** Ends the workers; searches still waiting or running are refused. */
  async close() {
    this.closed = true
    for (const list of this.waiting.values()) for (const t of list) this.settle(t, busy('the service is shutting down'))
    this.waiting.clear()
    await Promise.all(
      this.slots.map((slot) => {
        if (slot.task) this.finish(slot, busy('the service is shutting down'))
        return slot.worker.terminate()
      }),
    )
  }

  /** For tests and diagnostics: tasks waiting or running, and worker threads started so far. */
  stats() {
    return { inFlight: this.inFlight, workers: this.slots.length, started: this.started }
  }

  private spawn(): Slot {
    this.started++
    const worker = new Worker(ENTRY, { workerData: { file: this.opts.file } })
    // An idle pool must not keep a process (a test run, a script) alive.
    worker.unref()
    const slot: Slot = { worker, ready: false }
    worker.on('message', (msg: WorkerReply | { ready: true }) => {
      if ('ready' in msg) {
        slot.ready = true
        return this.pump()
      }
      if (!slot.task || slot.task.id !== msg.id) return
      if ('error' in msg) {
        this.opts.log?.error('search failed', { error: msg.error })
        this.finish(slot, new Error(`search failed: ${msg.error.split('\n')[0]}`))
      } else this.finish(slot, undefined, msg.ids)
      this.pump()
    })
    // A worker that dies (cannot open the catalogue, out of memory) is replaced; its search fails.
    worker.on('error', (err) => this.retire(slot, err))
    worker.on('exit', (code) => {
      if (!this.closed) this.retire(slot, new Error(`search worker exited (${code})`))
    })
    return slot
  }

  /**
   * Ends a worker that failed, died or ran out of time, and starts another in its place once it has stopped. Its
   * search, if any, fails now. A worker inside a long SQLite statement only stops when the statement ends (SQLite
   * cannot be interrupted from another thread here), so waiting for that keeps searches to `workers` threads of
   * CPU however many time out; the main thread is never the one waiting.
   */
  private retire(slot: Slot, err: Error) {
    if (slot.retiring) return
    const started = slot.ready
    slot.retiring = true
    slot.ready = false
    this.opts.log?.error('search worker replaced', { error: err.message })
    if (slot.task) this.finish(slot, err)
    void slot.worker.terminate().then(() => {
      const i = this.slots.indexOf(slot)
      if (this.closed || i < 0) return
      if (started) {
        this.slots[i] = this.spawn()
        return
      }
      // A worker that could not even start (the catalogue unreadable, the loader missing) would fail again at once:
      // refuse what waits rather than leave it hanging, and try again a little later.
      for (const list of this.waiting.values()) for (const t of list) this.settle(t, busy('search is unavailable'))
      this.waiting.clear()
      setTimeout(() => {
        if (!this.closed) this.slots[i] = this.spawn()
      }, 1000).unref()
    })
  }

  /**
   * Gives waiting tasks to ready idle workers: first to the client with the fewest searches running, then to the one
   * served longest ago, so a client with many searches waiting takes turns with the others rather than going first.
   */
  private pump() {
    for (const slot of this.slots) {
      if (!slot.ready || slot.task) continue
      let pick: [string, Task[]] | undefined
      let best = [Infinity, Infinity]
      for (const entry of this.waiting) {
        const rank = [this.perClient.get(entry[0])! - entry[1].length, this.lastServed.get(entry[0]) ?? -1]
        if (rank[0]! < best[0]! || (rank[0] === best[0] && rank[1]! < best[1]!)) [pick, best] = [entry, rank]
      }
      if (!pick) return
      const [client, list] = pick
      const task = list.shift()!
      if (!list.length) this.waiting.delete(client)
      this.lastServed.set(client, this.nextId)
      const id = this.nextId++
      const timer = setTimeout(() => this.timeout(slot, id), this.opts.timeoutMs)
      slot.task = { ...task, id, timer }
      slot.worker.postMessage({ id, job: task.job } satisfies WorkerRequest)
    }
  }

  private timeout(slot: Slot, id: number) {
    if (slot.task?.id !== id) return
    this.opts.log?.info('search timed out', { ms: this.opts.timeoutMs, job: slot.task.job })
    // The worker may be deep inside SQLite; ending it is the only way to stop the search. A fresh one takes its place.
    this.finish(
      slot,
      new ApiError(
        503,
        `the search took longer than ${this.opts.timeoutMs} ms`,
        'The search took too long. Try a narrower search.',
      ),
    )
    this.retire(slot, new Error('search timed out'))
  }

  private finish(slot: Slot, err?: Error, ids?: number[]) {
    const task = slot.task
    if (!task) return
    clearTimeout(task.timer)
    slot.task = undefined
    this.settle(task, err, ids)
  }

  private settle(task: Task, err?: Error, ids?: number[]) {
    const left = (this.perClient.get(task.client) ?? 1) - 1
    if (left > 0) this.perClient.set(task.client, left)
    else {
      this.perClient.delete(task.client)
      this.lastServed.delete(task.client)
    }
    this.inFlight--
    if (err) task.reject(err)
    else task.resolve(ids!)
  }
}
