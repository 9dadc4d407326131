import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import Database from 'better-sqlite3'

// Writes works the way PixivUtil2 (Nandaka/PixivUtil2) saves them, for the importer's tests: its default file names
// (`%artist% (%member_id%)/%urlFilename% - %title%`, sanitized as its sanitize_filename does on Unix), its database
// (PixivDBManager.createDatabase's tables, filled as PixivImageHandler.process_image fills them), its sidecars
// (PixivImage.WriteInfo's CRLF `.txt`, WriteJSON's `.json` with or without writeRawJSON, WriteUgoiraData's `.zip.js`),
// create_ugoira's `.ugoira`, and setLastModified's file times. The works are App API items (a demo Easel's) with their
// files: the web API bodies PixivUtil2 reads are made from them.

/** A work as an App API client saw it, with its original files (an ugoira's one file is its 1920×1080 zip). */
export interface SourceWork {
  illust: AppIllust
  files: Uint8Array[]
  /** an ugoira's frames (/v1/ugoira/metadata) */
  frames?: { file: string; delay: number }[]
  /** the order in its series (pixiv's seriesNavData.order) */
  seriesOrder?: number
}

export interface AppIllust {
  id: number
  title: string
  type: 'illust' | 'manga' | 'ugoira'
  caption: string
  restrict: number
  x_restrict: number
  sanity_level: number
  illust_ai_type: number
  illust_book_style: number
  create_date: string
  page_count: number
  width: number
  height: number
  total_view: number
  total_bookmarks: number
  total_comments?: number
  series: { id: number; title: string } | null
  tags: { name: string; translated_name: string | null }[]
  user: { id: number; name: string; account: string }
  meta_single_page: { original_image_url?: string }
  meta_pages: { image_urls: { original: string } }[]
}

/** PixivUtil2's settings that change what it writes (config.ini; PixivUtil2's defaults are all off but dates). */
export interface PixivUtil2Settings {
  /** where PixivUtil2 saved to (the `save_name`s start there); the library folder by default */
  savedAt?: string
  /** db.sqlite in the library (autoAdd* as given), or none */
  db?: false | { autoAddMember?: boolean; autoAddTag?: boolean; autoAddCaption?: boolean; autoAddSeries?: boolean }
  writeImageJSON?: boolean
  writeRawJSON?: boolean
  writeImageInfo?: boolean
  writeUgoiraInfo?: boolean
  createUgoira?: boolean
  deleteZipFile?: boolean
  /** on by default */
  setLastModified?: boolean
}

/** What was written for each work: its page files (relative to the library) and its sidecars. */
export interface WrittenWork {
  id: number
  pages: string[]
  sidecars: string[]
}

// PixivDBManager.createDatabase, statement for statement (the pixiv tables; FANBOX, sketch and novel ones too)
const CREATE_DATABASE = [
  `CREATE TABLE IF NOT EXISTS pixiv_master_member (
                            member_id INTEGER PRIMARY KEY ON CONFLICT IGNORE,
                            name TEXT,
                            save_folder TEXT,
                            created_date DATE,
                            last_update_date DATE,
                            last_image INTEGER
                            )`,
  'ALTER TABLE pixiv_master_member ADD COLUMN is_deleted INTEGER DEFAULT 0',
  'ALTER TABLE pixiv_master_member ADD COLUMN member_token TEXT',
  `CREATE TABLE IF NOT EXISTS pixiv_master_image (
                            image_id INTEGER PRIMARY KEY,
                            member_id INTEGER,
                            title TEXT,
                            save_name TEXT,
                            created_date DATE,
                            last_update_date DATE
                            )`,
  'ALTER TABLE pixiv_master_image ADD COLUMN is_manga TEXT',
  'ALTER TABLE pixiv_master_image ADD COLUMN caption TEXT',
  `CREATE TABLE IF NOT EXISTS pixiv_manga_image (
                            image_id INTEGER,
                            page INTEGER,
                            save_name TEXT,
                            created_date DATE,
                            last_update_date DATE,
                            PRIMARY KEY (image_id, page)
                            )`,
  `CREATE TABLE IF NOT EXISTS pixiv_master_tag (
                            tag_id VARCHAR(255) PRIMARY KEY,
                            created_date DATE,
                            last_update_date DATE
                            )`,
  `CREATE TABLE IF NOT EXISTS pixiv_tag_translation (
                            tag_id VARCHAR(255) REFERENCES pixiv_master_tag(tag_id),
                            translation_type VARCHAR(255),
                            translation VARCHAR(255),
                            created_date DATE,
                            last_update_date DATE,
                            PRIMARY KEY (tag_id, translation_type)
                            )`,
  `CREATE TABLE IF NOT EXISTS pixiv_image_to_tag (
                            image_id INTEGER REFERENCES pixiv_master_image(image_id),
                            tag_id VARCHAR(255) REFERENCES pixiv_master_tag(tag_id),
                            created_date DATE,
                            last_update_date DATE,
                            PRIMARY KEY (image_id, tag_id)
                            )`,
  `CREATE TABLE IF NOT EXISTS pixiv_ai_info (
                            image_id INTEGER PRIMARY KEY,
                            ai_type INTEGER,
                            created_date DATE,
                            last_update_date DATE
            )`,
  `CREATE TABLE IF NOT EXISTS pixiv_master_series (
                            series_id VARCHAR(255) PRIMARY KEY,
                            series_title VARCHAR(255),
                            series_type VARCHAR(255),
                            series_description TEXT,
                            created_date DATE,
                            last_update_date DATE
                            )`,
  `CREATE TABLE IF NOT EXISTS pixiv_image_to_series (
                            series_id VARCHAR(255) REFERENCES pixiv_master_series(series_id),
                            series_order INTEGER,
                            image_id INTEGER REFERENCES pixiv_master_image(image_id),
                            created_date DATE,
                            last_update_date DATE,
                            PRIMARY KEY (series_id, series_order),
                            UNIQUE (image_id)
                            )`,
  `CREATE TABLE IF NOT EXISTS fanbox_master_post (
                            member_id INTEGER,
                            post_id INTEGER PRIMARY KEY ON CONFLICT IGNORE,
                            title TEXT,
                            fee_required INTEGER,
                            published_date DATE,
                            updated_date DATE,
                            post_type TEXT,
                            last_update_date DATE
                            )`,
  `CREATE TABLE IF NOT EXISTS fanbox_post_image (
                            post_id INTEGER,
                            page INTEGER,
                            save_name TEXT,
                            created_date DATE,
                            last_update_date DATE,
                            PRIMARY KEY (post_id, page)
                            )`,
  `CREATE TABLE IF NOT EXISTS sketch_master_post (
                            member_id INTEGER,
                            post_id INTEGER PRIMARY KEY ON CONFLICT IGNORE,
                            title TEXT,
                            published_date DATE,
                            updated_date DATE,
                            post_type TEXT,
                            last_update_date DATE
                            )`,
  `CREATE TABLE IF NOT EXISTS sketch_post_image (
                            post_id INTEGER,
                            page INTEGER,
                            save_name TEXT,
                            created_date DATE,
                            last_update_date DATE,
                            PRIMARY KEY (post_id, page)
                            )`,
  `CREATE TABLE IF NOT EXISTS novel_detail (
                        post_id INTEGER,
                        user_id INTEGER,
                        save_name TEXT,
                        created_date DATE,
                        last_update_date DATE,
                        is_original INTEGER,
                        is_bungei INTEGER,
                        language TEXT,
                        x_restrict INTEGER,
                        series_id INTEGER,
                        series_order INTEGER,
                        PRIMARY KEY (post_id, user_id)
                        )`,
]

/** The pixiv web API's `/ajax/illust/{id}` body of a work (what PixivUtil2 parses, and writes with writeRawJSON). */
export function ajaxIllustBody(w: SourceWork): Record<string, unknown> {
  const i = w.illust
  const id = String(i.id)
  const created = utcIso(i.create_date)
  const original = originalUrls(i)[0]!.replace(/_ugoira1920x1080\.zip$/, '_ugoira0.jpg')
  return {
    illustId: id,
    illustTitle: i.title,
    illustComment: i.caption,
    id,
    title: i.title,
    description: i.caption,
    illustType: { illust: 0, manga: 1, ugoira: 2 }[i.type],
    createDate: created,
    uploadDate: created,
    restrict: i.restrict,
    xRestrict: i.x_restrict,
    sl: i.sanity_level,
    urls: { mini: null, thumb: null, small: null, regular: original, original },
    tags: {
      authorId: String(i.user.id),
      isLocked: false,
      tags: i.tags.map((t) => ({
        tag: t.name,
        locked: true,
        deletable: false,
        userId: String(i.user.id),
        ...(t.translated_name ? { translation: { en: t.translated_name } } : {}),
        userName: i.user.name,
      })),
      writable: true,
    },
    alt: i.title,
    storableTags: [],
    userId: String(i.user.id),
    userName: i.user.name,
    userAccount: i.user.account,
    userIllusts: {},
    likeData: false,
    width: i.width,
    height: i.height,
    pageCount: i.page_count,
    bookmarkCount: i.total_bookmarks,
    likeCount: 0,
    commentCount: i.total_comments ?? 0,
    responseCount: 0,
    viewCount: i.total_view,
    bookStyle: i.illust_book_style,
    isHowto: false,
    isOriginal: false,
    imageResponseOutData: [],
    imageResponseData: [],
    imageResponseCount: 0,
    pollData: null,
    seriesNavData: seriesNavData(w),
    descriptionBoothId: null,
    descriptionYoutubeId: null,
    comicPromotion: null,
    fanboxPromotion: null,
    contestBanners: [],
    isBookmarkable: true,
    bookmarkData: null,
    contestData: null,
    zoneConfig: {},
    extraData: { meta: {} },
    titleCaptionTranslation: { workTitle: null, workCaption: null },
    isUnlisted: false,
    request: null,
    commentOff: 0,
    aiType: i.illust_ai_type,
    reuploadDate: null,
    locationMask: false,
    commissionLinkHidden: false,
    isLoginOnly: false,
  }
}

const seriesNavData = (w: SourceWork) =>
  w.illust.series
    ? {
        seriesType: 'manga',
        seriesId: String(w.illust.series.id),
        title: w.illust.series.title,
        isConcluded: false,
        isReplaceable: false,
        isWatched: false,
        isNotifying: false,
        order: w.seriesOrder ?? 1,
        next: null,
        prev: null,
      }
    : null

/** The originals' URLs as pixiv's CDN names them (an ugoira's: its 1920×1080 zip, as PixivUtil2 derives it). */
function originalUrls(i: AppIllust): string[] {
  if (i.type === 'ugoira') {
    const first = i.meta_single_page.original_image_url!
    return [first.replace('/img-original/', '/img-zip-ugoira/').split('_ugoira0')[0] + '_ugoira1920x1080.zip']
  }
  return i.page_count === 1 ? [i.meta_single_page.original_image_url!] : i.meta_pages.map((p) => p.image_urls.original)
}

/** `2026-10-28T03:14:43+09:00` as pixiv's web API sends it: `2026-10-27T18:14:43+00:00`. */
const utcIso = (s: string) => new Date(Date.parse(s)).toISOString().replace('.000Z', '+00:00')
/** Python's str() of that datetime, as WriteInfo writes it: `2026-10-27 18:14:43+00:00`. */
const pythonDate = (s: string) => utcIso(s).replace('T', ' ')

/** WebUI's ugoira_meta body as ParseUgoira keeps it (src made the 1920×1080 zip), minified. */
function ugoiraData(w: SourceWork): string {
  const zip = originalUrls(w.illust)[0]!
  const mime = w.frames?.[0]?.file.endsWith('.png') ? 'image/png' : 'image/jpeg'
  return JSON.stringify({ src: zip, originalSrc: zip, mime_type: mime, frames: w.frames ?? [] })
}

const imageMode = (i: AppIllust) => (i.page_count > 1 ? 'manga' : i.type === 'ugoira' ? 'ugoira_view' : 'big')
const resolution = (i: AppIllust) => (i.page_count > 1 ? `Multiple images: ${i.page_count}P` : `${i.width}x${i.height}`)
/** PixivImage.imageTags: the tags' names, `AI-generated` first for a work pixiv flags as AI. */
const imageTags = (i: AppIllust) => [...(i.illust_ai_type === 2 ? ['AI-generated'] : []), ...i.tags.map((t) => t.name)]

/** html.unescape of what pixiv titles hold. */
const unescapeHtml = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** PixivHelper.sanitize_filename on Unix, for a path relative to the root. */
export function sanitizeFilename(name: string): string {
  // eslint-disable-next-line no-control-regex
  let out = unescapeHtml(name).replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
  out = out
    .split('/')
    .map((part) => part.replace(/^[ .\t\r\n]+|[ .\t\r\n]+$/g, ''))
    .join('/')
  while (Buffer.byteLength(out) > 249) {
    const ext = path.extname(out)
    const stem = [...out.slice(0, out.length - ext.length)]
    out = stem.slice(0, -1).join('') + ext
  }
  return out
}

/** make_filename of `%artist% (%member_id%)/%urlFilename% - %title%` for a file URL (without sanitizing). */
function makeFilename(i: AppIllust, url: string, appendExtension: boolean): string {
  // the URL's file name split at its dots: the first part the name, the second (its query cut) the extension
  const base = path.posix.basename(url)
  const [file, ext] = [base.split('.')[0]!, (base.split('.')[1] ?? '').split('?')[0]!]
  const sep = (s: string) => s.replace(/[/\\]/g, '_')
  let name = `${sep(i.user.name)} (${i.user.id})/${file} - ${sep(i.title)}`
  while (name.includes('  ')) name = name.replace(/ {2}/g, ' ')
  return appendExtension ? `${name.trim()}.${ext}` : name.trim()
}

/** os.utime(f, mktime(date.timetuple())): the UTC wall clock read as this machine's local time. */
function setLastModified(file: string, createDate: string) {
  const d = new Date(Date.parse(createDate))
  const local = new Date(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  )
  utimesSync(file, local, local)
}

/** zipfile.ZipFile(mode="a").writestr(name, data): one stored entry more, written over the old central directory. */
export function appendStoredEntry(zip: Uint8Array, name: string, data: Uint8Array): Buffer {
  const buf = Buffer.from(zip)
  let eocd = buf.length - 22
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--
  if (eocd < 0) throw new Error('not a zip')
  const entries = buf.readUInt16LE(eocd + 10)
  const cdSize = buf.readUInt32LE(eocd + 12)
  const cdOffset = buf.readUInt32LE(eocd + 16)
  const nameBytes = Buffer.from(name, 'utf8')
  const crc = crc32(data) >>> 0
  const now = new Date()
  const dosTime = (now.getHours() << 11) | (now.getMinutes() << 5) | (now.getSeconds() >> 1)
  const dosDate = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate()
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(0, 6)
  local.writeUInt16LE(0, 8)
  local.writeUInt16LE(dosTime, 10)
  local.writeUInt16LE(dosDate, 12)
  local.writeUInt32LE(crc, 14)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(data.length, 22)
  local.writeUInt16LE(nameBytes.length, 26)
  local.writeUInt16LE(0, 28)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(0, 8)
  central.writeUInt16LE(0, 10)
  central.writeUInt16LE(dosTime, 12)
  central.writeUInt16LE(dosDate, 14)
  central.writeUInt32LE(crc, 16)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(data.length, 24)
  central.writeUInt16LE(nameBytes.length, 28)
  central.writeUInt32LE((0o100644 << 16) >>> 0, 38)
  central.writeUInt32LE(cdOffset, 42)
  const newCdOffset = cdOffset + local.length + nameBytes.length + data.length
  const newCd = Buffer.concat([buf.subarray(cdOffset, cdOffset + cdSize), central, nameBytes])
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries + 1, 8)
  end.writeUInt16LE(entries + 1, 10)
  end.writeUInt32LE(newCd.length, 12)
  end.writeUInt32LE(newCdOffset, 16)
  return Buffer.concat([buf.subarray(0, cdOffset), local, nameBytes, Buffer.from(data), newCd, end])
}

/** Writes `works` into `root` as PixivUtil2 with `settings` would have saved them. */
export function writePixivUtil2Archive(
  root: string,
  works: readonly SourceWork[],
  settings: PixivUtil2Settings = {},
): WrittenWork[] {
  const savedAt = settings.savedAt ?? root
  mkdirSync(root, { recursive: true })
  const dbSettings = settings.db === false ? null : { ...(settings.db ?? {}) }
  let db: Database.Database | null = null
  if (dbSettings) {
    db = new Database(path.join(root, 'db.sqlite'))
    // PixivUtil2 commits each statement; without waiting for the disk on each (not kept in the file)
    db.pragma('synchronous = OFF')
    for (const sql of CREATE_DATABASE) db.exec(sql)
  }
  const written: WrittenWork[] = []
  for (const w of works) {
    const i = w.illust
    const urls = originalUrls(i)
    const pages: string[] = []
    const saveNames: string[] = []
    for (const [page, url] of urls.entries()) {
      const rel = sanitizeFilename(makeFilename(i, url, true))
      const file = path.join(root, rel)
      mkdirSync(path.dirname(file), { recursive: true })
      writeFileSync(file, w.files[page]!)
      if (settings.setLastModified !== false) setLastModified(file, i.create_date)
      pages.push(rel)
      saveNames.push(path.join(savedAt, rel))
    }
    const sidecars: string[] = []
    const put = (rel: string, text: string) => {
      writeFileSync(path.join(root, rel), text)
      sidecars.push(rel)
    }
    if (settings.writeImageInfo || settings.writeImageJSON) {
      // named after the last page's URL; a manga's with its `_p<n>` trimmed (re.sub(r'_p?\d+$', '', …))
      let info = makeFilename(i, urls.at(-1)!, false)
      if (i.page_count > 1) info = info.replace(/_p?\d+$/, '')
      const base = sanitizeFilename(`${info}.infoext`).slice(0, -8)
      if (settings.writeImageInfo) put(`${base}.txt`, writeInfo(w))
      if (settings.writeImageJSON) put(`${base}.json`, writeJson(w, settings.writeRawJSON ?? false))
    }
    if (i.type === 'ugoira') {
      const zipRel = pages[0]!
      if (settings.writeUgoiraInfo) put(`${zipRel}.js`, ugoiraData(w))
      if (settings.createUgoira) {
        const zip = w.files[0]!
        const animation = `${ugoiraData(w).slice(0, -1)},"zipSize":${zip.length}}`
        const ugoira = path.join(root, zipRel.replace(/\.zip$/, '.ugoira'))
        writeFileSync(ugoira, appendStoredEntry(zip, 'animation.json', Buffer.from(animation)))
        if (settings.setLastModified !== false) setLastModified(ugoira, i.create_date)
        if (settings.deleteZipFile) {
          // the zip is gone; the database still names it
          rmSync(path.join(root, zipRel))
          pages[0] = zipRel.replace(/\.zip$/, '.ugoira')
        } else sidecars.push(zipRel.replace(/\.zip$/, '.ugoira'))
      }
    }
    if (db && dbSettings) writeRows(db, dbSettings, w, saveNames)
    written.push({ id: i.id, pages, sidecars })
  }
  db?.close()
  return written
}

/** The rows process_image writes for a downloaded work, in its order. */
function writeRows(
  db: Database.Database,
  s: { autoAddMember?: boolean; autoAddTag?: boolean; autoAddCaption?: boolean; autoAddSeries?: boolean },
  w: SourceWork,
  saveNames: string[],
) {
  const i = w.illust
  const mode = imageMode(i)
  db.prepare(
    `INSERT OR IGNORE INTO pixiv_ai_info (image_id, ai_type, created_date, last_update_date)
                      VALUES (?, ?, datetime('now'), datetime('now'))
                      ON CONFLICT(image_id) DO UPDATE SET
                      ai_type = excluded.ai_type,
                      last_update_date = datetime('now')`,
  ).run(i.id, i.illust_ai_type)
  db.prepare(
    `INSERT OR IGNORE INTO pixiv_master_image VALUES(?, ?, 'N/A' ,'N/A' , datetime('now'), datetime('now'), ?, ? )`,
  ).run(i.id, i.user.id, mode, s.autoAddCaption ? i.caption : '')
  db.prepare(
    `UPDATE pixiv_master_image
                      SET title = ?, save_name = ?, last_update_date = datetime('now'), is_manga = COALESCE(?, is_manga), caption = COALESCE(?, caption)
                      WHERE image_id = ?`,
  ).run(i.title, saveNames.at(-1)!, mode, s.autoAddCaption ? i.caption : null, i.id)
  const manga = db.prepare(`INSERT OR IGNORE INTO pixiv_manga_image
                          VALUES(?, ?, ?, datetime('now'), datetime('now'))`)
  for (const [page, name] of saveNames.entries()) manga.run(i.id, page, name)
  if (s.autoAddTag)
    for (const t of i.tags) {
      db.prepare(`INSERT OR IGNORE INTO pixiv_master_tag VALUES (?, datetime('now'), datetime('now'))`).run(t.name)
      db.prepare(
        `INSERT OR IGNORE INTO pixiv_image_to_tag(image_id, tag_id, created_date, last_update_date)
                                  VALUES (?, ?, datetime('now'), datetime('now'))
                              ON CONFLICT(image_id, tag_id) DO UPDATE
                              SET last_update_date = datetime('now')`,
      ).run(i.id, t.name)
      const translation = db.prepare(
        `INSERT OR IGNORE INTO pixiv_tag_translation(tag_id, translation_type, translation, created_date, last_update_date)
                                  VALUES (?, ?, ?, datetime('now'), datetime('now'))
                      ON CONFLICT(tag_id, translation_type) DO UPDATE
                      SET translation = excluded.translation,
                          last_update_date = datetime('now')`,
      )
      // PixivTagData: the web API's romaji, else the tag in lower case
      translation.run(t.name, 'romaji', t.name.toLowerCase())
      if (t.translated_name) translation.run(t.name, 'en', t.translated_name)
    }
  const nav = seriesNavData(w)
  if (s.autoAddSeries && nav) {
    db.prepare(`INSERT OR IGNORE INTO pixiv_master_series VALUES (?, ?, ?, ?, datetime('now'), datetime('now'))`).run(
      Number(nav.seriesId),
      nav.title,
      nav.seriesType,
      null,
    )
    db.prepare(
      `INSERT INTO pixiv_image_to_series(series_id, series_order, image_id, created_date, last_update_date)
                        VALUES (?, ?, ?, datetime('now'), datetime('now'))
                        ON CONFLICT(image_id) DO UPDATE
                        SET series_id = excluded.series_id,
                            series_order = excluded.series_order,
                            last_update_date = datetime('now')`,
    ).run(Number(nav.seriesId), nav.order, i.id)
  }
  if (s.autoAddMember) {
    db.prepare(`INSERT OR IGNORE INTO pixiv_master_member VALUES(?, ?, ?, datetime('now'), '1-1-1', -1, 0, ?)`).run(
      i.user.id,
      String(i.user.id),
      'N\\A',
      i.user.account,
    )
    db.prepare(
      `UPDATE pixiv_master_member
                            SET name = ?, member_token = ?
                            WHERE member_id = ?
                            `,
    ).run(i.user.name, i.user.account, i.user.id)
  }
}

/** PixivImage.WriteInfo: CRLF lines, keys padded as it pads them. */
function writeInfo(w: SourceWork): string {
  const i = w.illust
  const nav = seriesNavData(w)
  const lines = [
    `ArtistID      = ${i.user.id}`,
    `ArtistName    = ${i.user.name}`,
    `ImageID       = ${i.id}`,
    `Title         = ${i.title}`,
    ...(nav ? [`SeriesTitle   = ${nav.title}`, `SeriesOrder   = ${nav.order}`, `SeriesId      = ${nav.seriesId}`] : []),
    `Caption       = ${i.caption}`,
    `Tags          = ${imageTags(i).join(', ')}`,
    `Image Mode    = ${imageMode(i)}`,
    `Pages         = ${i.page_count}`,
    `Date          = ${pythonDate(i.create_date)}`,
    `Resolution    = ${resolution(i)}`,
    `BookmarkCount = ${i.total_bookmarks}`,
    `Link          = http://www.pixiv.net/en/artworks/${i.id}`,
    ...(i.type === 'ugoira' ? [`Ugoira Data   = ${ugoiraData(w)}`] : []),
  ]
  return lines.map((l) => `${l}\r\n`).join('')
}

/** PixivImage.WriteJSON: the raw body minus RawJSONFilter's keys, or PixivUtil2's own keys; indent=4. */
function writeJson(w: SourceWork, raw: boolean): string {
  const i = w.illust
  let info: Record<string, unknown>
  if (raw) {
    info = ajaxIllustBody(w)
    const filter =
      'id,title,description,alt,userIllusts,storableTags,zoneConfig,extraData,comicPromotion,fanboxPromotion'
    for (const k of filter.split(',')) delete info[k.trim()]
    if (i.type === 'ugoira') info['Ugoira Data'] = ugoiraData(w)
  } else {
    const nav = seriesNavData(w)
    info = {
      'Artist ID': i.user.id,
      'Artist Name': i.user.name,
      'Image ID': i.id,
      ...(nav ? { 'Series Data': nav } : {}),
      Title: i.title,
      Caption: i.caption,
      Tags: imageTags(i),
      'Image Mode': imageMode(i),
      Pages: i.page_count,
      Date: utcIso(i.create_date),
      Resolution: resolution(i),
      BookmarkCount: i.total_bookmarks,
      Link: `https://www.pixiv.net/en/artworks/${i.id}`,
      ...(i.type === 'ugoira' ? { 'Ugoira Data': ugoiraData(w) } : {}),
      titleCaptionTranslation: { workTitle: '', workCaption: '' },
    }
  }
  return JSON.stringify(info, null, 4)
}
