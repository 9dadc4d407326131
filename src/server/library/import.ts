// The library importer: one code path for `npm run import` and the start-up scan of LIBRARY_DIR. It reads the
// archive (never writes into it), groups gallery-dl's sidecars by work, and writes each new or changed work in one
// transaction through the data module (data/library-writer.ts). A work whose sidecars and files are as the last scan
// saw them (its fingerprint) is not read again; a work whose files left the folder leaves the catalogue. Every file
// it cannot take gets one line in the report, with the reason; nothing throws past a single work.

import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, readFileSync, realpathSync, type Dirent } from 'node:fs'
import path from 'node:path'
import type Database from 'better-sqlite3'
import sharp, { type Metadata } from 'sharp'
import { unzipSync } from 'fflate'
import { LibraryWriter, type LibraryFileRecord, type LibraryWorkRecord } from '../data/library-writer.ts'
import { createdTsOf, pageOf, parseSidecar, sanityLevelOf, tagsOf, type Sidecar } from './gallery-dl.ts'

/** Bump when what the importer makes of the same files changes: every work is then read again. */
export const IMPORTER_VERSION = 1

/** Images past this many pixels are refused (a decompression bomb): 16384 × 16384. */
export const MAX_IMAGE_PIXELS = 16384 * 16384
/** An ugoira zip whose frames would inflate past this is refused (a zip bomb). */
export const MAX_UGOIRA_BYTES = 1024 ** 3
/** Sidecars past this size are not gallery-dl's (a real one is a few KB). */
const MAX_SIDECAR_BYTES = 4 * 1024 ** 2

const IMAGE_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', gif: 'gif' }

export interface ImportReport {
  root: string
  imported: number
  updated: number
  removed: number
  unchanged: number
  /** each file not taken, with why (relative to the root) */
  skipped: { path: string; reason: string }[]
  /** the works imported, updated or removed (what a running service's caches must forget) */
  changedIds: number[]
  ms: number
}

export interface ImportOptions {
  /** folders under the root that are not the archive's (the service's DATA_DIR when it lies inside the library) */
  exclude?: string[]
  nowS?: () => number
  /** called after each work (done of total works found) */
  onProgress?: (done: number, total: number) => void
}

interface Candidate {
  file: string
  rel: string
  sidecar: Sidecar
  sidecarDigest: string
  page: number
  bytes: number
  mtimeMs: number
}

class Skip extends Error {}

export async function importLibrary(
  db: Database.Database,
  rootIn: string,
  opts: ImportOptions = {},
): Promise<ImportReport> {
  const started = performance.now()
  const nowS = opts.nowS ?? (() => Math.floor(Date.now() / 1000))
  let root: string
  try {
    root = realpathSync(path.resolve(rootIn))
  } catch {
    throw new Error(`the library folder ${path.resolve(rootIn)} does not exist or cannot be read`)
  }
  const writer = new LibraryWriter(db)
  const report: ImportReport = {
    root,
    imported: 0,
    updated: 0,
    removed: 0,
    unchanged: 0,
    skipped: [],
    changedIds: [],
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
  const byWork = groupSidecars(root, skip, exclude)
  const known = writer.fingerprints(root)
  const total = byWork.size
  let done = 0
  for (const [id, candidates] of byWork) {
    try {
      const pages = choosePages(candidates, skip)
      const fingerprint = fingerprintOf(pages)
      if (known.get(id) === fingerprint) report.unchanged++
      else {
        const record = await readWork(pages)
        writer.putWork(root, record, fingerprint, nowS())
        report.changedIds.push(id)
        if (known.has(id)) report.updated++
        else report.imported++
      }
    } catch (err) {
      // The whole work is left as it was (a work already imported keeps its last good version).
      const why = err instanceof Error ? err.message : String(err)
      for (const c of candidates) skip(c.file, `work ${id} not imported: ${why}`)
    }
    known.delete(id)
    opts.onProgress?.(++done, total)
  }
  // What the last scan imported from this folder and this one did not find has left it. A work whose files are there
  // but could not be read this time was seen (its id is no longer in `known`) and stays.
  for (const id of known.keys()) {
    writer.removeWork(id)
    report.changedIds.push(id)
    report.removed++
  }
  writer.finishSeries()
  if (report.changedIds.length > 0) writer.bumpItemsVersion()
  report.skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  writer.setSkipped(root, report.skipped)
  writer.meta('library_last_scan', JSON.stringify({ root, at: nowS(), ...counts(report) }))
  report.ms = Math.round(performance.now() - started)
  return report
}

const counts = (r: ImportReport) => ({
  imported: r.imported,
  updated: r.updated,
  removed: r.removed,
  unchanged: r.unchanged,
  skipped: r.skipped.length,
})

/** Every file under `root` (symlinks are not followed: they could lead out of the library). */
function walk(root: string, skip: (file: string, reason: string) => void, exclude: string[]): string[] {
  const out: string[] = []
  const visit = (dir: string) => {
    if (exclude.includes(dir)) return
    let entries: Dirent[]
    try {
      entries = readdirSync(dir, { withFileTypes: true })
    } catch (err) {
      skip(dir, `unreadable folder (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
      return
    }
    for (const e of entries) {
      const full = path.join(dir, e.name)
      if (e.isSymbolicLink()) skip(full, 'a symbolic link: not followed')
      else if (e.isDirectory()) visit(full)
      else if (e.isFile()) out.push(full)
    }
  }
  visit(root)
  return out.sort()
}

/** The sidecars of the library, read and grouped by work id; every other file gets its report line. */
function groupSidecars(
  root: string,
  skip: (file: string, reason: string) => void,
  exclude: string[],
): Map<number, Candidate[]> {
  const files = walk(root, skip, exclude)
  const present = new Set(files)
  const byWork = new Map<number, Candidate[]>()
  for (const file of files) {
    if (file.endsWith('.json')) {
      const target = file.slice(0, -'.json'.length)
      if (present.has(target)) continue // read with its file
      if (path.basename(file) === 'info.json') skip(file, "gallery-dl's info.json: not imported yet")
      else skip(file, 'a metadata sidecar without its file')
      continue
    }
    const sidecarFile = `${file}.json`
    if (!present.has(sidecarFile)) {
      skip(
        file,
        file.endsWith('.part')
          ? 'a download not complete (.part)'
          : `no metadata sidecar (${path.basename(sidecarFile)})`,
      )
      continue
    }
    let text: string
    let bytes: number
    let mtimeMs: number
    try {
      const st = lstatSync(file)
      bytes = st.size
      mtimeMs = st.mtimeMs
      if (lstatSync(sidecarFile).size > MAX_SIDECAR_BYTES) {
        skip(sidecarFile, 'a sidecar larger than 4 MB: not gallery-dl metadata')
        continue
      }
      text = readFileSync(sidecarFile, 'utf8')
    } catch (err) {
      skip(file, `unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
      continue
    }
    const parsed = parseSidecar(text)
    if (!parsed.ok) {
      skip(sidecarFile, parsed.reason)
      continue
    }
    const sidecar = parsed.sidecar
    const candidate: Candidate = {
      file,
      rel: path.relative(root, file),
      sidecar,
      sidecarDigest: createHash('sha256').update(text).digest('hex'),
      page: pageOf(sidecar, path.basename(file)),
      bytes,
      mtimeMs,
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

function fingerprintOf(pages: Candidate[]): string {
  const h = createHash('sha256').update(`importer ${IMPORTER_VERSION}\n`)
  for (const p of pages) h.update(`${p.page}\0${p.file}\0${p.bytes}\0${Math.round(p.mtimeMs)}\0${p.sidecarDigest}\n`)
  return h.digest('hex')
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
  } else if (s.type === 'ugoira') {
    const zip = pages[0]!
    if (!zip.file.endsWith('.zip'))
      throw new Skip(
        `an ugoira saved as ${path.extname(zip.file) || 'a file'}: only frame zips and frames are imported yet`,
      )
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

/** Width, height and type of an image file, from its header; a non-image or an oversized one is a Skip. */
async function readImage(file: string): Promise<{ width: number; height: number; ext: string }> {
  let meta: Metadata
  try {
    meta = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err)
    // sharp refuses a header past the limit already: a decompression bomb
    if (/pixel limit/i.test(why))
      throw new Skip(`${path.basename(file)} is too large (over ${MAX_IMAGE_PIXELS} pixels)`)
    throw new Skip(`${path.basename(file)} is not a readable image (${why})`)
  }
  const ext = IMAGE_FORMATS[meta.format ?? '']
  if (!ext) throw new Skip(`${path.basename(file)} is a ${meta.format ?? 'unknown'} file, not a JPEG, PNG or GIF`)
  const { width, height } = meta
  if (!width || !height) throw new Skip(`${path.basename(file)} has no size`)
  if (width * height > MAX_IMAGE_PIXELS) throw new Skip(`${path.basename(file)} is ${width}×${height}: too large`)
  return { width, height, ext }
}

/**
 * Checks an ugoira zip against its `frames` (every frame there, names without folders, not inflating past the
 * limit) and reads the first frame's size and type.
 */
function readUgoiraZip(
  file: string,
  recorded: { file: string; delay: number }[] | undefined,
): { width: number; height: number; frameExt: string; frames: { file: string; delay: number }[] } {
  let data: Buffer
  try {
    data = readFileSync(file)
  } catch (err) {
    throw new Skip(`unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  const names = new Map<string, number>()
  let inflated = 0
  let entries: Record<string, Uint8Array>
  try {
    // first the list (nothing inflated), then the first frame and the ugoira post-processor's animation.json
    unzipSync(data, {
      filter: (f) => {
        names.set(f.name, f.originalSize)
        inflated += f.originalSize
        return false
      },
    })
    if (inflated > MAX_UGOIRA_BYTES) throw new Skip(`${path.basename(file)} inflates past 1 GB`)
    for (const name of names.keys())
      if (name.includes('/') || name.includes('\\') || name.startsWith('.'))
        throw new Skip(`${path.basename(file)} has an entry outside its folder (${JSON.stringify(name)})`)
    const firstName = recorded?.[0]?.file ?? [...names.keys()].filter((n) => n !== ANIMATION_JSON).sort()[0]
    entries = unzipSync(data, { filter: (f) => f.name === firstName || f.name === ANIMATION_JSON })
  } catch (err) {
    if (err instanceof Skip) throw err
    throw new Skip(`${path.basename(file)} is not a readable zip (${err instanceof Error ? err.message : String(err)})`)
  }
  // The delays: the sidecar's `frames`, else the `archive` mode's animation.json (a list of {file, delay}).
  const frames = recorded ?? animationJson(entries[ANIMATION_JSON])
  if (!frames) throw new Skip(`${path.basename(file)}: no "frames" in its metadata and no animation.json in it`)
  for (const f of frames) if (!names.has(f.file)) throw new Skip(`${path.basename(file)} lacks the frame ${f.file}`)
  const first = frames[0]!.file
  const bytes = entries[first]
  if (!bytes) throw new Skip(`${path.basename(file)}: the frame ${first} cannot be read`)
  return { ...readFrame(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), first), frames }
}

/** What gallery-dl's ugoira post-processor (`archive` mode) puts beside the frames in the zip. */
const ANIMATION_JSON = 'animation.json'

function animationJson(bytes: Uint8Array | undefined): { file: string; delay: number }[] | undefined {
  if (!bytes) return undefined
  try {
    const parsed = JSON.parse(Buffer.from(bytes).toString('utf8')) as { file?: unknown; delay?: unknown }[]
    const valid =
      Array.isArray(parsed) &&
      parsed.length > 0 &&
      parsed.every((f) => typeof f?.file === 'string' && Number.isInteger(f?.delay) && (f.delay as number) >= 0)
    return valid ? (parsed as { file: string; delay: number }[]) : undefined
  } catch {
    return undefined
  }
}

function readFrame(bytes: Buffer, name: string): { width: number; height: number; frameExt: string } {
  // The first frame's header: JPEG SOFn or PNG IHDR (sharp is asynchronous; a zip is read in one go).
  if (bytes.length > 24 && bytes.readUInt32BE(0) === 0x89504e47)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), frameExt: 'png' }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) break
      const marker = bytes[i + 1]!
      const len = bytes.readUInt16BE(i + 2)
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7), frameExt: 'jpg' }
      i += 2 + len
    }
  }
  throw new Skip(`the frame ${name} is not a JPEG or PNG image`)
}

/** The report as lines for a terminal or a log. */
export function reportLines(r: ImportReport): string[] {
  const c = counts(r)
  return [
    `library ${r.root}: ${c.imported} imported, ${c.updated} updated, ${c.removed} removed, ${c.unchanged} unchanged, ${c.skipped} skipped (${(r.ms / 1000).toFixed(1)} s)`,
    ...r.skipped.map((s) => `  skipped ${s.path}: ${s.reason}`),
  ]
}

/** Whether the scan changed the catalogue. */
export const changedAnything = (r: ImportReport) => r.imported + r.updated + r.removed > 0
