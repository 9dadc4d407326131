// The library importer: one code path for `npm run import`, the start-up scan of LIBRARY_DIR and its watcher. It
// reads the archive (never writes into it): each format's reader (gallery-dl.ts, …) finds its items among the files
// of one walk, and each new or changed item is written in one transaction through the catalogue's LibraryDb
// (data/library-db.ts, on either engine). An item whose files are as the last scan saw them (its fingerprint) is not
// read again; an item whose files left the folder leaves the catalogue. Every file it cannot take gets one line in the
// report, with the reason; nothing throws past a single item.

import path from 'node:path'
import { realpathSync } from 'node:fs'
import type { LibraryDb } from '../data/library-db.ts'
import { keyOf, parseKey, type LibraryItemKind } from '../data/library-writer.ts'
import {
  heldItem,
  readItem,
  walk,
  type ArchiveFormat,
  type ArchiveScan,
  type FoundFile,
  type ItemSource,
} from './archive.ts'
import { galleryDl } from './gallery-dl.ts'
import { galleryDlNovels } from './gallery-dl-novels.ts'
import { pixivUtil2Novels } from './pixivutil2-novels.ts'
import { pixivUtil2 } from './pixivutil2.ts'
import { syncLists, type ListsReport } from './lists.ts'
import { collectCopies, copyItemFiles, copyTarget } from './copy.ts'
import type { Storage } from '../storage/storage.ts'
import { findUserFiles, importUserFiles } from './user-files.ts'

export { IMPORTER_VERSION } from './archive.ts'
export { MAX_IMAGE_PIXELS, MAX_UGOIRA_BYTES } from './media.ts'

/**
 * The formats in the order they take files: a file one takes is not offered to the next. gallery-dl's novels come
 * before its works, which would take (and report) any file with a sidecar; PixivUtil2's novel pages before
 * its works.
 */
const FORMATS: readonly ArchiveFormat[] = [galleryDlNovels, galleryDl, pixivUtil2Novels, pixivUtil2]

/** How many items a scan handles before it lets the event loop run. */
const YIELD_EVERY = 200

export interface ImportReport {
  root: string
  imported: number
  updated: number
  removed: number
  unchanged: number
  /** each file not taken, with why (relative to the root) */
  skipped: { path: string; reason: string }[]
  /** the items imported, updated or removed (what a running service's caches must forget) */
  changed: { kind: LibraryItemKind; id: number }[]
  /** what the archive's bookmark and ranking records changed in the owner's bookmarks and the rankings (lists.ts) */
  lists: ListsReport
  ms: number
}

export interface ImportOptions {
  /** folders under the root that are not the archive's (the service's DATA_DIR when it lies inside the library) */
  exclude?: string[]
  nowS?: () => number
  /** called after each item (done of total items found) */
  onProgress?: (done: number, total: number) => void
  /** OWNER_PIXIV_ID: whose bookmarks in the archive are the owner's (lists.ts) */
  ownerPixivId?: number
  /**
   * DATA_DIR/library-files: where `copy` puts the archive's files (copy.ts). Given, the copies no row names any more
   * are deleted after a scan that changed something, with or without `copy`.
   */
  copyDir?: string
  /** where copies go (STORAGE_URL, storage/); default: the folder above `copyDir` (DATA_DIR) */
  storage?: Storage
  /** `--copy`: the items read are served from copies in the storage, not from the archive */
  copy?: boolean
}

export async function importLibrary(db: LibraryDb, rootIn: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const started = performance.now()
  const nowS = opts.nowS ?? (() => Math.floor(Date.now() / 1000))
  let root: string
  try {
    root = realpathSync(path.resolve(rootIn))
  } catch {
    throw new Error(`the library folder ${path.resolve(rootIn)} does not exist or cannot be read`)
  }
  const copies = opts.copyDir === undefined ? undefined : copyTarget(opts.copyDir, opts.storage)
  const copyTo = opts.copy ? copies : undefined
  if (opts.copy && !copyTo) throw new Error('copy needs copyDir')
  const report: ImportReport = {
    root,
    imported: 0,
    updated: 0,
    removed: 0,
    unchanged: 0,
    skipped: [],
    changed: [],
    lists: { bookmarks: { added: 0, updated: 0, removed: 0 }, rankings: 0 },
    ms: 0,
  }
  const skip = (file: string, reason: string) => report.skipped.push({ path: path.relative(root, file), reason })

  const exclude = (opts.exclude ?? []).map((p) => {
    try {
      return realpathSync(p)
    } catch {
      return path.resolve(p)
    }
  })
  const { files, unreadableDirs } = walk(root, skip, exclude)
  const records = { bookmarks: [], rankings: [] }
  const scan: ArchiveScan = {
    root,
    files,
    unreadableDirs,
    imported: await db.filesOf(root),
    byPath: new Map(files.map((f) => [f.file, f])),
    skip,
    records,
  }
  const taken = new Set<string>()
  // users' avatars and backgrounds first: their sidecars are no work's (user-files.ts)
  const userFiles = findUserFiles(scan, taken)
  const items = findItems(scan, taken)
  const known = await db.fingerprints(root)
  const total = items.length
  let done = 0
  for (const item of items) {
    const key = keyOf(item)
    // an item imported with --copy is another import of the same files than one served in place
    const fingerprint = copyTo ? `${item.fingerprint} copied` : item.fingerprint
    try {
      if (known.get(key) === fingerprint) report.unchanged++
      else {
        const read = await readItem(item)
        if (copyTo) await copyItemFiles(read.record, root, copyTo)
        await db.put(root, read, fingerprint, nowS())
        report.changed.push({ kind: item.kind, id: item.id })
        if (known.has(key)) report.updated++
        else report.imported++
      }
    } catch (err) {
      // The whole item is left as it was (one already imported keeps its last good version).
      const why = err instanceof Error ? err.message : String(err)
      const what = known.has(key) ? 'not updated (its last import stays)' : 'not imported'
      for (const file of item.files)
        skip(file, `${item.kind === 'illust' ? 'work' : item.kind} ${item.id} ${what}: ${why}`)
    }
    known.delete(key)
    opts.onProgress?.(++done, total)
    // Unchanged items are only compared, which never waits: the service the scan runs in answers between batches
    // (a rescan of 10,000 unchanged works would otherwise hold every request, the library page's progress too).
    if (done % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve))
  }
  // What the last scan imported from this folder and this one did not find has left it. An item whose files are there
  // but could not be read this time was seen (its key is no longer in `known`) and stays.
  for (const key of known.keys()) {
    await db.remove(key)
    report.changed.push(parseKey(key))
    report.removed++
  }
  const users = await importUserFiles(db, root, userFiles, { copyTo, skip })
  report.imported += users.imported
  report.updated += users.updated
  report.removed += users.removed
  report.unchanged += users.unchanged
  // the items of a user whose avatar changed name its new URL
  for (const userId of users.users)
    for (const id of await db.userFiles.worksOf(userId)) report.changed.push({ kind: 'illust', id })
  await db.finishSeries()
  // after the works: the lists hold only works that are in the catalogue
  report.lists = await syncLists(db, root, records, skip, { ownerPixivId: opts.ownerPixivId })
  if (report.changed.length > 0 || listChanges(report) > 0) await db.bumpItemsVersion()
  if (copies && (report.changed.length > 0 || users.users.size > 0)) await collectCopies(db, copies, nowS() * 1000)
  report.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  await db.setSkipped(root, report.skipped)
  await db.setMeta('library_last_scan', JSON.stringify({ root, at: nowS(), ...counts(report) }))
  report.ms = Math.round(performance.now() - started)
  return report
}

/**
 * Every item the formats find, one per kind and id: an item two readers (or two folders) both hold is read from the
 * first, and the other's files are reported. Files no format takes get their report line.
 */
function findItems(scan: ArchiveScan, taken: Set<string>): ItemSource[] {
  const byKey = new Map<string, ItemSource>()
  for (const format of FORMATS)
    for (const item of format.find(scan, taken)) {
      const key = keyOf(item)
      const first = byKey.get(key)
      if (!first) byKey.set(key, item)
      // an item a reader holds back (a file of it unreadable this time) is held whoever else finds it
      else if (first.held !== undefined || item.held !== undefined)
        byKey.set(key, heldItem(item.kind, item.id, [...first.files, ...item.files], (first.held ?? item.held)!))
      else
        for (const file of item.files)
          scan.skip(
            file,
            `${format.name}: ${key.replace(':', ' ')} is already imported from ${path.relative(scan.root, first.files[0] ?? '')}`,
          )
    }
  for (const f of scan.files) if (!taken.has(f.file)) scan.skip(f.file, leftOver(f))
  holdUnreadableFolders(scan, byKey)
  return [...byKey.values()]
}

/**
 * An item the last scans imported with a file in a folder this walk could not read is left as it was, whatever its
 * format: written from its other files it would be partial, and not found it would be removed.
 */
function holdUnreadableFolders(scan: ArchiveScan, byKey: Map<string, ItemSource>) {
  if (scan.unreadableDirs.length === 0) return
  const held = new Map<string, { kind: LibraryItemKind; id: number; files: string[]; dir: string }>()
  for (const [file, item] of scan.imported) {
    const dir = scan.unreadableDirs.find((d) => file.startsWith(d + path.sep))
    if (dir === undefined) continue
    const key = keyOf(item)
    const h = held.get(key)
    if (h) h.files.push(file)
    else held.set(key, { ...item, files: [...(byKey.get(key)?.files ?? []), file], dir })
  }
  for (const [key, h] of held)
    byKey.set(key, heldItem(h.kind, h.id, h.files, `${path.relative(scan.root, h.dir)}: an unreadable folder`))
}

/** Why no format took a file. */
function leftOver(f: FoundFile): string {
  const name = path.basename(f.file)
  if (name.endsWith('.part')) return 'a download not complete (.part)'
  if (name === 'info.json') return "gallery-dl's info.json of something other than a pixiv work: not read"
  if (name.endsWith('.json')) return 'a metadata sidecar without its file'
  return `no metadata sidecar (${name}.json)`
}

const counts = (r: ImportReport) => ({
  imported: r.imported,
  updated: r.updated,
  removed: r.removed,
  unchanged: r.unchanged,
  skipped: r.skipped.length,
  lists: listChanges(r),
})

/** What a running service's caches must forget after an import (services/cache-bus.ts). */
export const cacheChangeOf = (r: ImportReport) => ({
  items: r.changed.map(({ kind, id }) => ({ kind, id })),
  lists: true,
})

/** How many of the owner's bookmarks and recorded rankings the scan changed. */
const listChanges = (r: ImportReport) =>
  r.lists.bookmarks.added + r.lists.bookmarks.updated + r.lists.bookmarks.removed + r.lists.rankings

/** The report as lines for a terminal or a log. */
export function reportLines(r: ImportReport): string[] {
  const c = counts(r)
  return [
    `library ${r.root}: ${c.imported} imported, ${c.updated} updated, ${c.removed} removed, ${c.unchanged} unchanged, ${c.skipped} skipped${listLine(r)} (${(r.ms / 1000).toFixed(1)} s)`,
    ...r.skipped.map((s) => `  skipped ${s.path}: ${s.reason}`),
  ]
}

/** The owner's bookmarks and the rankings the scan changed, when it changed any. */
function listLine(r: ImportReport): string {
  const b = r.lists.bookmarks
  if (listChanges(r) === 0) return ''
  return `; bookmarks ${b.added} added, ${b.updated} updated, ${b.removed} removed; ${r.lists.rankings} rankings changed`
}

/** Whether the scan changed the catalogue. */
export const changedAnything = (r: ImportReport) => r.imported + r.updated + r.removed + listChanges(r) > 0
