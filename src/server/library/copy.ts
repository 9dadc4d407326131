import { createHash, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import type { LibraryDb } from '../data/library-db.ts'
import { FileStorage } from '../storage/file-storage.ts'
import { refKey, storageRef, type Storage } from '../storage/storage.ts'

// `npm run import -- PATH… --copy`: the archive's files are copied into the storage (storage/: DATA_DIR by default,
// or a shared folder or S3 bucket by STORAGE_URL) under `library-files/`, and the catalogue serves the copies, so the
// archive can be moved or deleted afterwards, and every instance serves them.
//
// The copies are content-addressed: `library-files/<first two hex digits>/<sha-256 of the bytes>.<ext>`. So a copy
// never changes once written (a changed original is a new copy under its new digest, and the old one goes when no row
// names it), the same bytes kept twice in an archive (a work saved by a user run and a bookmark run) are stored once,
// and no name from the archive reaches the storage. Rows name a copy `storage:library-files/…` (storage.ts), the same
// on every instance whatever its DATA_DIR. A copy is hashed into a local temporary file, then stored atomically
// before the item's transaction names it, so a kill leaves at most an unnamed object, which the next collection
// removes. (Rows of earlier versions name their copies by absolute path under DATA_DIR/library-files: those stay
// served from there, and collected as before.)

export const COPY_FOLDER = 'library-files'

/** Where copies go: the storage, and the local folder (DATA_DIR/library-files) for temporary files and older copies. */
export interface CopyTarget {
  storage: Storage
  dir: string
}

/** The copies of an import into `dir` (DATA_DIR/library-files): in `storage`, by default the folder above `dir`. */
export const copyTarget = (dir: string, storage?: Storage): CopyTarget => ({
  dir,
  storage: storage ?? new FileStorage(path.dirname(dir)),
})

/** Copies and leftovers younger than this are never collected: another import may be about to name them. */
const COLLECT_MIN_AGE_MS = 10 * 60 * 1000

/**
 * Copies every archive file an item's record names (each `path` field under `root`, whatever the item's kind) into
 * the storage, and points the record at the copies (`storage:<key>`). Returns the record (changed in place).
 */
export async function copyItemFiles<T extends object>(record: T, root: string, to: CopyTarget): Promise<T> {
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
        if (!copy) copies.set(value, (copy = await copyFile(value, to)))
        obj[key] = copy
      } else if (value && typeof value === 'object') await visit(value)
    }
  }
  await visit(record)
  return record
}

/** Copies one file into the content-addressed store (hashed while copied to a local temporary file); returns its ref. */
export async function copyFile(file: string, to: CopyTarget): Promise<string> {
  mkdirSync(to.dir, { recursive: true })
  const tmp = path.join(to.dir, `.tmp-${randomBytes(8).toString('hex')}`)
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
    const digest = hash.digest('hex')
    const ext = path.extname(file).slice(1).toLowerCase()
    const key = `${COPY_FOLDER}/${digest.slice(0, 2)}/${/^[a-z0-9]{1,8}$/.test(ext) ? `${digest}.${ext}` : digest}`
    // the same bytes are there already: keep that copy (it never changes)
    if (!(await to.storage.head(key))) await to.storage.put(key, { file: tmp })
    return storageRef(key)
  } finally {
    try {
      unlinkSync(tmp)
    } catch {
      // never made
    }
  }
}

/**
 * Deletes the copies in the storage that no row of the catalogue names any more (their works were updated or removed,
 * or imported again without --copy), older copies under `to.dir` likewise, and temporary files a killed import left.
 * Returns how many went.
 */
export async function collectCopies(
  db: Pick<LibraryDb, 'pathsStartingWith'>,
  to: CopyTarget,
  nowMs = Date.now(),
): Promise<number> {
  const named = new Set<string>()
  // every copy a row names (a work's page, a novel's cover or image, a user's avatar): by its storage ref, or by its
  // path under to.dir (earlier versions)
  for (const p of await db.pathsStartingWith([storageRef(COPY_FOLDER) + '/', to.dir + path.sep]))
    named.add(refKey(p) ?? p)
  let removed = 0
  const local = to.storage.localPath?.(COPY_FOLDER)
  for await (const o of to.storage.list(`${COPY_FOLDER}/`)) {
    // an older row naming the same file by its absolute path keeps it too
    if (named.has(o.key) || (local !== undefined && named.has(to.storage.localPath!(o.key)))) continue
    if (nowMs - o.modifiedMs < COLLECT_MIN_AGE_MS) continue
    try {
      await to.storage.delete(o.key)
      removed++
    } catch {
      // not ours to delete: left
    }
  }
  // earlier versions' copies (and this version's temporary files) in the local folder, when it is not the storage's
  if (!existsSync(to.dir)) return removed
  const sweep = (folder: string) => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, e.name)
      if (e.isDirectory()) sweep(full)
      else if (e.isFile() && !named.has(full) && (e.name.startsWith('.') || local !== path.resolve(to.dir))) {
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
  sweep(to.dir)
  return removed
}
