// gallery-dl's archives: its per-file metadata sidecars (`--write-metadata`: `<file>.json`), read into what the
// importer needs (../shared/reference/archive-formats.md §1). Works are found by their sidecars, not by folder names. The record is the App API item minus its image URLs, plus gallery-dl's
// own keys (`num`, `extension`, `frames`, …). Whatever the sidecar lacks gets the default documented here.

import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { LibraryFileRecord, LibraryWorkRecord } from '../data/library-writer.ts'
import {
  fingerprintOf,
  Skip,
  type ArchiveFormat,
  type ArchiveScan,
  type FoundFile,
  type ItemSource,
} from './archive.ts'
import { readImage, readUgoiraZip } from './media.ts'
import { readConvertedUgoira } from './ugoira-converted.ts'

const int = z.number().int()
const count = int.min(0).catch(0)

/** `tags`: names only (gallery-dl's default `japanese` and `translated`), or `original`'s {name, translated_name}. */
const tag = z.union([
  z.string().min(1),
  z.object({ name: z.string().min(1), translated_name: z.string().nullable().optional() }),
])

const sidecarSchema = z.object({
  category: z.string(),
  id: int.positive().max(Number.MAX_SAFE_INTEGER),
  type: z.enum(['illust', 'manga', 'ugoira']),
  title: z.string(),
  caption: z.string().catch(''),
  restrict: int.min(0).max(2).catch(0),
  x_restrict: int.min(0).max(2).catch(0),
  sanity_level: int.min(0).max(8).optional(),
  illust_ai_type: int.min(0).max(2).catch(0),
  illust_book_style: int.min(0).max(2).catch(0),
  user: z.object({ id: int.positive().max(Number.MAX_SAFE_INTEGER), name: z.string(), account: z.string().min(1) }),
  tags: z.array(tag).catch([]),
  tools: z.array(z.string()).catch([]),
  create_date: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date'),
  width: int.positive().max(100_000),
  height: int.positive().max(100_000),
  series: z.object({ id: int.positive(), title: z.string() }).nullable().optional().catch(null),
  total_view: count,
  total_bookmarks: count,
  total_comments: count,
  comment_access_control: int.min(0).catch(0),
  num: int.min(0).max(100_000).optional(),
  frames: z
    .array(z.object({ file: z.string().min(1), delay: int.min(0).max(3_600_000) }))
    .min(1)
    .optional(),
})

export type Sidecar = z.infer<typeof sidecarSchema>

/** A sidecar read: the work record, or why it is not one this importer takes. */
export type SidecarResult = { ok: true; sidecar: Sidecar } | { ok: false; reason: string }

export function parseSidecar(text: string): SidecarResult {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    return { ok: false, reason: `malformed JSON (${err instanceof Error ? err.message : String(err)})` }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, reason: 'not a JSON object' }
  const category = (raw as { category?: unknown }).category
  if (category !== 'pixiv')
    return { ok: false, reason: `not a pixiv work's metadata (category ${JSON.stringify(category ?? null)})` }
  const parsed = sidecarSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, reason: `not a pixiv work's metadata: ${issue.path.join('.') || '(top)'}: ${issue.message}` }
  }
  return { ok: true, sidecar: parsed.data }
}

/** The page a file holds: the sidecar's `num`, else the `_p<n>` of its name, else 0. */
export function pageOf(sidecar: Sidecar, fileName: string): number {
  if (sidecar.num !== undefined) return sidecar.num
  const m = /_p(\d{1,6})\.[^.]+$/.exec(fileName)
  return m ? Number(m[1]) : 0
}

/** Unix seconds of `create_date` (ISO with its zone, as pixiv sends it). */
export const createdTsOf = (s: Sidecar) => Math.floor(Date.parse(s.create_date) / 1000)

/** pixiv's sanity_level when the sidecar has none: 2 for all-ages, 6 for R-18 and R-18G. */
export const sanityLevelOf = (s: Sidecar) => s.sanity_level ?? (s.x_restrict > 0 ? 6 : 2)

/** Tags in order; a translation only where the sidecar records one (`tags: original`). */
export const tagsOf = (s: Sidecar): { name: string; translatedName?: string | null }[] =>
  s.tags.map((t) => (typeof t === 'string' ? { name: t } : { name: t.name, translatedName: t.translated_name ?? null }))

/** Sidecars past this size are not gallery-dl's (a real one is a few KB). */
const MAX_SIDECAR_BYTES = 4 * 1024 ** 2

interface Candidate extends FoundFile {
  sidecar: Sidecar
  sidecarDigest: string
  page: number
}

export const galleryDl: ArchiveFormat = {
  name: 'gallery-dl',
  find(scan, taken) {
    const sources: ItemSource[] = []
    for (const [id, candidates] of groupSidecars(scan, taken)) {
      try {
        const pages = choosePages(candidates, scan.skip)
        sources.push({
          kind: 'illust',
          id,
          files: pages.map((p) => p.file),
          fingerprint: fingerprintOf(
            pages.map((p) => [p.page, p.file, p.bytes, Math.round(p.mtimeMs), p.sidecarDigest]),
          ),
          read: () => readWork(pages),
        })
      } catch (err) {
        if (!(err instanceof Skip)) throw err
        for (const c of candidates) scan.skip(c.file, `work ${id} not imported: ${err.message}`)
      }
    }
    return sources
  },
}

/** The sidecars of the library with their files, read and grouped by work id; bad sidecars get their report line. */
function groupSidecars(scan: ArchiveScan, taken: Set<string>): Map<number, Candidate[]> {
  const byWork = new Map<number, Candidate[]>()
  for (const found of scan.files) {
    const { file } = found
    if (taken.has(file) || file.endsWith('.json')) continue
    const sidecarFile = scan.byPath.get(`${file}.json`)
    if (!sidecarFile || taken.has(sidecarFile.file)) continue
    taken.add(file)
    taken.add(sidecarFile.file)
    if (sidecarFile.bytes > MAX_SIDECAR_BYTES) {
      scan.skip(sidecarFile.file, 'a sidecar larger than 4 MB: not gallery-dl metadata')
      continue
    }
    let text: string
    try {
      text = readFileSync(sidecarFile.file, 'utf8')
    } catch (err) {
      scan.skip(file, `unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
      continue
    }
    const parsed = parseSidecar(text)
    if (!parsed.ok) {
      scan.skip(sidecarFile.file, parsed.reason)
      continue
    }
    const sidecar = parsed.sidecar
    const candidate: Candidate = {
      ...found,
      sidecar,
      sidecarDigest: createHash('sha256').update(text).digest('hex'),
      page: pageOf(sidecar, path.basename(file)),
    }
    const list = byWork.get(sidecar.id)
    if (list) list.push(candidate)
    else byWork.set(sidecar.id, [candidate])
  }
  return byWork
}

/**
 * One file per page (a work saved in two folders, e.g. by a user and by a bookmark, is one work: the first copy in
 * path order counts, the others are reported), pages 0…n-1 without a gap.
 */
function choosePages(candidates: Candidate[], skip: (file: string, reason: string) => void): Candidate[] {
  const byPage = new Map<number, Candidate>()
  for (const c of candidates) {
    const first = byPage.get(c.page)
    if (!first) byPage.set(c.page, c)
    // the same download in two folders is expected (a user's works and a bookmark run); two that disagree are reported
    else if (!sameWork(first, c))
      skip(c.file, `work ${c.sidecar.id} page ${c.page} differs from its other copy ${first.rel}, which is used`)
  }
  const pages = [...byPage.values()].sort((a, b) => a.page - b.page)
  pages.forEach((p, i) => {
    if (p.page !== i) throw new Skip(`page ${i} is missing from the archive`)
  })
  return pages
}

/** Whether two copies of a page are the same download: the same file size and the same work record. */
function sameWork(a: Candidate, b: Candidate): boolean {
  const work = (s: Sidecar) => {
    // what depends on how it was downloaded (which run, whose bookmark, which rank) is not the work's
    const { num: _n, ...rest } = s
    return JSON.stringify(rest)
  }
  return a.bytes === b.bytes && work(a.sidecar) === work(b.sidecar)
}

/** Reads the files of a work's pages (sizes and types from the files themselves) into its record. */
async function readWork(pages: Candidate[]): Promise<LibraryWorkRecord> {
  const s = pages[0]!.sidecar
  let files: LibraryFileRecord[]
  let ext: string
  let width: number
  let height: number
  let frameDelays: number[] | null = null
  if (s.type === 'ugoira' && pages.length > 1) {
    // `ugoira: original`: every original frame a file of its own, `_p<n>` the frame's index
    if (!s.frames) throw new Skip('an ugoira saved as frames whose metadata has no "frames"')
    if (pages.length !== s.frames.length)
      throw new Skip(`an ugoira of ${s.frames.length} frames with ${pages.length} frame files`)
    const first = await readImage(pages[0]!.file)
    files = pages.map((p) => ({
      page: p.page,
      path: p.file,
      kind: 'ugoira-frame' as const,
      width: first.width,
      height: first.height,
      ext: path.extname(p.file).slice(1).toLowerCase().replace('jpeg', 'jpg'),
      bytes: p.bytes,
      mtimeMs: p.mtimeMs,
    }))
    if (files.some((f) => f.ext !== first.ext)) throw new Skip(`an ugoira whose frames are not all ${first.ext} files`)
    ext = first.ext
    ;({ width, height } = first)
    frameDelays = s.frames.map((f) => f.delay)
  } else if (s.type === 'ugoira' && !pages[0]!.file.endsWith('.zip')) {
    // converted by gallery-dl's ugoira post-processor: a video or an animation (ugoira-converted.ts)
    const converted = await readConvertedUgoira(pages[0]!, s.frames)
    files = [converted.file]
    ext = 'jpg'
    ;[width, height] = [s.width, s.height]
    frameDelays = converted.frameDelays
  } else if (s.type === 'ugoira') {
    const zip = pages[0]!
    const { frames, ...frame } = readUgoiraZip(zip.file, s.frames)
    files = [
      { page: 0, path: zip.file, kind: 'ugoira-zip', ...frame, ext: 'zip', bytes: zip.bytes, mtimeMs: zip.mtimeMs },
    ]
    ext = frame.frameExt
    // The zip holds frames fitted within 1920×1080; the work's size is the original's, as the sidecar records it.
    ;[width, height] = [s.width, s.height]
    frameDelays = frames.map((f) => f.delay)
  } else {
    files = []
    for (const p of pages) {
      const image = await readImage(p.file)
      files.push({ page: p.page, path: p.file, kind: 'image', ...image, bytes: p.bytes, mtimeMs: p.mtimeMs })
    }
    ext = files[0]!.ext
    ;({ width, height } = files[0]!)
  }
  return {
    id: s.id,
    type: s.type,
    title: s.title,
    caption: s.caption,
    createdTs: createdTsOf(s),
    width,
    height,
    ext,
    sanityLevel: sanityLevelOf(s),
    xRestrict: s.x_restrict,
    restrict: s.restrict,
    aiType: s.illust_ai_type,
    bookStyle: s.illust_book_style,
    totalView: s.total_view,
    totalBookmarks: s.total_bookmarks,
    totalComments: s.total_comments,
    commentAccessControl: s.comment_access_control,
    tools: s.tools,
    frameDelays,
    user: { id: s.user.id, name: s.user.name, account: s.user.account },
    tags: tagsOf(s),
    series: s.series ?? null,
    files,
  }
}
