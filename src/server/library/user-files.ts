import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { LibraryDb } from '../data/library-db.ts'
import type { UserFileRole } from '../data/library-user-files.ts'
import { pathDate } from '../images/paths.ts'
import { fingerprintOf, Skip, type ArchiveScan, type FoundFile } from './archive.ts'
import { copyItemFiles, type CopyTarget } from './copy.ts'
import { readImage } from './media.ts'

// Users' avatars and background banners as gallery-dl saves them with its pixiv `include` option (`avatar`,
// `background`; extractor/pixiv.py of 1.25.3): `avatar{date:?_//%Y-%m-%d}.{extension}` and
// `background….{extension}` in the user's folder, each with a sidecar whose `type` (and `id`) is "avatar" or
// "background", whose `user` is the user_detail's user and whose `create_date` is the date in the file's URL (null
// when the URL has none). They become the user's `user_files` rows: the profile_image_urls and background of the
// user are then rendered from the real file. Files are recognized by their name's start (gallery-dl's default
// file names), then by their sidecar.

const NAME = /^(avatar|background)(?:_\d{4}-\d{2}-\d{2})?\.(jpe?g|png|gif)$/i

const sidecarSchema = z.object({
  category: z.literal('pixiv'),
  type: z.enum(['avatar', 'background']),
  user: z.object({
    id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    name: z.string(),
    account: z.string().min(1),
  }),
  create_date: z
    .string()
    .refine((s) => !Number.isNaN(Date.parse(s)), 'not a date')
    .nullable()
    .optional(),
})

export interface UserFileSource {
  userId: number
  role: UserFileRole
  file: FoundFile
  owner: { id: number; name: string; account: string }
  createdTs: number | null
  fingerprint: string
}

/**
 * The avatar and background files of the scan (the newest of each user's, by its date), their files and sidecars
 * added to `taken`. Must run before the works' readers, which would take such a sidecar for a work's and refuse it.
 */
export function findUserFiles(scan: ArchiveScan, taken: Set<string>): UserFileSource[] {
  const newest = new Map<string, UserFileSource>()
  for (const found of scan.files) {
    if (taken.has(found.file) || !NAME.test(path.basename(found.file))) continue
    const sidecar = scan.byPath.get(`${found.file}.json`)
    if (!sidecar || taken.has(sidecar.file)) continue
    let text: string
    try {
      if (sidecar.bytes > 1024 ** 2) continue
      text = readFileSync(sidecar.file, 'utf8')
    } catch {
      continue
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      continue // not ours: the works' reader reports a malformed sidecar
    }
    const parsed = sidecarSchema.safeParse(raw)
    if (!parsed.success) continue
    taken.add(found.file)
    taken.add(sidecar.file)
    const s = parsed.data
    const source: UserFileSource = {
      userId: s.user.id,
      role: s.type,
      file: found,
      owner: { id: s.user.id, name: s.user.name, account: s.user.account },
      createdTs: s.create_date ? Math.floor(Date.parse(s.create_date) / 1000) : null,
      fingerprint: fingerprintOf([
        [found.file, found.bytes, Math.round(found.mtimeMs), createHash('sha256').update(text).digest('hex')],
      ]),
    }
    const key = `${source.userId}:${source.role}`
    const other = newest.get(key)
    if (!other) {
      newest.set(key, source)
      continue
    }
    const [kept, older] = (source.createdTs ?? 0) > (other.createdTs ?? 0) ? [source, other] : [other, source]
    newest.set(key, kept)
    scan.skip(older.file.file, `an older ${older.role} of user ${older.userId} (${kept.file.rel} is used)`)
  }
  return [...newest.values()]
}

export interface UserFilesOutcome {
  imported: number
  updated: number
  removed: number
  unchanged: number
  /** users whose files changed (their works' items name their avatar) */
  users: Set<number>
}

/**
 * Imports what findUserFiles found into the catalogue, each file in its own transaction; a file that cannot be read
 * gets its report line and leaves what was there. Files the last scan of `root` imported that are gone are removed.
 */
export async function importUserFiles(
  db: Pick<LibraryDb, 'userFiles'>,
  root: string,
  sources: readonly UserFileSource[],
  opts: { copyTo?: CopyTarget; skip: (file: string, reason: string) => void },
): Promise<UserFilesOutcome> {
  const files = db.userFiles
  const known = await files.seen(root)
  /** what this scan leaves imported from `root` (written once, at the end) */
  const seen = new Map(known)
  const out: UserFilesOutcome = { imported: 0, updated: 0, removed: 0, unchanged: 0, users: new Set() }
  for (const s of sources) {
    const key = `${s.userId}:${s.role}`
    const fingerprint = opts.copyTo ? `${s.fingerprint} copied` : s.fingerprint
    try {
      if (known.get(key) === fingerprint) out.unchanged++
      else {
        const image = await readImage(s.file.file)
        const record = {
          userId: s.userId,
          role: s.role,
          path: s.file.file,
          ...image,
          bytes: s.file.bytes,
          mtimeMs: s.file.mtimeMs,
        }
        if (opts.copyTo) await copyItemFiles(record, root, opts.copyTo)
        await files.put(record, s.owner, s.createdTs === null ? null : pathDate(s.createdTs))
        seen.set(key, fingerprint)
        out.users.add(s.userId)
        if (known.has(key)) out.updated++
        else out.imported++
      }
    } catch (err) {
      const why = err instanceof Skip || err instanceof Error ? err.message : String(err)
      opts.skip(s.file.file, `the ${s.role} of user ${s.userId} not imported: ${why}`)
    }
    known.delete(key)
  }
  for (const key of known.keys()) {
    const [userId, role] = key.split(':') as [string, UserFileRole]
    await files.remove(Number(userId), role)
    seen.delete(key)
    out.users.add(Number(userId))
    out.removed++
  }
  if (out.imported + out.updated + out.removed > 0) await files.setSeen(root, seen)
  return out
}
