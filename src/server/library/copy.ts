import { createHash, randomBytes } from 'node:crypto'
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import type Database from 'better-sqlite3'

// `npm run import -- PATH… --copy`: the archive's files are copied into DATA_DIR/library-files and the catalogue
// serves the copies, so the archive can be moved or deleted afterwards.
//
// The copies are content-addressed: `library-files/<first two hex digits>/<sha-256 of the bytes>.<ext>`. So a copy
// never changes once written (a changed original is a new copy under its new digest, and the old one goes when no row
// names it), the same bytes kept twice in an archive (a work saved by a user run and a bookmark run) are stored once,
// and no name from the archive reaches the data folder. A copy is written to a temporary name and renamed into place
// before the item's transaction names it, so a kill leaves at most an unnamed file, which the next collection removes.

export const COPY_FOLDER = 'library-files'

/** Copies and leftovers younger than this are never collected: another import may be about to name them. */
const COLLECT_MIN_AGE_MS = 10 * 60 * 1000

/**
 * Copies every archive file an item's record names (each `path` field under `root`, whatever the item's kind) into
 * `dir`, and points the record at the copies. Returns the record (changed in place).
 */
export async function copyItemFiles<T extends object>(record: T, root: string, dir: string): Promise<T> {
  const copies = new Map<string, string>()
  const visit = async (node: unknown): Promise<void> => {
    if (Array.isArray(node)) {
      for (const child of node) await visit(child)
      return
    }
    if (!node || typeof node !== 'object') return
    const obj = node as Record<string, unknown>
    for (const [key, value] of Object.entries(obj)) {
      if (key === 'path' && typeof value === 'string' && value.startsWith(root + path.sep)) {
        let copy = copies.get(value)
        if (!copy) copies.set(value, (copy = await copyFile(value, dir)))
        obj[key] = copy
      } else if (value && typeof value === 'object') await visit(value)
    }
  }
  await visit(record)
  return record
}

/** Copies one file into the content-addressed store (streamed: hashed while written); returns the copy's path. */
export async function copyFile(file: string, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const tmp = path.join(dir, `.tmp-${randomBytes(8).toString('hex')}`)
  const hash = createHash('sha256')
  try {
    await pipeline(
      createReadStream(file),
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk)
          done(null, chunk)
        },
      }),
      createWriteStream(tmp, { flags: 'wx' }),
    )
  } catch (err) {
    try {
      unlinkSync(tmp)
    } catch {
      // never made
    }
    throw err
  }
  const digest = hash.digest('hex')
  const ext = path.extname(file).slice(1).toLowerCase()
  const name = /^[a-z0-9]{1,8}$/.test(ext) ? `${digest}.${ext}` : digest
  const sub = path.join(dir, digest.slice(0, 2))
  mkdirSync(sub, { recursive: true })
  const target = path.join(sub, name)
  // the same bytes are there already: keep that copy (it never changes)
  if (existsSync(target)) unlinkSync(tmp)
  else renameSync(tmp, target)
  return target
}

/**
 * Deletes the copies under `dir` that no row of the catalogue names any more (their works were updated or removed,
 * or imported again without --copy), and temporary files a killed import left. Returns how many went.
 */
export function collectCopies(db: Database.Database, dir: string, nowMs = Date.now()): number {
  if (!existsSync(dir)) return 0
  const named = new Set<string>()
  // every table of the library schema that names a file (work pages, novels' covers and images, users' avatars)
  for (const table of ['work_files', 'novel_files', 'user_files']) {
    const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)
    if (!exists) continue
    for (const r of db
      .prepare(`SELECT path FROM ${table} WHERE path LIKE ? ESCAPE '\\'`)
      .iterate(likePrefix(dir)) as Iterable<{
      path: string
    }>)
      named.add(r.path)
  }
  let removed = 0
  const sweep = (folder: string) => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, e.name)
      if (e.isDirectory()) sweep(full)
      else if (e.isFile() && !named.has(full)) {
        try {
          if (nowMs - statSync(full).mtimeMs < COLLECT_MIN_AGE_MS) continue
          unlinkSync(full)
          removed++
        } catch {
          // gone already, or not ours to delete: left
        }
      }
    }
  }
  sweep(dir)
  return removed
}

/** A LIKE pattern matching the paths under `dir`. */
function likePrefix(dir: string): string {
  return `${(dir + path.sep).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
