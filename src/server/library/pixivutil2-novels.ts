// PixivUtil2's novels (../shared/reference/archive-formats.md §2; PixivUtil2's model/PixivNovel.py and
// novel_template.html): one `.html` page per novel, by default `%artist% (%member_id%)/%manga_series_id%
// %manga_series_order% %urlFilename% - %title%.html`, made from a template into which the whole web API answer of
// `/ajax/novel/{id}` is pasted as a script: `data = {"error":false,"message":"","body":{…}};`. The markup is
// `body.content`. PixivUtil2 saves neither the cover nor the uploaded images (`body.coverUrl` and
// `textEmbeddedImages` are pixiv's URLs only): such a novel has the default cover, and its `[uploadedimage:]` images
// show as not available. Its series order is pixiv's own (`seriesNavData.order`).
//
// Defaults for what the page lacks: the user's account (PixivUtil2 keeps the name only) is left to other archives, or
// `user_<id>` (library-writer.ts); a tag is the author's when pixiv names the author as its adder (`userId`).

import path from 'node:path'
import { z } from 'zod'
import type { LibraryNovelRecord } from '../data/library-writer.ts'
import { fingerprintOf, Skip, type ArchiveFormat, type FoundFile, type ItemSource } from './archive.ts'
import { MAX_NOVEL_TEXT_BYTES } from './gallery-dl-novels.ts'
import { readRegular } from './media.ts'

const int = z.number().int()
/** The web API sends ids as strings, counts as numbers (some as strings in older answers). */
const numeric = z.union([
  int,
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
])
const idOf = numeric.pipe(int.positive().max(Number.MAX_SAFE_INTEGER))
const count = numeric.pipe(int.min(0)).catch(0)

const bodySchema = z.object({
  id: idOf,
  title: z.string(),
  description: z.string().catch(''),
  content: z.string(),
  userId: idOf,
  userName: z.string().catch(''),
  createDate: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date'),
  restrict: numeric.pipe(int.min(0).max(2)).catch(0),
  xRestrict: numeric.pipe(int.min(0).max(2)).catch(0),
  isOriginal: z.boolean().catch(false),
  aiType: numeric.pipe(int.min(0).max(2)).catch(0),
  bookmarkCount: count,
  viewCount: count,
  commentCount: count,
  characterCount: numeric.pipe(int.min(0)).optional().catch(undefined),
  tags: z
    .object({
      tags: z.array(
        z.object({
          tag: z.string().min(1),
          userId: z.union([z.string(), int]).nullable().optional(),
          translation: z.object({ en: z.string().optional() }).nullable().optional(),
        }),
      ),
    })
    .nullable()
    .catch(null),
  seriesNavData: z
    .object({ seriesId: idOf, title: z.string(), order: numeric.pipe(int.min(0)).optional() })
    .nullable()
    .optional()
    .catch(null),
})

type Body = z.infer<typeof bodySchema>

/** The template's script (novel_template.html): `data = <the JSON answer>;` on its own line before `</script>`. */
const DATA_SCRIPT = /<script>\s*data = /
/**
 * Where the JSON ends: a `;` then a line break and `</script>`. A JSON string cannot hold a raw line break, so the
 * first such place is the end of the answer, whatever its text holds.
 */
const DATA_END = /;[ \t]*\r?\n[ \t]*<\/script>/

/** The novel of a PixivUtil2 page's text, or why it is not one; null when the page is not PixivUtil2's at all. */
export function parseNovelPage(html: string): { ok: true; body: Body } | { ok: false; reason: string } | null {
  const start = DATA_SCRIPT.exec(html)
  if (!start) return null
  const from = start.index + start[0].length
  const end = DATA_END.exec(html.slice(from))
  if (!end) return { ok: false, reason: 'a PixivUtil2 novel page whose data script is cut off' }
  let raw: unknown
  try {
    raw = JSON.parse(html.slice(from, from + end.index))
  } catch (err) {
    return {
      ok: false,
      reason: `malformed JSON in its data script (${err instanceof Error ? err.message : String(err)})`,
    }
  }
  const answer = raw as { error?: unknown; body?: unknown } | null
  if (!answer || typeof answer !== 'object' || answer.error !== false || !answer.body)
    return { ok: false, reason: "not a novel's web API answer (no body)" }
  const parsed = bodySchema.safeParse(answer.body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, reason: `not a pixiv novel: body.${issue.path.join('.')}: ${issue.message}` }
  }
  return { ok: true, body: parsed.data }
}

/** Pages past this are not PixivUtil2's novel pages (the template is 10 KB beside the text). */
const MAX_PAGE_BYTES = MAX_NOVEL_TEXT_BYTES * 2

/** What a page is, as far as finding it goes: a novel's id, why it is a bad one, or not PixivUtil2's. */
type PageKind = { t: 'novel'; id: number } | { t: 'bad'; reason: string } | { t: 'other' }

/**
 * Pages already looked at, by path, size and time: a rescan (the watcher's, after any change in the library) reads
 * again only the pages that changed. Bounded: past the limit it starts over.
 */
const seen = new Map<string, PageKind>()
const MAX_SEEN = 100_000

function pageKind(f: FoundFile): PageKind {
  const key = `${f.file}\0${f.bytes}\0${Math.round(f.mtimeMs)}`
  const known = seen.get(key)
  if (known) return known
  let kind: PageKind
  try {
    // opened as the regular file the walk found (a named pipe put in its place would block the read for ever)
    const parsed = parseNovelPage(readRegular(f.file)!.toString('utf8'))
    kind = !parsed
      ? { t: 'other' }
      : parsed.ok
        ? { t: 'novel', id: parsed.body.id }
        : { t: 'bad', reason: parsed.reason }
  } catch {
    return { t: 'other' } // unreadable: reported as a file no format takes
  }
  if (seen.size >= MAX_SEEN) seen.clear()
  seen.set(key, kind)
  return kind
}

export const pixivUtil2Novels: ArchiveFormat = {
  name: 'PixivUtil2',
  find(scan, taken) {
    const sources: ItemSource[] = []
    for (const f of scan.files) {
      if (taken.has(f.file) || !/\.html?$/i.test(f.file) || f.bytes > MAX_PAGE_BYTES) continue
      const kind = pageKind(f)
      if (kind.t === 'other') continue
      taken.add(f.file)
      if (kind.t === 'bad') {
        scan.skip(f.file, kind.reason)
        continue
      }
      const id = kind.id
      sources.push({
        kind: 'novel',
        id,
        files: [f.file],
        fingerprint: fingerprintOf([['html', f.file, f.bytes, Math.round(f.mtimeMs)]]),
        read: () => Promise.resolve(readNovel(f, id)),
      })
    }
    return sources
  },
}

function readNovel(f: FoundFile, id: number): LibraryNovelRecord {
  // read again: the page may have changed since the scan found it (its fingerprint is of the scan's size and time)
  let html: string
  try {
    html = readRegular(f.file)!.toString('utf8')
  } catch (err) {
    if (err instanceof Skip) throw err
    throw new Skip(`${path.basename(f.file)} is unreadable (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
  }
  const parsed = parseNovelPage(html)
  if (!parsed?.ok || parsed.body.id !== id) throw new Skip(`${path.basename(f.file)} changed while it was read`)
  const b = parsed.body
  const nav = b.seriesNavData ?? null
  return {
    id: b.id,
    title: b.title,
    caption: b.description,
    createdTs: Math.floor(Date.parse(b.createDate) / 1000),
    restrict: b.restrict,
    xRestrict: b.xRestrict,
    isOriginal: b.isOriginal,
    aiType: b.aiType,
    text: b.content,
    textLength: b.characterCount ?? null,
    totalView: b.viewCount,
    totalBookmarks: b.bookmarkCount,
    totalComments: b.commentCount,
    user: { id: b.userId, name: b.userName },
    tags: (b.tags?.tags ?? []).map((t) => ({
      name: t.tag,
      // a tag without a translation here may have one in another archive: not cleared
      translatedName: t.translation?.en,
      byAuthor: t.userId !== null && t.userId !== undefined && String(t.userId) === String(b.userId),
    })),
    series: nav ? { id: nav.seriesId, title: nav.title } : null,
    seriesOrder: nav?.order ?? null,
    files: [],
  }
}
