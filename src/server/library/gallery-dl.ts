// gallery-dl's archives: its per-file metadata sidecars (`--write-metadata`: `<file>.json`), read into what the
// importer needs (../shared/reference/archive-formats.md §1). Works are found by their sidecars, not by folder names. The record is the App API item minus its image URLs, plus gallery-dl's
// own keys (`num`, `extension`, `frames`, …). Whatever the sidecar lacks gets the default documented here.

import { createHash } from 'node:crypto'
import path from 'node:path'
import { z } from 'zod'
import type { LibraryFileRecord, LibraryWorkRecord } from '../data/library-writer.ts'
import {
  fingerprintOf,
  heldItem,
  Skip,
  type ArchiveFormat,
  type ArchiveScan,
  type FoundFile,
  type ItemSource,
} from './archive.ts'
import { readImage, readRegular, readUgoiraZip, Unopenable } from './media.ts'
import type { LibraryItemKind } from '../data/library-writer.ts'
import { isoToDay } from '../services/days.ts'
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
  // the series extractor writes its fuller series record, whose id is a string ("21859")
  series: z
    .object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), title: z.string() })
    .nullable()
    .optional()
    .catch(null),
  total_view: count,
  total_bookmarks: count,
  total_comments: count,
  comment_access_control: int.min(0).catch(0),
  num: int.min(0).max(100_000).optional(),
  frames: z
    .array(z.object({ file: z.string().min(1), delay: int.min(0).max(3_600_000) }))
    .min(1)
    .optional(),
  // What the run that downloaded the file adds (not the work's: two copies of a work may differ in these). A malformed
  // one is left out, and the work still imports.
  /** the work's position in its series (series extractor, file names `{num_series:>03}_{id}_p{num}`) */
  num_series: int.min(0).max(1_000_000).optional().catch(undefined),
  /** whose bookmarks the run listed (bookmark extractor); the login response's user has a string id */
  user_bookmark: z
    .object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), account: z.string() })
    .optional()
    .catch(undefined),
  /** whether the downloading account has bookmarked the work (true for every work of its own bookmarks) */
  is_bookmarked: z.boolean().optional().catch(undefined),
  /** the downloader's own bookmark tags (option metadata-bookmark) */
  tags_bookmark: z.array(z.string().min(1)).optional().catch(undefined),
  /** not gallery-dl's: what a user adds with its `keywords` option to say a run listed private bookmarks */
  bookmark_restrict: z.enum(['public', 'private']).optional().catch(undefined),
  /** the ranking the run listed (ranking extractor); `rank` and `type` from gallery-dl 1.26 */
  ranking: z
    .object({
      mode: z.string().regex(/^[a-z0-9_]{1,40}$/),
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      rank: int.positive().optional(),
      type: z.string().optional(),
    })
    .optional()
    .catch(undefined),
})

export type Sidecar = z.infer<typeof sidecarSchema>

/** A sidecar read: the work record, or why it is not one this importer takes. */
export type SidecarResult = { ok: true; sidecar: Sidecar } | { ok: false; reason: string }

export function parseSidecar(text: string): SidecarResult {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err)
    // JSON.parse stops where the text does when it is cut short (a write interrupted, a download incomplete)
    const at = /at position (\d+)/.exec(why)
    const cut = /end of JSON input/.test(why) || (at !== null && Number(at[1]) >= text.trimEnd().length)
    return { ok: false, reason: `${cut ? 'truncated' : 'malformed'} JSON (${why})` }
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
  /** when its metadata file was written: gallery-dl writes each one right after its file, in the order it lists */
  sidecarMtimeMs: number
  /** the metadata file (`<file>.json`, or an info.json) */
  sidecarPath: string
  page: number
}

export const galleryDl: ArchiveFormat = {
  name: 'gallery-dl',
  find(scan, taken) {
    const sources: ItemSource[] = []
    const { byWork, held } = groupSidecars(scan, taken)
    for (const [id, candidates] of byWork) {
      const unread = held.get(`illust:${id}`)
      if (unread) {
        // written from its other files it would be partial: left as it was (see groupSidecars)
        const files = [...candidates.map((c) => c.file), ...unread.map((u) => u.file)]
        sources.push(heldItem('illust', id, files, unread[0]!.reason))
        held.delete(`illust:${id}`)
        continue
      }
      try {
        const pages = choosePages(candidates, scan.skip)
        // what the run of another copy recorded counts too (a work downloaded from its user and from its series)
        const numSeries = candidates.find((c) => c.sidecar.num_series !== undefined)?.sidecar.num_series
        const seriesTitle = candidates.find(
          (c) => c.sidecar.series?.id === pages[0]!.sidecar.series?.id && c.sidecar.series?.title,
        )?.sidecar.series?.title
        const rows: (string | number)[][] = pages.map((p) => [
          p.page,
          p.file,
          p.bytes,
          Math.round(p.mtimeMs),
          p.sidecarDigest,
        ])
        if (numSeries !== undefined) rows.push(['num_series', numSeries])
        if (seriesTitle !== undefined && seriesTitle !== pages[0]!.sidecar.series?.title)
          rows.push(['series', seriesTitle])
        sources.push({
          kind: 'illust',
          id,
          files: pages.map((p) => p.file),
          fingerprint: fingerprintOf(rows),
          read: () => readWork(pages, { numSeries, seriesTitle }),
        })
      } catch (err) {
        if (!(err instanceof Skip)) throw err
        // a page missing: the importer leaves the work as it was (one imported before keeps its last import)
        sources.push(
          heldItem(
            'illust',
            id,
            candidates.map((c) => c.file),
            err.message,
          ),
        )
      }
    }
    // items with no readable file this time, only ones the last scans imported
    for (const unread of held.values()) {
      const { kind, id } = unread[0]!.item
      sources.push(
        heldItem(
          kind,
          id,
          unread.map((u) => u.file),
          unread[0]!.reason,
        ),
      )
    }
    return sources
  },
}

/** The files of gallery-dl's default name `{id}_p{num}.{ext}`, or the series extractor's `{num_series}_{id}_p{num}`. */
const DEFAULT_NAME = /^(?:\d+_)?(\d+)_p(\d{1,6})\.[A-Za-z0-9]+$/

/** gallery-dl's default file name, `{id}_p{num}.{extension}` (series folders put `{num_series}_` before it). */
const GALLERY_DL_NAME = /(?:^|_)(\d{1,15})_p(\d{1,6})\.[^.]+(?:\.part)?$/

/**
 * A file of an item that cannot be read this time (its sidecar malformed, unreadable or missing): the item is not
 * written from its other files (that would be a partial work), and one imported before keeps its last version.
 */
interface Unread {
  file: string
  item: { kind: LibraryItemKind; id: number }
  /** why, naming the file (relative to the library folder) */
  reason: string
}

/**
 * The sidecars of the library with their files, read and grouped by work id; bad sidecars get their report line.
 * `held`: the files that could not be read this time, by the key of the item they hold back.
 */
function groupSidecars(
  scan: ArchiveScan,
  taken: Set<string>,
): { byWork: Map<number, Candidate[]>; held: Map<string, Unread[]> } {
  const byWork = new Map<number, Candidate[]>()
  // files whose sidecar is there but cannot be read, held or not once the readable ones are grouped
  const unread: { file: string; reason: string }[] = []
  const add = (c: Candidate) => {
    const list = byWork.get(c.sidecar.id)
    if (list) list.push(c)
    else byWork.set(c.sidecar.id, [c])
    recordLists(scan, c)
  }
  for (const found of scan.files) {
    const { file } = found
    if (taken.has(file) || file.endsWith('.json')) continue
    const sidecarFile = scan.byPath.get(`${file}.json`)
    if (!sidecarFile || taken.has(sidecarFile.file)) continue
    taken.add(file)
    taken.add(sidecarFile.file)
    const read = readSidecar(scan, sidecarFile)
    if ('unread' in read) unread.push({ file, reason: read.unread })
    else add({ ...found, ...read, page: pageOf(read.sidecar, path.basename(file)) })
  }
  infoJsons(scan, taken, byWork, add)

  // A file that could not be read belongs to an item when the last scan imported it as that item's, or when its name
  // is a page a work lacks, beside the work's other pages; that item is then left as it was. Otherwise it is a line of
  // its own: a copy elsewhere (say one saved without --write-metadata) or another form of a page the work has (a
  // converted ugoira's .webm beside its zip) does not hold the work back.
  const held = new Map<string, Unread[]>()
  const hold = (file: string, reason: string, sidecarless: boolean) => {
    const byName = GALLERY_DL_NAME.exec(path.basename(file))
    const before = scan.imported.get(file)
    const item = before ?? (byName ? { kind: 'illust' as const, id: Number(byName[1]) } : undefined)
    if (!item) return false
    const list = item.kind === 'illust' ? byWork.get(item.id) : undefined
    const page = byName && Number(byName[1]) === item.id ? Number(byName[2]) : undefined
    const lacked =
      page !== undefined &&
      list?.some((c) => path.dirname(c.file) === path.dirname(file)) === true &&
      !list.some((c) => c.page === page)
    // a file without a sidecar is gallery-dl's only beside its work's sidecars (another format may read it)
    const was = before !== undefined && (!sidecarless || list !== undefined)
    if (!was && !lacked) return false
    const key = `${item.kind}:${item.id}`
    const entry = { file, item, reason: `${path.relative(scan.root, file)}: ${reason}` }
    const h = held.get(key)
    if (h) h.push(entry)
    else held.set(key, [entry])
    return true
  }
  // the file of a sidecar that cannot be read has no line of its own (its sidecar has), unless it holds a work back
  for (const u of unread) hold(u.file, u.reason, false)
  for (const found of scan.files) {
    const { file } = found
    if (taken.has(file) || file.endsWith('.json') || scan.byPath.has(`${file}.json`)) continue
    const reason = file.endsWith('.part')
      ? 'a download not complete (.part)'
      : `no metadata sidecar (${path.basename(file)}.json)`
    // one not held is left to the other formats, and reported as left over
    if (hold(file, reason, true)) taken.add(file)
  }
  return { byWork, held }
}

/** A metadata file read and parsed, or why not (`unread`, for its file) when it got its report line. */
function readSidecar(scan: ArchiveScan, f: FoundFile) {
  const fail = (reason: string, forFile: string) => {
    scan.skip(f.file, reason)
    return { unread: forFile }
  }
  let text: string
  try {
    // opened as the regular file the walk found (a named pipe put in its place would block the read for ever)
    const bytes = readRegular(f.file, MAX_SIDECAR_BYTES)
    if (!bytes) {
      const reason = 'a sidecar larger than 4 MB: not gallery-dl metadata'
      return fail(reason, `its sidecar: ${reason}`)
    }
    text = bytes.toString('utf8')
  } catch (err) {
    const reason =
      err instanceof Unopenable ? err.short : `unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`
    return fail(reason, `its sidecar is ${reason}`)
  }
  const parsed = parseSidecar(text)
  if (!parsed.ok) return fail(parsed.reason, `its sidecar: ${parsed.reason}`)
  return {
    sidecar: parsed.sidecar,
    sidecarDigest: createHash('sha256').update(text).digest('hex'),
    sidecarMtimeMs: f.mtimeMs,
    sidecarPath: f.file,
  }
}

/**
 * gallery-dl's `info.json` (`--write-info-json`): one per download job, written when the job makes its first folder,
 * holding the metadata of the job's first work as it was then — the work record and the run's keys (`user_bookmark`,
 * `ranking`, `search`), but not the file's (`num` is 0 whatever the page, no `extension`, no ugoira `frames`). With
 * `--write-metadata` that work's own sidecars hold all of it (and the files' pages): the info.json is then taken and
 * adds nothing. Without them it is the only metadata of that work: its files in the info.json's folder that have no
 * sidecar (named `{id}_p{num}.{ext}`, gallery-dl's default) are imported with it, their pages from their names. An
 * info.json whose work has neither is reported.
 */
function infoJsons(
  scan: ArchiveScan,
  taken: Set<string>,
  byWork: Map<number, Candidate[]>,
  add: (c: Candidate) => void,
) {
  let byDir: Map<string, FoundFile[]> | undefined
  for (const found of scan.files) {
    if (path.basename(found.file) !== 'info.json' || taken.has(found.file)) continue
    // another extractor's (a novel's, another site's) is left to the format that reads it, or reported as left over
    if (!isPixivWorkJson(found)) continue
    taken.add(found.file)
    const read = readSidecar(scan, found)
    if ('unread' in read) continue
    const id = read.sidecar.id
    if (!byDir) {
      byDir = new Map()
      for (const f of scan.files) {
        const dir = path.dirname(f.file)
        const list = byDir.get(dir)
        if (list) list.push(f)
        else byDir.set(dir, [f])
      }
    }
    const own = (byDir.get(path.dirname(found.file)) ?? []).filter((f) => {
      const m = DEFAULT_NAME.exec(path.basename(f.file))
      return m && Number(m[1]) === id && !taken.has(f.file)
    })
    for (const f of own) {
      taken.add(f.file)
      add({ ...f, ...read, page: Number(DEFAULT_NAME.exec(path.basename(f.file))![2]) })
    }
    if (own.length === 0 && !byWork.has(id))
      scan.skip(
        found.file,
        `gallery-dl's info.json of work ${id}: no file of that work in its folder (its metadata, nothing else, is all it holds)`,
      )
  }
}

/** Whether a JSON file says it is of a pixiv work (category `pixiv`), or cannot be read to say (reported when read). */
function isPixivWorkJson(f: FoundFile): boolean {
  if (f.bytes > MAX_SIDECAR_BYTES) return true
  try {
    const raw = JSON.parse(readRegular(f.file, MAX_SIDECAR_BYTES)?.toString('utf8') ?? '') as unknown
    return !raw || typeof raw !== 'object' || (raw as { category?: unknown }).category === 'pixiv'
  } catch {
    return true
  }
}

/** A folder named `private` or `public` on the way from the library folder to a file: how a user says which. */
function restrictOfFolder(rel: string): 0 | 1 | undefined {
  const names = path
    .dirname(rel)
    .split(path.sep)
    .map((n) => n.toLowerCase())
  if (names.includes('private')) return 1
  if (names.includes('public')) return 0
  return undefined
}

/** The bookmark and ranking records of a file's metadata (lists.ts makes them the owner's bookmarks and rankings). */
function recordLists(scan: ArchiveScan, c: Candidate) {
  const s = c.sidecar
  const base = { kind: 'illust' as const, file: c.sidecarPath, itemId: s.id, writtenMs: c.sidecarMtimeMs }
  if (s.user_bookmark) {
    const restrict =
      s.bookmark_restrict === 'private' ? 1 : s.bookmark_restrict === 'public' ? 0 : restrictOfFolder(c.rel)
    scan.records.bookmarks.push({
      ...base,
      pixivUser: { id: s.user_bookmark.id, account: s.user_bookmark.account },
      downloaderBookmarked: s.is_bookmarked === true,
      ...(restrict === undefined ? {} : { restrict }),
      ...(s.tags_bookmark ? { tags: s.tags_bookmark } : {}),
    })
  }
  if (s.ranking) {
    const { mode, date, rank, type } = s.ranking
    // gallery-dl 1.26's `content` filter ranks a ranking's works of one type among themselves: not that day's ranking
    if (type && type !== 'all')
      scan.skip(
        c.sidecarPath,
        `ranking ${mode} of ${date} filtered to ${type} works: not imported as that day's ranking`,
      )
    else scan.records.rankings.push({ ...base, mode, day: isoToDay(date), ...(rank ? { rank } : {}) })
  }
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
  const work = (s: Sidecar, other: Sidecar) => {
    // What depends on how and when it was downloaded (which run, whose bookmark, which rank, which page, the counters
    // of that day) is not the work's: copies differing only there are one work, nothing to report. The series
    // extractor records a fuller series (its title as the series page has it); an info.json has no frames.
    const {
      num: _n,
      total_view: _v,
      total_bookmarks: _b,
      total_comments: _c,
      num_series: _ns,
      user_bookmark: _ub,
      tags_bookmark: _tb,
      bookmark_restrict: _br,
      is_bookmarked: _ib,
      ranking: _r,
      series,
      frames,
      ...rest
    } = s
    return JSON.stringify({ ...rest, series: series?.id ?? null, frames: other.frames ? frames : undefined })
  }
  return a.bytes === b.bytes && work(a.sidecar, b.sidecar) === work(b.sidecar, a.sidecar)
}

/** Reads the files of a work's pages (sizes and types from the files themselves) into its record. */
async function readWork(
  pages: Candidate[],
  run: { numSeries: number | undefined; seriesTitle: string | undefined },
): Promise<LibraryWorkRecord> {
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
    // every frame is decoded when the zips are made of them: each one a whole image, not only the first
    for (const p of pages.slice(1)) await readImage(p.file)
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
    series: s.series ? { id: s.series.id, title: run.seriesTitle ?? s.series.title } : null,
    seriesOrder: s.series ? (run.numSeries ?? null) : null,
    files,
  }
}
