// Watching LIBRARY_DIR while the service runs: what a downloader adds, changes or deletes is rescanned (the same
// incremental import as at start, library/import.ts) once the folder has been quiet for a moment, so a download in
// progress is read when it is complete (gallery-dl writes the file, then its sidecar; a file without its sidecar is
// only reported, and taken at the next scan).
//
// The events come from @parcel/watcher (the watcher of VS Code and Parcel): one native watch per folder (inotify on
// Linux, FSEvents on macOS, ReadDirectoryChangesW on Windows), so a library of 100,000 works in a few thousand folders
// costs a few thousand watches. chokidar, tried first, watches every file on Linux: on a 257,000-file library it ran
// out of the per-user inotify limit (192,536 here), which every other process of the user shares, and logged an error
// per file. A download still being written is not read half way: events keep postponing the rescan until the folder
// has been quiet for `quietMs`, and what is still incomplete then (a `.part`, a file without its sidecar, a truncated
// image) is reported, not imported, and read at the next scan its completion starts. The rescan, not the event,
// decides what changed, so a missed or coalesced event costs nothing but is caught by the next one.

import watcher, { type AsyncSubscription } from '@parcel/watcher'
import path from 'node:path'
import type { Logger } from '../log.ts'

export interface LibraryWatcher {
  close(): void
  /** settles once the folder is watched (or watching it failed, which is logged) */
  ready: Promise<void>
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
  const isExcluded = (file: string) => excluded.some((e) => file === e || file.startsWith(e + path.sep))
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

  let subscription: AsyncSubscription | undefined
  const subscribed = watcher
    .subscribe(
      root,
      (err, events) => {
        if (err) log.error('the library watcher reported an error', { root, error: String(err) })
        if (events.some((e) => !isExcluded(e.path))) schedule()
      },
      // the service's own folder is not watched at all (its writes are many, and none is the archive's)
      { ignore: excluded.filter((e) => e.startsWith(root + path.sep)) },
    )
    .then((s) => {
      if (closed) void s.unsubscribe()
      else subscription = s
    })
    .catch((err: unknown) =>
      log.error('cannot watch the library: restart Easel or run `npm run import` after adding works', {
        root,
        error: String(err),
      }),
    )
  return {
    close() {
      closed = true
      if (timer) clearTimeout(timer)
      void subscribed.then(() => subscription?.unsubscribe())
    },
    ready: subscribed,
  }
}
