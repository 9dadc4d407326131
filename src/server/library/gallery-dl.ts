// gallery-dl's per-file metadata sidecars (`--write-metadata`: `<file>.json`), read into what the importer needs
// (../shared/reference/archive-formats.md §1). The record is the App API item minus its image URLs, plus gallery-dl's
// own keys (`num`, `extension`, `frames`, …). Whatever the sidecar lacks gets the default documented here.

import { z } from 'zod'

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
