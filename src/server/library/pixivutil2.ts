// PixivUtil2's archives (../shared/reference/archive-formats.md §2): its database `db.sqlite` (works, their pages'
// files by `save_name`, members, tags with translations, AI type, series), its sidecars — the `.txt` of
// `writeImageInfo`, the `.json` of `writeImageJSON`, which is the web API's `/ajax/illust/{id}` body with
// `writeRawJSON` — and its ugoira: the `…_ugoira1920x1080.zip` with the `.zip.js` of `writeUgoiraInfo`, or the
// `.ugoira` of `createUgoira` (the zip plus an animation.json). Novels (`.html`) are read elsewhere.
//
// A work is found by its database row whose file is in the library, or by a sidecar beside its files (PixivUtil2's
// default names, `<urlFilename> - <title>.<ext>`: `98765_p0 - Title.jpg`, `98765_ugoira1920x1080 - Title.zip`; a
// manga's sidecar is named after its last page). Each field comes from the richest source that records it: the raw
// JSON, then the `.json`, the `.txt`, the database. What none records gets the default documented at `readWork`.
//
// The database is opened read-only and nothing is written beside it: a database in WAL mode or with a journal left
// by a running PixivUtil2 is copied to a temporary folder and read there.

import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, openSync, readFileSync, readSync, closeSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
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

type WorkType = 'illust' | 'manga' | 'ugoira'
type Frame = { file: string; delay: number }
type Tag = { name: string; translatedName?: string | null }

/** What one source says of a work; a field left undefined is one the source does not record. */
interface Meta {
  source: 'raw JSON' | '.json' | '.txt' | 'db.sqlite'
  id: number
  type?: WorkType
  /** PixivUtil2's "Image Mode": `big`, `manga` (more than one page, whatever pixiv's type) or `ugoira_view` */
  mode?: string
  title?: string
  caption?: string
  createdTs?: number
  width?: number
  height?: number
  pages?: number
  sanityLevel?: number
  xRestrict?: number
  restrict?: number
  aiType?: number
  bookStyle?: number
  totalView?: number
  totalBookmarks?: number
  totalComments?: number
  userId?: number
  userName?: string
  userAccount?: string
  tags?: Tag[]
  /** the tags are PixivUtil2's `imageTags`, where it inserts `AI-generated` first for a work pixiv flags as AI */
  tagsMayHaveAiTag?: boolean
  /** null: the source says there is none */
  series?: { id: number; title: string } | null
  frames?: Frame[]
}

/** Sidecars past this size are not PixivUtil2's (a real one is a few KB). */
const MAX_SIDECAR_BYTES = 4 * 1024 ** 2
/** The tag PixivUtil2 puts first in the `.json`/`.txt` tags of a work pixiv flags as AI-generated (aiType 2). */
const AI_TAG = 'AI-generated'
const IMAGE_EXTS = new Set(['jpg', 'jpeg', 'png', 'gif'])
/** What PixivUtil2 converts an ugoira into beside its zip (createGif, createApng, createWebm, …). */
const CONVERTED_EXTS = new Set(['gif', 'png', 'apng', 'avif', 'webm', 'webp', 'mkv', 'mp4'])
/** A file PixivUtil2 named by its default formats: `<id>_p<n>` or `<id>_ugoira<w>x<h>`, then ` - <title>`. */
const DOWNLOAD_NAME = /^(\d{1,19})_(?:p(\d{1,6})|ugoira\d+x\d+)(?= - |\.)/

// ---------------------------------------------------------------------------------------------------------------
// Sidecars

const idLike = z
  .union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,16}$/)
      .transform(Number),
  ])
  .refine((n) => Number.isSafeInteger(n), 'not an id')
const int = z.number().int()
const optInt = (min: number, max: number) => int.min(min).max(max).optional().catch(undefined)
const seriesNav = z.object({ seriesId: idLike, title: z.string() }).nullable().optional().catch(undefined)
const dateString = z.string().refine((s) => !Number.isNaN(parseDate(s)), 'not a date')

/** `writeRawJSON`: the web API's illust body, minus RawJSONFilter's keys (by default `id`, `title`, …). */
const rawSchema = z.object({
  illustId: idLike,
  illustTitle: z.string(),
  illustComment: z.string().catch(''),
  illustType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  createDate: dateString,
  restrict: optInt(0, 2),
  xRestrict: optInt(0, 2),
  sl: optInt(0, 8),
  aiType: optInt(0, 2),
  bookStyle: z.coerce.number().int().min(0).max(2).optional().catch(undefined),
  tags: z
    .object({
      tags: z.array(
        z.object({
          tag: z.string().min(1),
          translation: z.record(z.string(), z.string()).nullable().optional().catch(undefined),
        }),
      ),
    })
    .nullable()
    .optional()
    .catch(undefined),
  userId: idLike,
  userName: z.string(),
  userAccount: z.string().min(1).optional().catch(undefined),
  width: int.positive().optional().catch(undefined),
  height: int.positive().optional().catch(undefined),
  pageCount: int.positive().optional().catch(undefined),
  bookmarkCount: int.min(0).optional().catch(undefined),
  viewCount: int.min(0).optional().catch(undefined),
  commentCount: int.min(0).optional().catch(undefined),
  seriesNavData: seriesNav,
  'Ugoira Data': z.string().optional().catch(undefined),
})

/** `writeImageJSON` without `writeRawJSON`: PixivUtil2's own keys. */
const jsonSchema = z.object({
  'Artist ID': idLike,
  'Artist Name': z.string().optional().catch(undefined),
  'Image ID': idLike,
  'Series Data': seriesNav,
  Title: z.string(),
  Caption: z.string().catch(''),
  Tags: z.array(z.string()).catch([]),
  'Image Mode': z.string().optional().catch(undefined),
  Pages: int.positive().optional().catch(undefined),
  Date: dateString.optional().catch(undefined),
  Resolution: z.string().optional().catch(undefined),
  BookmarkCount: int.min(0).optional().catch(undefined),
  'Ugoira Data': z.string().optional().catch(undefined),
})

const ugoiraDataSchema = z.object({
  frames: z.array(z.object({ file: z.string().min(1), delay: int.min(0).max(3_600_000) })).min(1),
})

/** Unix seconds of a date as PixivUtil2 writes it: ISO (`…T15:00:04+00:00`) or Python's (`… 15:00:04+00:00`). */
function parseDate(s: string): number {
  const iso = /^\d{4}-\d\d-\d\d \d/.test(s) ? s.replace(' ', 'T') : s
  return Math.floor(Date.parse(iso) / 1000)
}

const typeOfIllustType = (t: 0 | 1 | 2): WorkType => (['illust', 'manga', 'ugoira'] as const)[t]

/** `Resolution`: `1000x1000`, or `Multiple images: 3P` for more than one page. */
function resolution(s: string | undefined): { width?: number; height?: number } {
  const m = s ? /^(\d{1,6})x(\d{1,6})$/.exec(s.trim()) : null
  return m ? { width: Number(m[1]), height: Number(m[2]) } : {}
}

function ugoiraData(text: string | undefined): Frame[] | undefined {
  if (!text) return undefined
  try {
    const parsed = ugoiraDataSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data.frames : undefined
  } catch {
    return undefined
  }
}

const translationOf = (t: Record<string, string> | null | undefined): string | null =>
  t ? (t.en ?? Object.values(t)[0] ?? null) : null

type SidecarResult = { ok: true; meta: Meta } | { ok: false; reason: string } | { ok: 'not-ours' }

/** A `.json` sidecar: the raw JSON or PixivUtil2's own keys; `not-ours` for JSON of another kind. */
export function parseJsonSidecar(text: string, namedLikeOurs: boolean): SidecarResult {
  let raw: unknown
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (err) {
    if (!namedLikeOurs) return { ok: 'not-ours' }
    return { ok: false, reason: `malformed JSON (${err instanceof Error ? err.message : String(err)})` }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return namedLikeOurs ? { ok: false, reason: 'not a JSON object' } : { ok: 'not-ours' }
  const why = (e: z.ZodError) => `${e.issues[0]!.path.join('.') || '(top)'}: ${e.issues[0]!.message}`
  if ('illustId' in raw) {
    const p = rawSchema.safeParse(raw)
    if (!p.success) return { ok: false, reason: `not a pixiv work's metadata: ${why(p.error)}` }
    const r = p.data
    return {
      ok: true,
      meta: {
        source: 'raw JSON',
        id: r.illustId,
        type: typeOfIllustType(r.illustType),
        title: r.illustTitle,
        caption: r.illustComment,
        createdTs: parseDate(r.createDate),
        width: r.width,
        height: r.height,
        pages: r.pageCount,
        sanityLevel: r.sl,
        xRestrict: r.xRestrict,
        restrict: r.restrict,
        aiType: r.aiType,
        bookStyle: r.bookStyle,
        totalView: r.viewCount,
        totalBookmarks: r.bookmarkCount,
        totalComments: r.commentCount,
        userId: r.userId,
        userName: r.userName,
        userAccount: r.userAccount,
        tags: r.tags?.tags.map((t) => ({ name: t.tag, translatedName: translationOf(t.translation) })),
        series: r.seriesNavData ? { id: r.seriesNavData.seriesId, title: r.seriesNavData.title } : null,
        frames: ugoiraData(r['Ugoira Data']),
      },
    }
  }
  if ('Image ID' in raw) {
    const p = jsonSchema.safeParse(raw)
    if (!p.success) return { ok: false, reason: `not a pixiv work's metadata: ${why(p.error)}` }
    const j = p.data
    return {
      ok: true,
      meta: {
        source: '.json',
        id: j['Image ID'],
        mode: j['Image Mode'],
        title: j.Title,
        caption: j.Caption,
        createdTs: j.Date === undefined ? undefined : parseDate(j.Date),
        ...resolution(j.Resolution),
        pages: j.Pages,
        totalBookmarks: j.BookmarkCount,
        userId: j['Artist ID'],
        userName: j['Artist Name'],
        tags: j.Tags.map((name) => ({ name })),
        tagsMayHaveAiTag: true,
        // PixivUtil2 writes "Series Data" only for a work in a series
        series: j['Series Data'] ? { id: j['Series Data'].seriesId, title: j['Series Data'].title } : null,
        frames: ugoiraData(j['Ugoira Data']),
      },
    }
  }
  return namedLikeOurs
    ? { ok: false, reason: 'not PixivUtil2 metadata (no "Image ID" or "illustId")' }
    : { ok: 'not-ours' }
}

const TXT_KEYS = [
  'ArtistID',
  'ArtistName',
  'ImageID',
  'Title',
  'SeriesTitle',
  'SeriesOrder',
  'SeriesId',
  'Caption',
  'Tags',
  'Image Mode',
  'Pages',
  'Date',
  'Resolution',
  'BookmarkCount',
  'Link',
  'Ugoira Data',
  'Urls',
  'Translated Title',
  'Translated Caption',
]
const TXT_LINE = new RegExp(`^(${TXT_KEYS.join('|')}) *= ?(.*)$`)

/** `writeImageInfo`'s `.txt`: CRLF lines of `Key = value`, keys padded; `not-ours` unless it opens with ArtistID. */
export function parseTxtSidecar(text: string): SidecarResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  if (!/^ArtistID *= /.test(lines[0] ?? '')) return { ok: 'not-ours' }
  const v = new Map<string, string>()
  let last: string | undefined
  for (const line of lines) {
    const m = TXT_LINE.exec(line)
    if (m) v.set((last = m[1]!), m[2]!)
    // a caption with line breaks goes on over the following lines (the Urls' items too)
    else if (last && line !== '') v.set(last, `${v.get(last)}\n${line}`)
  }
  const num = (k: string) => (/^\d{1,19}$/.test(v.get(k)?.trim() ?? '') ? Number(v.get(k)!.trim()) : undefined)
  const id = num('ImageID')
  const userId = num('ArtistID')
  if (!id || !userId) return { ok: false, reason: "not a pixiv work's metadata: no ImageID or ArtistID" }
  const date = v.get('Date')
  const createdTs = date === undefined ? undefined : parseDate(date)
  const seriesId = num('SeriesId')
  const tags = v.get('Tags')
  return {
    ok: true,
    meta: {
      source: '.txt',
      id,
      mode: v.get('Image Mode'),
      title: v.get('Title'),
      caption: v.get('Caption'),
      createdTs: createdTs === undefined || Number.isNaN(createdTs) ? undefined : createdTs,
      ...resolution(v.get('Resolution')),
      pages: num('Pages'),
      totalBookmarks: num('BookmarkCount'),
      userId,
      userName: v.get('ArtistName'),
      // pixiv tags hold no spaces: ", " only ever separates them
      tags: tags
        ? tags
            .split(', ')
            .filter(Boolean)
            .map((name) => ({ name }))
        : [],
      tagsMayHaveAiTag: true,
      series: seriesId ? { id: seriesId, title: v.get('SeriesTitle') ?? '' } : null,
      frames: ugoiraData(v.get('Ugoira Data')),
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The database

interface DbWork {
  id: number
  memberId: number
  title: string | null
  saveName: string
  mode: string | null
  caption: string | null
  /** pixiv_manga_image: every page's file (a single image's and an ugoira's too, as page 0) */
  pages: { page: number; saveName: string }[]
  tags: string[]
  aiType: number | null
  series: { id: number; title: string } | null
}

interface DbContents {
  file: FoundFile
  works: Map<number, DbWork>
  members: Map<number, { name: string | null; token: string | null }>
  /** tag → its translations by type (`romaji`, `en`, …) */
  translations: Map<string, Map<string, string>>
}

/**
 * Reads a PixivUtil2 database without writing anything beside it: opened read-only, or, when it is in WAL mode or has
 * a journal beside it (PixivUtil2 is writing), read from a copy in a temporary folder. Null when it is not
 * PixivUtil2's (no pixiv_master_image table).
 */
export function readPixivUtil2Db(found: FoundFile): DbContents | null {
  const file = found.file
  const header = Buffer.alloc(20)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, header, 0, 20, 0)
  } finally {
    closeSync(fd)
  }
  if (header.subarray(0, 16).toString('latin1') !== 'SQLite format 3\0') throw new Skip('not an SQLite database')
  const wal = header[18] === 2
  const companions = ['-journal', '-wal'].filter((s) => existsSync(file + s))
  let tmp: string | undefined
  let db: Database.Database
  if (wal || companions.length > 0) {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'easel-pixivutil2-db-'))
    const copy = path.join(tmp, 'db.sqlite')
    copyFileSync(file, copy)
    for (const s of companions) copyFileSync(file + s, copy + s)
    db = new Database(copy, { fileMustExist: true, timeout: 5000 })
  } else db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 })
  try {
    return readTables(db, found)
  } finally {
    db.close()
    if (tmp) rmSync(tmp, { recursive: true, force: true })
  }
}

function readTables(db: Database.Database, found: FoundFile): DbContents | null {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name),
  )
  if (!tables.has('pixiv_master_image')) return null
  const columns = (t: string) =>
    new Set((db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => c.name))
  const imageCols = columns('pixiv_master_image')
  const works = new Map<number, DbWork>()
  const rows = db
    .prepare(
      `SELECT image_id, member_id, title, save_name, ${imageCols.has('is_manga') ? 'is_manga' : 'NULL'} AS mode,
        ${imageCols.has('caption') ? 'caption' : 'NULL'} AS caption FROM pixiv_master_image
       WHERE save_name IS NOT NULL AND save_name != 'N/A' ORDER BY image_id`,
    )
    .all() as {
    image_id: number
    member_id: number
    title: string | null
    save_name: string
    mode: unknown
    caption: unknown
  }[]
  for (const r of rows) {
    if (!Number.isSafeInteger(r.image_id) || r.image_id <= 0) continue
    works.set(r.image_id, {
      id: r.image_id,
      memberId: Number(r.member_id),
      title: r.title === 'N/A' ? null : r.title,
      saveName: String(r.save_name),
      mode: typeof r.mode === 'string' && r.mode !== '' ? r.mode : null,
      caption: typeof r.caption === 'string' ? r.caption : null,
      pages: [],
      tags: [],
      aiType: null,
      series: null,
    })
  }
  if (tables.has('pixiv_manga_image'))
    for (const r of db
      .prepare(
        'SELECT image_id, page, save_name FROM pixiv_manga_image WHERE save_name IS NOT NULL ORDER BY image_id, page',
      )
      .all() as { image_id: number; page: number; save_name: string }[])
      works.get(r.image_id)?.pages.push({ page: Number(r.page), saveName: String(r.save_name) })
  if (tables.has('pixiv_image_to_tag'))
    // the rows' order is the order PixivUtil2 inserted the work's tags in: pixiv's
    for (const r of db.prepare('SELECT image_id, tag_id FROM pixiv_image_to_tag ORDER BY image_id, rowid').all() as {
      image_id: number
      tag_id: string
    }[])
      if (r.tag_id) works.get(r.image_id)?.tags.push(String(r.tag_id))
  if (tables.has('pixiv_ai_info'))
    for (const r of db.prepare('SELECT image_id, ai_type FROM pixiv_ai_info').all() as {
      image_id: number
      ai_type: number
    }[]) {
      const w = works.get(r.image_id)
      // -1: the web API said nothing of it
      if (w && Number.isInteger(r.ai_type) && r.ai_type >= 0 && r.ai_type <= 2) w.aiType = r.ai_type
    }
  if (tables.has('pixiv_image_to_series')) {
    const titled = tables.has('pixiv_master_series')
    for (const r of db
      .prepare(
        titled
          ? `SELECT s.image_id, s.series_id, m.series_title FROM pixiv_image_to_series s
             LEFT JOIN pixiv_master_series m ON m.series_id = s.series_id`
          : 'SELECT image_id, series_id, NULL AS series_title FROM pixiv_image_to_series',
      )
      .all() as { image_id: number; series_id: string | number; series_title: string | null }[]) {
      const w = works.get(r.image_id)
      const id = Number(r.series_id)
      if (w && Number.isSafeInteger(id) && id > 0) w.series = { id, title: r.series_title ?? '' }
    }
  }
  const members = new Map<number, { name: string | null; token: string | null }>()
  if (tables.has('pixiv_master_member')) {
    const hasToken = columns('pixiv_master_member').has('member_token')
    for (const r of db
      .prepare(`SELECT member_id, name, ${hasToken ? 'member_token' : 'NULL'} AS token FROM pixiv_master_member`)
      .all() as { member_id: number; name: string | null; token: string | null }[])
      members.set(Number(r.member_id), {
        // a member added by id only is named by its id until its name is known
        name: r.name && r.name !== String(r.member_id) ? r.name : null,
        token: r.token ? r.token : null,
      })
  }
  const translations = new Map<string, Map<string, string>>()
  if (tables.has('pixiv_tag_translation'))
    for (const r of db.prepare('SELECT tag_id, translation_type, translation FROM pixiv_tag_translation').all() as {
      tag_id: string
      translation_type: string
      translation: string | null
    }[]) {
      if (!r.translation) continue
      const m = translations.get(r.tag_id) ?? new Map<string, string>()
      m.set(r.translation_type, r.translation)
      translations.set(r.tag_id, m)
    }
  return { file: found, works, members, translations }
}

/** What the database says of a work (tags with the translation pixiv sent for the English locale, if any). */
function dbMeta(w: DbWork, contents: DbContents): Meta {
  const member = contents.members.get(w.memberId)
  return {
    source: 'db.sqlite',
    id: w.id,
    mode: w.mode ?? undefined,
    title: w.title ?? undefined,
    // stored only with autoAddCaption: an empty one says nothing
    caption: w.caption || undefined,
    userId: w.memberId,
    userName: member?.name ?? undefined,
    userAccount: member?.token ?? undefined,
    tags:
      w.tags.length > 0
        ? w.tags.map((name) => {
            const t = contents.translations.get(name)
            const other = t && [...t.entries()].find(([k]) => k !== 'romaji')?.[1]
            return { name, translatedName: t?.get('en') ?? other ?? null }
          })
        : undefined,
    aiType: w.aiType ?? undefined,
    series: w.series ?? undefined,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Finding the works

interface Sidecar {
  file: FoundFile
  meta: Meta
  digest: string
}

/** What the importer makes a work of: its pages' files, its sidecars and rows, and what else it took. */
interface Group {
  id: number
  db?: { work: DbWork; contents: DbContents }
  sidecars: Sidecar[]
  /** page → file; an ugoira's one page is its zip (or `.ugoira`) */
  pages: Map<number, FoundFile>
  /** a `.zip.js` (writeUgoiraInfo) beside the zip */
  ugoiraJs?: { file: FoundFile; frames: Frame[] | undefined; digest: string }
  /** the `.ugoira` beside a zip, converted animations: part of the work, not read */
  extra: FoundFile[]
  /** a page the database names that is not in the library */
  missing: { page: number; saveName: string }[]
}

const isSidecarName = (name: string) => name.endsWith('.json') || name.endsWith('.txt')

export const pixivUtil2: ArchiveFormat = {
  name: 'PixivUtil2',
  find(scan, taken) {
    const free = scan.files.filter((f) => !taken.has(f.file))
    const take = (f: FoundFile) => taken.add(f.file)
    // the files named as PixivUtil2 names a work's, by folder and work id
    const byWork = new Map<string, FoundFile[]>()
    for (const f of free) {
      const id = DOWNLOAD_NAME.exec(path.basename(f.file))?.[1]
      if (!id) continue
      const key = workKey(path.dirname(f.file), Number(id))
      const list = byWork.get(key)
      if (list) list.push(f)
      else byWork.set(key, [f])
    }
    const filesOf = (dir: string, id: number) => (byWork.get(workKey(dir, id)) ?? []).filter((f) => !taken.has(f.file))

    // 1. the databases (the first in path order holds a work two of them list), also one a format before took: its
    // novels' rows are another reader's, its works' are this one's
    const dbWorks = new Map<number, { work: DbWork; contents: DbContents }>()
    for (const f of scan.files) {
      if (path.basename(f.file) !== 'db.sqlite') continue
      let contents: DbContents | null
      try {
        contents = readPixivUtil2Db(f)
      } catch (err) {
        if (taken.has(f.file)) continue
        take(f)
        scan.skip(f.file, `PixivUtil2's database cannot be read (${err instanceof Error ? err.message : String(err)})`)
        continue
      }
      if (!contents) continue
      take(f)
      for (const s of ['-journal', '-wal', '-shm']) {
        const c = scan.byPath.get(f.file + s)
        if (c) take(c)
      }
      for (const [id, work] of contents.works) if (!dbWorks.has(id)) dbWorks.set(id, { work, contents })
    }

    // 2. the sidecars, by work id
    const sidecars = new Map<number, Sidecar[]>()
    const jsFiles = new Map<string, FoundFile>()
    for (const f of free) {
      if (taken.has(f.file)) continue
      const name = path.basename(f.file)
      if (name.endsWith('.zip.js')) {
        jsFiles.set(f.file.slice(0, -3), f)
        continue
      }
      if (!isSidecarName(name)) continue
      // PixivUtil2's name for it (`98765_p0 - Title.json`), not gallery-dl's (`98765_p0.jpg.json`)
      const ours = DOWNLOAD_NAME.test(name) && (name.includes(' - ') || /^\d+_[^.]+\.(json|txt)$/.test(name))
      if (f.bytes > MAX_SIDECAR_BYTES) {
        if (ours) {
          take(f)
          scan.skip(f.file, 'a sidecar larger than 4 MB: not PixivUtil2 metadata')
        }
        continue
      }
      let text: string
      try {
        text = readFileSync(f.file, 'utf8')
      } catch (err) {
        take(f)
        scan.skip(f.file, `unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
        continue
      }
      const parsed = name.endsWith('.txt') ? parseTxtSidecar(text) : parseJsonSidecar(text, ours)
      if (parsed.ok === 'not-ours') continue
      take(f)
      if (!parsed.ok) {
        scan.skip(f.file, parsed.reason)
        continue
      }
      const s: Sidecar = { file: f, meta: parsed.meta, digest: createHash('sha256').update(text).digest('hex') }
      const list = sidecars.get(s.meta.id)
      if (list) list.push(s)
      else sidecars.set(s.meta.id, [s])
    }

    // 3. the works: the database's rows whose files are here, then the sidecars' with their sibling files
    const resolve = saveNameResolver(scan, taken)
    const groups = new Map<number, Group>()
    const newGroup = (id: number): Group => ({ id, sidecars: [], pages: new Map(), extra: [], missing: [] })
    /** rows whose files are not where the database says: found by their sidecars, if at all */
    const unplaced = new Map<number, { work: DbWork; contents: DbContents }>()
    for (const [id, entry] of dbWorks) {
      const g: Group = { ...newGroup(id), db: entry }
      // an older database without page rows: the work's own save_name is its only page
      const pages = entry.work.pages.length > 0 ? entry.work.pages : [{ page: 0, saveName: entry.work.saveName }]
      for (const p of pages) {
        const f = resolve(p.saveName)
        if (f && !taken.has(f.file)) g.pages.set(p.page, f)
        else if (!f) g.missing.push(p)
      }
      if (g.pages.size === 0) {
        // the database lists it, the library does not hold it (moved elsewhere, deleted, or another library's)
        if (sidecars.has(id)) unplaced.set(id, entry)
        else
          scan.skip(
            entry.contents.file.file,
            `work ${id}: its file ${entry.work.saveName} is not in the library (PixivUtil2's database row)`,
          )
        continue
      }
      for (const f of g.pages.values()) take(f)
      groups.set(id, g)
    }
    for (const [id, list] of sidecars) {
      list.sort((a, b) => (a.file.file < b.file.file ? -1 : 1))
      let g = groups.get(id)
      const home = g ? path.dirname(g.pages.values().next().value!.file) : undefined
      // the sidecars beside the work's files; else the first folder's (an info format of its own folder)
      const dir = home && list.some((s) => path.dirname(s.file.file) === home) ? home : path.dirname(list[0]!.file.file)
      const used = list.filter((s) => path.dirname(s.file.file) === dir)
      if (!g) {
        g = { ...newGroup(id), db: unplaced.get(id) }
        for (const f of pagesAndExtras(filesOf(dir, id))) {
          const page = pageOfName(path.basename(f.file))
          if (page === undefined) g.extra.push(f)
          else if (!g.pages.has(page)) g.pages.set(page, f)
          else
            scan.skip(f.file, `work ${id} page ${page}: another file of this page, ${g.pages.get(page)!.rel}, is used`)
          take(f)
        }
        if (g.pages.size === 0) {
          for (const s of used) scan.skip(s.file.file, 'PixivUtil2 metadata without its files')
          for (const f of g.extra) scan.skip(f.file, `work ${id} not imported: no image or ugoira zip of it here`)
          g.extra = []
          continue
        }
        groups.set(id, g)
      }
      g.sidecars = used
      const first = g.pages.values().next().value!
      for (const s of list.filter((s) => !used.includes(s))) {
        scan.skip(s.file.file, `work ${id} is already imported from ${first.rel}`)
        // every file of that copy (its zip's .ugoira and .zip.js too)
        for (const f of filesOf(path.dirname(s.file.file), id)) {
          take(f)
          scan.skip(f.file, `work ${id} is already imported from ${first.rel}`)
        }
      }
    }

    // 4. each ugoira's `.zip.js`, its `.ugoira` beside the zip, and what was converted from it
    for (const g of groups.values()) {
      const zip = g.pages.get(0)
      if (!zip || !/\.(zip|ugoira)$/.test(zip.file)) continue
      const stem = zip.file.replace(/\.(zip|ugoira)$/, '')
      const js = jsFiles.get(`${stem}.zip`)
      if (js && !taken.has(js.file)) {
        take(js)
        let text = ''
        try {
          text = readFileSync(js.file, 'utf8')
        } catch {
          // unreadable: the delays come from elsewhere, or the work is reported
        }
        g.ugoiraJs = { file: js, frames: ugoiraData(text), digest: createHash('sha256').update(text).digest('hex') }
      }
      for (const ext of ['ugoira', ...CONVERTED_EXTS]) {
        const f = scan.byPath.get(`${stem}.${ext}`)
        if (f && f !== zip && !taken.has(f.file)) {
          take(f)
          g.extra.push(f)
        }
      }
    }
    for (const js of jsFiles.values())
      if (!taken.has(js.file)) {
        take(js)
        scan.skip(js.file, 'ugoira data (.zip.js) without its zip')
      }

    // 5. the rest named as PixivUtil2 names a work's files: beside a work's pages, what is not a page of it (its .xmp,
    // …) is part of it; a page its database or sidecars do not list, or a download nothing describes, is reported
    for (const f of free) {
      const name = path.basename(f.file)
      const m = DOWNLOAD_NAME.exec(name)
      if (taken.has(f.file) || !m || !name.includes(' - ')) continue
      take(f)
      // PixivUtil2 downloads into `<file>.pixiv` and renames it when complete
      if (name.endsWith('.pixiv')) {
        scan.skip(f.file, 'a PixivUtil2 download not complete (.pixiv)')
        continue
      }
      const g = groups.get(Number(m[1]))
      const home = g && path.dirname(g.pages.values().next().value!.file)
      if (g && home === path.dirname(f.file) && pageOfName(name) === undefined) g.extra.push(f)
      else if (g && home === path.dirname(f.file))
        scan.skip(f.file, `work ${g.id}: a page neither its database row nor its sidecar lists`)
      else scan.skip(f.file, 'a PixivUtil2 download with neither a db.sqlite row nor a .json/.txt sidecar')
    }

    const users = userDirectory([...groups.values()])
    return [...groups.values()].map((g) => source(g, users))
  },
}

/** The page a PixivUtil2 file holds (`_p<n>`, an ugoira's zip 0), or undefined for what is not a page of it. */
function pageOfName(name: string): number | undefined {
  const m = DOWNLOAD_NAME.exec(name)
  if (!m) return undefined
  const ext = path.extname(name).slice(1).toLowerCase()
  if (m[2] !== undefined) return IMAGE_EXTS.has(ext) ? Number(m[2]) : undefined
  return ext === 'zip' || ext === 'ugoira' ? 0 : undefined
}

const workKey = (dir: string, id: number) => `${dir}\0${id}`

/** Of a work's files in one folder, its pages and the rest but its sidecars, and a `.ugoira` whose zip is there. */
function pagesAndExtras(files: readonly FoundFile[]): FoundFile[] {
  const names = new Set(files.map((f) => f.file))
  return files.filter((f) => {
    const name = path.basename(f.file)
    if (isSidecarName(name) || name.endsWith('.zip.js')) return false
    return !(name.endsWith('.ugoira') && names.has(f.file.replace(/\.ugoira$/, '.zip')))
  })
}

/**
 * Finds a database's `save_name` (the absolute path the file was saved at, on the machine and in the folder of that
 * download) in the library: the path itself when it is in it; else the library's file of that name under the most
 * folders of the same names (the archive moved; PixivUtil2's own "replace root path" is for that). A zip that
 * `deleteZipFile` removed is found as its `.ugoira`.
 */
function saveNameResolver(scan: ArchiveScan, taken: Set<string>) {
  const byName = new Map<string, FoundFile[]>()
  for (const f of scan.files) {
    if (taken.has(f.file)) continue
    const n = path.basename(f.file)
    const list = byName.get(n)
    if (list) list.push(f)
    else byName.set(n, [f])
  }
  const find = (saveName: string): FoundFile | undefined => {
    // Windows paths: PixivUtil2 on Unix turns every backslash into a slash
    const norm = saveName.replace(/\\/g, '/')
    const direct = scan.byPath.get(path.resolve(scan.root, norm))
    if (direct) return direct
    const parts = norm.split('/').filter(Boolean)
    const candidates = byName.get(parts.at(-1) ?? '')
    if (!candidates) return undefined
    let best: FoundFile | undefined
    let bestScore = -1
    for (const c of candidates) {
      const rel = c.rel.split(path.sep)
      let score = 0
      while (
        score < rel.length &&
        score < parts.length &&
        rel[rel.length - 1 - score] === parts[parts.length - 1 - score]
      )
        score++
      if (score > bestScore) [best, bestScore] = [c, score]
    }
    return best
  }
  return (saveName: string) =>
    find(saveName) ?? (saveName.endsWith('.zip') ? find(`${saveName.slice(0, -4)}.ugoira`) : undefined)
}

/**
 * One name and account per user for the whole scan (the writer keeps one per user): the database's member row (the
 * latest PixivUtil2 saw), else the first raw JSON's, else the first sidecar's name, else the name of the user's
 * folder (`%artist% (%member_id%)`). The account when nothing records it: `user_<id>`.
 */
function userDirectory(groups: Group[]): Map<number, { name: string; account: string }> {
  const found = new Map<number, { name?: string; account?: string }>()
  const note = (id: number | undefined, name: string | undefined, account: string | undefined) => {
    if (!id) return
    const u = found.get(id) ?? {}
    u.name ??= name || undefined
    u.account ??= account || undefined
    found.set(id, u)
  }
  for (const g of groups)
    if (g.db) {
      const member = g.db.contents.members.get(g.db.work.memberId)
      note(g.db.work.memberId, member?.name ?? undefined, member?.token ?? undefined)
    }
  for (const source of ['raw JSON', '.json', '.txt'] as const)
    for (const g of groups)
      for (const s of g.sidecars) if (s.meta.source === source) note(s.meta.userId, s.meta.userName, s.meta.userAccount)
  for (const g of groups) {
    const id = userIdOf(g)
    const folder = path.basename(path.dirname(g.pages.values().next().value!.file))
    const m = /^(.*) \((\d+)\)$/.exec(folder)
    if (id && m && Number(m[2]) === id) note(id, m[1], undefined)
  }
  const out = new Map<number, { name: string; account: string }>()
  for (const [id, u] of found) out.set(id, { name: u.name ?? `user ${id}`, account: u.account ?? `user_${id}` })
  return out
}

const PRIORITY: Meta['source'][] = ['raw JSON', '.json', '.txt', 'db.sqlite']

function metasOf(g: Group): Meta[] {
  const metas = g.sidecars.map((s) => s.meta)
  if (g.db) metas.push(dbMeta(g.db.work, g.db.contents))
  return metas.sort((a, b) => PRIORITY.indexOf(a.source) - PRIORITY.indexOf(b.source))
}

const userIdOf = (g: Group) => metasOf(g).find((m) => m.userId)?.userId

function source(g: Group, users: Map<number, { name: string; account: string }>): ItemSource {
  const pages = [...g.pages.entries()].sort((a, b) => a[0] - b[0])
  const userId = userIdOf(g)
  const user = userId ? users.get(userId) : undefined
  const files = [
    ...pages.map(([, f]) => f.file),
    ...g.sidecars.map((s) => s.file.file),
    ...(g.ugoiraJs ? [g.ugoiraJs.file.file] : []),
    ...g.extra.map((f) => f.file),
  ]
  const stat = (f: FoundFile) => [f.rel, f.bytes, Math.round(f.mtimeMs)]
  return {
    kind: 'illust',
    id: g.id,
    files,
    fingerprint: fingerprintOf([
      ['pixivutil2'],
      ...pages.map(([page, f]) => ['page', page, ...stat(f)]),
      ...g.sidecars.map((s) => ['sidecar', s.file.rel, s.digest]),
      ...(g.ugoiraJs ? [['zip.js', g.ugoiraJs.file.rel, g.ugoiraJs.digest]] : []),
      ...g.extra.map((f) => ['extra', ...stat(f)]),
      ...(g.db ? [['db', JSON.stringify(dbMeta(g.db.work, g.db.contents))]] : []),
      ['missing', JSON.stringify(g.missing)],
      ['user', userId ?? 0, user?.name ?? '', user?.account ?? ''],
    ]),
    read: () => readWork(g, pages, user),
  }
}

/**
 * The work's record: each field from the first source (raw JSON, `.json`, `.txt`, database) that records it, and
 * where none does:
 * - type: PixivUtil2's Image Mode (`ugoira_view` an ugoira, `manga` a manga — it says `manga` for every work of more
 *   than one page, and `big` for a one-page manga), else what the files are;
 * - x_restrict: 2 with the tag `R-18G`, 1 with `R-18` (pixiv tags every restricted work so), else 0;
 *   sanity_level: 6 for R-18 and R-18G, else 2; restrict 0; book style 0; counters 0; tools none (PixivUtil2 never
 *   records them);
 * - AI type: the `AI-generated` tag PixivUtil2 puts first for a work pixiv flags as AI says 2 (and is taken out again:
 *   it is not the author's), else 0;
 * - create_date: from page 0's modification time, which PixivUtil2 sets to the work's date (`setLastModified`, on by
 *   default) through Python's `mktime` of the UTC time, i.e. shifted by the downloading machine's zone: undone here
 *   with this machine's zone;
 * - tag translations: the database's (`pixiv_tag_translation`, English) for the tags of a `.json` or `.txt`, which
 *   hold names only; none known when the database has no tags of the work;
 * - width and height: page 0's file; an ugoira's from its `Resolution`, else its zip's frames (fitted in 1920×1080).
 */
async function readWork(
  g: Group,
  pages: [number, FoundFile][],
  user: { name: string; account: string } | undefined,
): Promise<LibraryWorkRecord> {
  const metas = metasOf(g)
  const pick = <K extends keyof Meta>(k: K): Meta[K] | undefined => metas.find((m) => m[k] !== undefined)?.[k]
  const dbm = metas.find((m) => m.source === 'db.sqlite')

  // pages without a gap, as many as the sources say
  if (g.missing.length > 0) {
    const m = g.missing[0]!
    throw new Skip(`page ${m.page} (${m.saveName}) is not in the library`)
  }
  pages.forEach(([page], i) => {
    if (page !== i) throw new Skip(`page ${i} is missing from the library`)
  })
  const isZip = /\.(zip|ugoira)$/.test(pages[0]![1].file)
  const pageCount = pick('pages')
  if (!isZip && pageCount !== undefined && pages.length !== pageCount)
    throw new Skip(`page ${pages.length} is missing from the library (the work has ${pageCount})`)

  const mode = pick('mode')
  const type: WorkType =
    pick('type') ??
    (mode === 'ugoira_view' ? 'ugoira' : mode === 'manga' ? 'manga' : mode === 'big' ? 'illust' : undefined) ??
    (isZip ? 'ugoira' : pages.length > 1 ? 'manga' : 'illust')
  if ((type === 'ugoira') !== isZip)
    throw new Skip(
      type === 'ugoira'
        ? 'an ugoira without its zip (.zip or .ugoira): converted animations are not imported yet'
        : `a ${type} whose file is a zip`,
    )

  // tags: PixivUtil2's `AI-generated`, when it put it there, is not the work's
  const tagSource = metas.find((m) => m.tags !== undefined)
  let tags: Tag[] = tagSource?.tags ?? []
  let aiType = pick('aiType')
  if (tagSource?.tagsMayHaveAiTag && tags[0]?.name === AI_TAG && (aiType === undefined || aiType === 2)) {
    tags = tags.slice(1)
    aiType = 2
  }
  if (tagSource && tagSource.source !== 'db.sqlite' && tags.every((t) => t.translatedName === undefined)) {
    const known = new Map((dbm?.tags ?? []).map((t) => [t.name, t.translatedName ?? null]))
    if (known.size > 0) tags = tags.map((t) => ({ name: t.name, translatedName: known.get(t.name) ?? null }))
  }
  const names = new Set(tags.map((t) => t.name))
  const xRestrict = pick('xRestrict') ?? (names.has('R-18G') ? 2 : names.has('R-18') ? 1 : 0)

  let createdTs = pick('createdTs')
  if (createdTs === undefined || Number.isNaN(createdTs)) createdTs = unMktime(pages[0]![1].mtimeMs)

  let files: LibraryFileRecord[]
  let ext: string
  let width: number
  let height: number
  let frameDelays: number[] | null = null
  if (type === 'ugoira') {
    const zip = pages[0]![1]
    // the delays: the .zip.js, the sidecars' "Ugoira Data", else the animation.json of the .ugoira (beside the zip, or
    // the work's file itself)
    const ugoira = g.extra.find((f) => f.file.endsWith('.ugoira'))
    const recorded =
      g.ugoiraJs?.frames ?? pick('frames') ?? (ugoira ? readUgoiraZip(ugoira.file, undefined).frames : undefined)
    if (!recorded && zip.file.endsWith('.zip'))
      throw new Skip('an ugoira zip without its delays (no .zip.js, "Ugoira Data" or .ugoira)')
    const { frames, ...frame } = readUgoiraZip(zip.file, recorded)
    files = [
      { page: 0, path: zip.file, kind: 'ugoira-zip', ...frame, ext: 'zip', bytes: zip.bytes, mtimeMs: zip.mtimeMs },
    ]
    ext = frame.frameExt
    // the zip's frames are fitted in 1920×1080: the work's size is the original's, where a source records it
    width = pick('width') ?? frame.width
    height = pick('height') ?? frame.height
    frameDelays = frames.map((f) => f.delay)
  } else {
    files = []
    for (const [page, f] of pages) {
      const image = await readImage(f.file)
      files.push({ page, path: f.file, kind: 'image', ...image, bytes: f.bytes, mtimeMs: f.mtimeMs })
    }
    ext = files[0]!.ext
    ;({ width, height } = files[0]!)
  }

  const userId = pick('userId')
  if (!userId) throw new Skip('no user id in its metadata')
  const title = pick('title')
  if (title === undefined) throw new Skip('no title in its metadata')
  const series = pick('series') ?? null
  return {
    id: g.id,
    type,
    title,
    caption: pick('caption') ?? '',
    createdTs,
    width,
    height,
    ext,
    sanityLevel: pick('sanityLevel') ?? (xRestrict > 0 ? 6 : 2),
    xRestrict,
    restrict: pick('restrict') ?? 0,
    aiType: aiType ?? 0,
    bookStyle: pick('bookStyle') ?? 0,
    totalView: pick('totalView') ?? 0,
    totalBookmarks: pick('totalBookmarks') ?? 0,
    totalComments: pick('totalComments') ?? 0,
    commentAccessControl: 0,
    tools: [],
    frameDelays,
    user: { id: userId, name: user?.name ?? `user ${userId}`, account: user?.account ?? `user_${userId}` },
    tags,
    series,
    files,
  }
}

/**
 * The work's date from a file PixivUtil2 dated with `os.utime(f, mktime(date.timetuple()))`: `mktime` read the UTC
 * wall clock as local time, so the local wall clock of the modification time is the UTC one.
 */
export function unMktime(mtimeMs: number): number {
  const d = new Date(Math.floor(mtimeMs / 1000) * 1000)
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()) / 1000
}
