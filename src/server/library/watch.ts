// Watching LIBRARY_DIR while the service runs: what a downloader adds, changes or deletes is rescanned (the same
// incremental import as at start, library/import.ts) once the folder has been quiet for a moment, so a download in
// progress is read when it is complete (gallery-dl writes the file, then its sidecar; a file without its sidecar is
// only reported, and taken at the next scan).
//
// The events come from chokidar, the field's well-kept watcher (the same on Linux, macOS and Windows, with
// `awaitWriteFinish` holding a file's event until its size has stopped changing, so a download still being written is
// not read half way). The rescan, not the event, decides what changed, so a missed or coalesced event costs nothing
// but is caught by the next one.

import { watch, type FSWatcher } from 'chokidar'
import path from 'node:path'
import type { Logger } from '../log.ts'

export interface LibraryWatcher {
  close(): void
}

/**
 * Calls `rescan` `quietMs` after the last change under `root` (never two at once: changes during a scan schedule
 * one more after it).
 */
export function watchLibrary(
  root: string,
  rescan: () => Promise<void>,
  log: Logger,
  opts: { quietMs?: number; exclude?: string[] } = {},
): LibraryWatcher {
  const quietMs = opts.quietMs ?? 1000
  // the service's own files (DATA_DIR inside the library): its writes must not start a rescan, which writes again
  const excluded = (opts.exclude ?? []).map((p) => path.resolve(p))
  const isExcluded = (name: string | null) => {
    if (name === null) return false
    const full = path.resolve(root, name)
    return excluded.some((e) => full === e || full.startsWith(e + path.sep))
  }
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let closed = false

  const run = () => {
    timer = undefined
    if (closed) return
    if (running) {
      again = true
      return
    }
    running = rescan()
      .catch((err: unknown) =>
        log.error('library rescan failed', { error: err instanceof Error ? err.stack : String(err) }),
      )
      .finally(() => {
        running = undefined
        if (again && !closed) {
          again = false
          schedule()
        }
      })
  }
  const schedule = () => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(run, quietMs)
  }

  let watcher: FSWatcher | undefined
  try {
    watcher = watch(root, {
      ignoreInitial: true,
      // symlinks are not followed: the importer refuses those leading out of the library anyway
      followSymlinks: false,
      ignored: (p: string) => isExcluded(path.relative(root, p)),
      awaitWriteFinish: { stabilityThreshold: Math.min(quietMs, 500), pollInterval: 100 },
    })
    watcher.on('all', () => schedule())
    watcher.on('error', (err) => log.error('the library watcher stopped', { root, error: String(err) }))
  } catch (err) {
    log.error('cannot watch the library: restart Easel or run `npm run import` after adding works', {
      root,
      error: String(err),
    })
  }
  return {
    close() {
      closed = true
      if (timer) clearTimeout(timer)
      void watcher?.close()
    },
  }
}
