// The running service's scans of LIBRARY_DIR: the watcher's and the owner's (the library page's rescan button) share
// one of these, so there is never more than one import at a time on the catalogue, and the page can show how far the
// running one has got (importLibrary's `onProgress`).

import type { Logger } from '../log.ts'

/** What `GET /v1/easel/library` reports of the scan in progress (or of the last one, once it has ended). */
export interface ScanProgress {
  running: boolean
  /** works read so far, of `total` works found (0 of 0 while the folder is still being walked) */
  done: number
  total: number
  /** when the running (or last) scan began, unix seconds; null before the first since the service started */
  started_at: number | null
  /** why the last scan failed as a whole (the library folder gone, say); null when it did not */
  error: string | null
}

/** One scan: imports the library, reporting progress as `done` of `total` works. */
export type Scan = (onProgress: (done: number, total: number) => void) => Promise<unknown>

export class LibraryScans {
  private current: Promise<void> | undefined
  private stopped = false
  private progress: ScanProgress = { running: false, done: 0, total: 0, started_at: null, error: null }
  /** the catalogue's items_version as the last scan of this service left it (what it has forgotten itself) */
  scannedVersion: string | undefined

  constructor(
    private readonly scan: Scan,
    private readonly nowS: () => number,
    private readonly log: Logger,
  ) {}

  status(): ScanProgress {
    return { ...this.progress }
  }

  /** Starts a scan now, unless one is running: then false, and that one is the scan the status reports. */
  start(): boolean {
    if (this.current || this.stopped) return false
    const progress: ScanProgress = { running: true, done: 0, total: 0, started_at: this.nowS(), error: null }
    this.progress = progress
    // Begun on the next turn of the event loop, not in the caller's: the import runs synchronously up to its first
    // read of a file (the whole walk of the folder), which the request that asked for it should not wait for.
    this.current = new Promise((resolve) => setImmediate(resolve))
      .then(() =>
        this.scan((done, total) => {
          progress.done = done
          progress.total = total
        }),
      )
      .then(
        () => undefined,
        // A scan that fails (the folder gone, the disk full) leaves the catalogue as the last whole work left it.
        (err: unknown) => {
          progress.error = err instanceof Error ? err.message : String(err)
          this.log.error('library rescan failed', { error: err instanceof Error ? err.stack : String(err) })
        },
      )
      .finally(() => {
        progress.running = false
        this.current = undefined
      })
    return true
  }

  /**
   * No scan starts from now on (the service is shutting down); resolves once the running one, if any, has ended, so
   * the catalogue is not closed under it.
   */
  async stop(): Promise<void> {
    this.stopped = true
    while (this.current) await this.current
  }

  /**
   * A scan that begins after the running one, if any, has ended: the watcher's, whose changes may have come after the
   * running scan walked past them.
   */
  async next(): Promise<void> {
    while (this.current) await this.current
    this.start()
    await this.current
  }
}
