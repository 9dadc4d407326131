// gallery-dl's pixiv novels (../shared/reference/archive-formats.md §1 "Novel record"; gallery-dl's
// PixivNovelExtractor): category `pixiv-novel`, by default `pixiv-novel/{user[id]} {user[account]}/{id}_p{num}.{ext}`.
// `num` 0 is the text, a `.txt` of the webview's `text` (the raw pixiv markup, UTF-8, written as it came); with the
// `covers` option the cover follows as the next `num` (`.jpg`, or `.png` when the JPEG was not there); with `embeds`,
// each `[uploadedimage:]` image follows as a further `num`, its sidecar carrying the web API's `novelImageId`
// (`[pixivimage:]` works are queued as ordinary works, category `pixiv`: galleryDl imports them). Every file has its
// own `--write-metadata` sidecar repeating the novel record. Novels are found by their sidecars, not by names.
//
// What the record lacks gets a default: series order (gallery-dl records none) by date; `added_by_uploaded_user`
// false where the tags are names only (the default `tags` option); text length counted from the text when absent.

import { createHash } from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'
import type { LibraryNovelFileRecord, LibraryNovelRecord } from '../data/library-writer.ts'
import {
  fingerprintOf,
  Skip,
  type ArchiveFormat,
  type ArchiveScan,
  type FoundFile,
  type ItemSource,
} from './archive.ts'
import { readImage, readRegular } from './media.ts'

const int = z.number().int()
const count = int.min(0).catch(0)
const id = int.positive().max(Number.MAX_SAFE_INTEGER)

/** `tags`: names (`japanese`, `translated`) or `original`'s {name, translated_name, added_by_uploaded_user}. */
const tag = z.union([
  z.string().min(1),
  z.object({
    name: z.string().min(1),
    translated_name: z.string().nullable().optional(),
    added_by_uploaded_user: z.boolean().optional(),
  }),
])

export const CATEGORY = 'pixiv-novel'

const novelSidecarSchema = z.object({
  category: z.literal(CATEGORY),
  id,
  title: z.string(),
  caption: z.string().catch(''),
  restrict: int.min(0).max(2).catch(0),
  x_restrict: int.min(0).max(2).catch(0),
  is_original: z.boolean().catch(false),
  novel_ai_type: int.min(0).max(2).catch(0),
  user: z.object({ id, name: z.string(), account: z.string().min(1) }),
  tags: z.array(tag).catch([]),
  create_date: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date'),
  // the App API sends `{}` for a novel in no series
  series: z.object({ id, title: z.string() }).nullable().optional().catch(null),
  text_length: int.min(0).optional().catch(undefined),
  total_view: count,
  total_bookmarks: count,
  total_comments: count,
  num: int.min(0).max(100_000).optional(),
  // an embedded image's sidecar: the web API's textEmbeddedImages entry merged in (a string there)
  novelImageId: z
    .union([z.string().regex(/^[1-9]\d{0,14}$/), id])
    .transform(Number)
    .optional(),
})

type NovelSidecar = z.infer<typeof novelSidecarSchema>

/** Sidecars past this size are not gallery-dl's. */
const MAX_SIDECAR_BYTES = 4 * 1024 ** 2
/** A text past this is not a pixiv novel's (pixiv's longest are about 1 MB of UTF-8). */
export const MAX_NOVEL_TEXT_BYTES = 32 * 1024 ** 2

interface Candidate extends FoundFile {
  sidecar: NovelSidecar
  digest: string
}

/** A sidecar's text when it is a pixiv-novel record (null: another category, left to the other formats). */
function readNovelSidecar(
  scan: ArchiveScan,
  found: FoundFile,
  sidecarFile: FoundFile,
  taken: Set<string>,
): Candidate | null {
  if (sidecarFile.bytes > MAX_SIDECAR_BYTES) return null
  let text: string
  try {
    // opened as the regular file the walk found (a named pipe put in its place would block the read for ever)
    text = readRegular(sidecarFile.file)!.toString('utf8')
  } catch {
    return null // galleryDl reports an unreadable sidecar
  }
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  if (!raw || typeof raw !== 'object' || (raw as { category?: unknown }).category !== CATEGORY) return null
  taken.add(found.file)
  taken.add(sidecarFile.file)
  const parsed = novelSidecarSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    scan.skip(sidecarFile.file, `not a pixiv novel's metadata: ${issue.path.join('.') || '(top)'}: ${issue.message}`)
    return null
  }
  return { ...found, sidecar: parsed.data, digest: createHash('sha256').update(text).digest('hex') }
}

export const galleryDlNovels: ArchiveFormat = {
  name: 'gallery-dl',
  find(scan, taken) {
    const sidecarOf = (f: FoundFile) => {
      if (taken.has(f.file) || f.file.endsWith('.json')) return undefined
      const s = scan.byPath.get(`${f.file}.json`)
      return s && !taken.has(s.file) ? s : undefined
    }
    // The texts first: only `.txt` sidecars are read here, and the other files of the folders novels are in.
    const texts: Candidate[] = []
    const folders = new Set<string>()
    for (const f of scan.files) {
      if (!f.file.endsWith('.txt')) continue
      const s = sidecarOf(f)
      const c = s && readNovelSidecar(scan, f, s, taken)
      if (!c) continue
      texts.push(c)
      folders.add(path.dirname(f.file))
    }
    const images: Candidate[] = []
    for (const f of scan.files) {
      if (!folders.has(path.dirname(f.file)) || f.file.endsWith('.txt')) continue
      const s = sidecarOf(f)
      const c = s && readNovelSidecar(scan, f, s, taken)
      if (c) images.push(c)
    }

    const byNovel = new Map<number, { texts: Candidate[]; images: Candidate[] }>()
    const group = (id: number) => {
      let g = byNovel.get(id)
      if (!g) byNovel.set(id, (g = { texts: [], images: [] }))
      return g
    }
    for (const t of texts) group(t.sidecar.id).texts.push(t)
    for (const i of images) group(i.sidecar.id).images.push(i)

    const sources: ItemSource[] = []
    for (const [novelId, g] of byNovel) {
      const text = firstOf(g.texts, `novel ${novelId}'s text`, scan)
      if (!text) {
        for (const i of g.images)
          scan.skip(i.file, `an image of novel ${novelId}, whose text (.txt) is not in the archive`)
        continue
      }
      // one file per role: the cover, and each embedded image by its id
      const byRole = new Map<string, Candidate[]>()
      for (const i of g.images) {
        const key = roleOf(i.sidecar).role + ':' + roleOf(i.sidecar).imageId
        const list = byRole.get(key)
        if (list) list.push(i)
        else byRole.set(key, [i])
      }
      const files = [...byRole.entries()].map(([key, list]) => firstOf(list, `novel ${novelId}'s ${key}`, scan)!)
      sources.push({
        kind: 'novel',
        id: novelId,
        files: [text.file, ...files.map((f) => f.file)],
        fingerprint: fingerprintOf([
          ['text', 0, text.file, text.bytes, Math.round(text.mtimeMs), text.digest],
          ...files.map((f) => {
            const r = roleOf(f.sidecar)
            return [r.role, r.imageId, f.file, f.bytes, Math.round(f.mtimeMs), f.digest]
          }),
        ]),
        read: () => readNovel(text, files),
      })
    }
    return sources
  },
}

const roleOf = (s: NovelSidecar): { role: 'cover' | 'image'; imageId: number } =>
  s.novelImageId === undefined ? { role: 'cover', imageId: 0 } : { role: 'image', imageId: s.novelImageId }

/**
 * The first copy (in path order) of a file saved more than once, e.g. by a user's and a bookmark's run into folders
 * of their own: copies that are the same download are one file; one that differs is reported.
 */
function firstOf(list: Candidate[], what: string, scan: ArchiveScan): Candidate | undefined {
  const [first, ...rest] = list
  if (!first) return undefined
  const record = (c: Candidate) => {
    // what depends on the run (which subcategory, which num) is not the novel's
    const { num: _n, ...s } = c.sidecar as NovelSidecar & { subcategory?: unknown }
    return JSON.stringify(s)
  }
  for (const c of rest)
    if (c.bytes !== first.bytes || record(c) !== record(first))
      scan.skip(c.file, `${what} differs from its other copy ${first.rel}, which is used`)
  return first
}

/** A novel's text as the archive holds it: UTF-8, every byte kept (no newline or BOM changes). */
export function readNovelText(file: string, bytes: number): string {
  if (bytes > MAX_NOVEL_TEXT_BYTES) throw new Skip(`${path.basename(file)} is larger than 32 MB: not a novel's text`)
  let data: Buffer
  try {
    data = readRegular(file)!
  } catch (err) {
    if (err instanceof Skip) throw err
    throw new Skip(`${path.basename(file)} is unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(data)
  } catch {
    throw new Skip(`${path.basename(file)} is not UTF-8 text`)
  }
}

async function readNovel(text: Candidate, images: Candidate[]): Promise<LibraryNovelRecord> {
  const s = text.sidecar
  const content = readNovelText(text.file, text.bytes)
  const files: LibraryNovelFileRecord[] = []
  for (const i of images) {
    const image = await readImage(i.file)
    files.push({ ...roleOf(i.sidecar), path: i.file, ...image, bytes: i.bytes, mtimeMs: i.mtimeMs })
  }
  return {
    id: s.id,
    title: s.title,
    caption: s.caption,
    createdTs: Math.floor(Date.parse(s.create_date) / 1000),
    restrict: s.restrict,
    xRestrict: s.x_restrict,
    isOriginal: s.is_original,
    aiType: s.novel_ai_type,
    text: content,
    textLength: s.text_length ?? null,
    totalView: s.total_view,
    totalBookmarks: s.total_bookmarks,
    totalComments: s.total_comments,
    user: { id: s.user.id, name: s.user.name, account: s.user.account },
    tags: s.tags.map((t) =>
      typeof t === 'string'
        ? { name: t, byAuthor: false }
        : { name: t.name, translatedName: t.translated_name ?? null, byAuthor: t.added_by_uploaded_user ?? false },
    ),
    series: s.series ?? null,
    seriesOrder: null,
    files,
  }
}
