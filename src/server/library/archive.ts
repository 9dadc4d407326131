import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, realpathSync, type Dirent } from 'node:fs'
import path from 'node:path'
import type { LibraryItem, LibraryItemKind, LibraryNovelRecord, LibraryWorkRecord } from '../data/library-writer.ts'

// What every archive format's reader (gallery-dl.ts, …) shares: the files of one scan, found once, and what a reader
// hands the importer for each item it finds (import.ts). A format takes the files it recognizes; the files no format
// takes are reported.

/** Bump when what the importer makes of the same files changes: every item is then read again. */
export const IMPORTER_VERSION = 2

/** A digest of what an item is read from (one row per file: its page, path, size, time, its sidecar's digest, …). */
export function fingerprintOf(rows: readonly (readonly (string | number)[])[]): string {
  const h = createHash('sha256').update(`importer ${IMPORTER_VERSION}\n`)
  for (const r of rows) h.update(`${r.join('\0')}\n`)
  return h.digest('hex')
}

/** A file that cannot be part of the catalogue, and why: the item it belongs to is left as it was. */
export class Skip extends Error {}

export interface FoundFile {
  /** absolute path */
  file: string
  /** path relative to the library folder (what the report names) */
  rel: string
  bytes: number
  mtimeMs: number
}

/**
 * A downloader's record that one of its files was downloaded as someone's bookmark (gallery-dl's `user_bookmark`):
 * one per metadata file (a work's page), gathered into the owner's bookmarks by lists.ts.
 */
export interface BookmarkRecord {
  kind: 'illust'
  /** the metadata file that says so (absolute) */
  file: string
  itemId: number
  /** whose bookmark: the pixiv account the downloader listed */
  pixivUser: { id: number; account: string }
  /** whether the downloading account had bookmarked the work too (gallery-dl's `is_bookmarked`) */
  downloaderBookmarked: boolean
  /** 1 private, 0 public, undefined when the archive does not say (see lists.ts for the rule) */
  restrict?: 0 | 1
  /** the bookmark's own tags, when recorded (gallery-dl's `tags_bookmark`, option metadata-bookmark) */
  tags?: string[]
  /** when the file was written (ms): a run writes its list in order, newest bookmark first */
  writtenMs: number
}

/** A downloader's record that one of its files was downloaded from a ranking (gallery-dl's `ranking`). */
export interface RankingRecord {
  kind: 'illust'
  file: string
  itemId: number
  mode: string
  /** the JST day number of the ranking's date */
  day: number
  /** 1-based, when recorded (gallery-dl 1.26 and later); else the order the files were written */
  rank?: number
  writtenMs: number
}

/** What readers found besides items: the lists the archive's records make (lists.ts). */
export interface ArchiveRecords {
  bookmarks: BookmarkRecord[]
  rankings: RankingRecord[]
}

/** One scan of a library folder: its files in path order, and where readers report what they leave out. */
export interface ArchiveScan {
  root: string
  files: readonly FoundFile[]
  /** the folders the walk could not read (absolute): what the last scans imported from them is left as it was */
  unreadableDirs: readonly string[]
  /**
   * The item each file the last scans imported from this root belongs to, by absolute path: a file of it that cannot
   * be read this time holds that item back (its last import stays) instead of it being written without the file.
   */
  imported: ReadonlyMap<string, { kind: LibraryItemKind; id: number }>
  /** by absolute path */
  byPath: ReadonlyMap<string, FoundFile>
  /** a report line for `file` (absolute), with the reason */
  skip(file: string, reason: string): void
  /** where readers put the bookmark and ranking records they meet */
  records: ArchiveRecords
}

/** An item a reader found, read only when its fingerprint differs from the last scan's (`read`). */
export type ItemSource = {
  id: number
  /** every file of the archive the item is made of (each gets the report line when the item cannot be read) */
  files: readonly string[]
  /** a digest of what the item is read from: the same fingerprint, the same item */
  fingerprint: string
  /** why the item cannot be read this time, for one that is held back (heldItem) */
  held?: string
} & ({ kind: 'illust'; read(): Promise<LibraryWorkRecord> } | { kind: 'novel'; read(): Promise<LibraryNovelRecord> })

/** Reads an item's files into what the data module writes. */
export async function readItem(item: ItemSource): Promise<LibraryItem> {
  return item.kind === 'novel'
    ? { kind: 'novel', record: await item.read() }
    : { kind: 'illust', record: await item.read() }
}

export interface ArchiveFormat {
  /** for report lines (`gallery-dl`, `PixivUtil2`) */
  name: string
  /**
   * The items in the scan's files that this format recognizes. `taken` holds the files earlier formats took; the
   * reader adds every file it takes (its items' files and its own, such as sidecars and databases), including those
   * it reported as skipped itself.
   */
  find(scan: ArchiveScan, taken: Set<string>): ItemSource[]
}

/**
 * An item that cannot be read this time (a file of it unreadable, its metadata broken, its folder locked): reading it
 * fails with `reason`, so the importer leaves it as it was (one imported before keeps its last import, and is not
 * removed for the files it could not read). Its fingerprint is no digest, so it is never taken as unchanged.
 */
export function heldItem(kind: LibraryItemKind, id: number, files: readonly string[], reason: string): ItemSource {
  const read = () => Promise.reject(new Skip(reason))
  const common = { id, files, fingerprint: 'held', held: reason }
  return kind === 'novel' ? { kind, ...common, read } : { kind, ...common, read }
}

/** What a walk found: the regular files in path order, and the folders it could not read. */
export interface Walked {
  files: FoundFile[]
  unreadableDirs: string[]
}

/** Every file under `root` (symlinks are not followed: they could lead out of the library). */
export function walk(root: string, skip: (file: string, reason: string) => void, exclude: string[]): Walked {
  const out: Walked = { files: [], unreadableDirs: [] }
  const visit = (dir: string) => {
    if (exclude.includes(dir)) return
    let entries: Dirent[]
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (err) {
      skip(dir, `unreadable folder (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
      out.unreadableDirs.push(dir)
      return
    }
    for (const e of entries) {
      const full = path.join(dir, e.name)
      if (e.isSymbolicLink()) skip(full, symlinkReason(root, full))
      else if (e.isDirectory()) visit(full)
      else if (e.isFile()) {
        try {
          const st = lstatSync(full)
          out.files.push({ file: full, rel: path.relative(root, full), bytes: st.size, mtimeMs: st.mtimeMs })
        } catch (err) {
          skip(full, `unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
        }
      }
      // a FIFO would block the read for ever; a socket or a device is no download either
      else skip(full, `not a regular file (${e.isFIFO() ? 'a named pipe' : e.isSocket() ? 'a socket' : 'a device'})`)
    }
  }
  visit(root)
  out.files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
  return out
}

/** Why a symbolic link is not followed, saying where it leads (a link out of the library is what a user must know). */
function symlinkReason(root: string, link: string): string {
  let target: string
  try {
    target = realpathSync(link)
  } catch {
    return 'a symbolic link to nothing: not followed'
  }
  const inside = target === root || target.startsWith(root + path.sep)
  return inside
    ? `a symbolic link (to ${path.relative(root, target)}): not followed`
    : `a symbolic link leading out of the library (to ${target}): not followed`
}
