// Storage in a folder: DATA_DIR by default (so `image-cache/…` and `library-files/…` are where earlier versions kept
// them), or a volume every instance mounts (STORAGE_URL=file:///srv/easel-storage). A write goes to a temporary file
// beside its target and is renamed into place: rename is atomic within a filesystem (NFS included), so a reader
// opens the old file or the whole new one.

import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { readSpan } from './read-span.ts'
import {
  checkKey,
  ObjectNotFound,
  type ListedObject,
  type ObjectBody,
  type ObjectInfo,
  type Storage,
} from './storage.ts'

const isMissing = (err: unknown) => ['ENOENT', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '')

/** Temporary files end so; a listing skips them, and `removeLeftovers` deletes other processes' old ones. */
const TEMP = /\.tmp$/

const etagOf = (size: number, mtimeMs: number) => `"${size.toString(16)}-${Math.round(mtimeMs * 1000).toString(16)}"`

export class FileStorage implements Storage {
  readonly kind = 'file'
  readonly description: string
  /** folders made by this process (one mkdir per folder, not per write) */
  private readonly madeDirs = new Set<string>()

  constructor(readonly root: string) {
    this.description = `folder ${root}`
  }

  localPath(key: string): string {
    return path.join(this.root, checkKey(key))
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const st = await stat(this.localPath(key))
      return st.isFile() ? { size: st.size, etag: etagOf(st.size, st.mtimeMs), modifiedMs: st.mtimeMs } : null
    } catch (err) {
      if (isMissing(err)) return null
      throw err
    }
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.localPath(key))
    } catch (err) {
      if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') throw new ObjectNotFound(key)
      throw err
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<ObjectBody> {
    let handle
    try {
      handle = await open(this.localPath(key), 'r')
    } catch (err) {
      if (isMissing(err)) throw new ObjectNotFound(key)
      throw err
    }
    try {
      const st = await handle.stat()
      if (!st.isFile()) throw new ObjectNotFound(key)
      const start = range?.start ?? 0
      const end = Math.min(range?.end ?? st.size - 1, st.size - 1)
      const info = { size: st.size, etag: etagOf(st.size, st.mtimeMs), modifiedMs: st.mtimeMs, start, end }
      if (end < start) {
        await handle.close()
        return { ...info, body: new Blob([]).stream() }
      }
      return { ...info, body: readSpan(handle, start, end) }
    } catch (err) {
      await handle.close().catch(() => {})
      throw err
    }
  }

  async put(key: string, body: Buffer | { file: string }): Promise<void> {
    const file = this.localPath(key)
    const dir = path.dirname(file)
    // named for this process, so a scan can tell its own writes in progress from a crash's leftovers
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
    try {
      if (!this.madeDirs.has(dir)) {
        await mkdir(dir, { recursive: true })
        this.madeDirs.add(dir)
      }
      if (Buffer.isBuffer(body)) await writeFile(tmp, body)
      else await copyFile(body.file, tmp)
      await rename(tmp, file)
    } catch (err) {
      // the folder may have been removed under us: make it again next time
      this.madeDirs.delete(dir)
      await unlink(tmp).catch(() => {})
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.localPath(key))
    } catch (err) {
      if (!isMissing(err)) throw err
    }
  }

  /**
   * The files below `prefix`, temporary files left out. With `removeLeftovers`, temporary files other processes left
   * (a crash mid-write) are deleted on the way (this process's own are being written right now); only those older
   * than `olderThanMs` (unix ms) when it says so, where other live instances may be writing into the same folder.
   */
  async *list(
    prefix: string,
    opts: { removeLeftovers?: boolean | { olderThanMs: number } } = {},
  ): AsyncIterable<ListedObject> {
    // the folder part of the prefix is walked; the rest filters names
    const slash = prefix.lastIndexOf('/')
    const folder = slash < 0 ? '' : prefix.slice(0, slash)
    if (folder) checkKey(folder)
    const walk = async function* (this: FileStorage, rel: string): AsyncGenerator<ListedObject> {
      let entries
      try {
        entries = await readdir(path.join(this.root, rel), { withFileTypes: true })
      } catch {
        return // no such folder (yet), or gone meanwhile
      }
      for (const e of entries) {
        // no key starts with a dot: such names are others' (an import's temporary copy, .DS_Store)
        if (e.name.startsWith('.')) continue
        const key = rel ? `${rel}/${e.name}` : e.name
        if (e.isDirectory()) {
          if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk.call(this, key)
          continue
        }
        if (!e.isFile() || !key.startsWith(prefix)) continue
        const full = path.join(this.root, key)
        try {
          if (TEMP.test(e.name)) {
            const leftovers = opts.removeLeftovers
            if (leftovers && !e.name.includes(`.${process.pid}.`))
              if (leftovers === true || (await stat(full)).mtimeMs < leftovers.olderThanMs) await unlink(full)
            continue
          }
          const st = await stat(full)
          yield { key, size: st.size, modifiedMs: st.mtimeMs }
        } catch {
          // gone meanwhile (deleted, or a temporary file renamed)
        }
      }
    }
    yield* walk.call(this, folder)
  }
}
