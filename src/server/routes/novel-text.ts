import type { Hono } from 'hono'
import type { WireIllust, WireNovelText } from '../../api/wire.ts'
import type { NovelRow } from '../data/store.ts'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { ReadableNovel } from '../services/novels.ts'
import { on } from '../http/endpoint.ts'
import { isoJst, novelCoverPaths, novelUploadedImagePaths } from '../images/paths.ts'
import { webviewNovelPage, type WebviewNovel, type WebviewSeriesLink } from '../wire/webview-page.ts'
import { sendJson } from './common.ts'
import { ExtendedJson, type RawJson } from '../wire/raw-json.ts'
import { novelSeriesHead } from './novel-series.ts'

// A novel's text, two ways: `/v1/novel/text` (JSON, Easel's gallery) and `/webview/v2/novel` (the HTML page pixivpy
// and gallery-dl read). Both show the same novels (those /v2/novel/detail shows in full; any other is the 404 error
// body, never a placeholder), the same text and the same series neighbours (services/novels.ts reads them).

type ImageUrls = WireNovelText['images'][string]['urls']

/** `[uploadedimage:ID]` images of the novel: id → URLs. */
export function uploadedImages(
  c: AppContext,
  novel: Pick<ReadableNovel, 'row' | 'images' | 'files'>,
): Map<string, ImageUrls> {
  const { row } = novel
  const out = new Map<string, ImageUrls>()
  // an imported novel's originals keep their own type (its files, data/library-files.ts)
  const exts = new Map(novel.files.map((f) => [`${f.role}:${f.image_id}`, f.ext]))
  for (const img of novel.images) {
    const ext = exts.get(`image:${img.image_id}`)
    const paths = novelUploadedImagePaths({ id: row.id, createdTs: row.created_ts }, img.image_id, ext)
    out.set(
      String(img.image_id),
      Object.fromEntries(
        Object.entries(paths).map(([size, p]) => [size, c.get('view').imageUrl(p, { kind: 'novel', row })]),
      ) as ImageUrls,
    )
  }
  return out
}

interface EmbeddedWork {
  wire: WireIllust
  /** 1-based */
  page: number
  images: { small: string; medium: string; original: string }
}

/**
 * `[pixivimage:ID]` / `[pixivimage:ID-PAGE]` works the caller may see, keyed by the literal marker value (reference
 * §19.2); a page the work does not have is left out, as an unknown or hidden work is. The page's images are the URLs
 * the work's own image_urls / meta_pages give (signed where the work's are).
 */
function embeddedWorks(novel: ReadableNovel): Map<string, EmbeddedWork> {
  const out = new Map<string, EmbeddedWork>()
  for (const m of novel.text.matchAll(/\[pixivimage:(\d{1,15})(?:-(\d{1,4}))?\]/g)) {
    const wire = novel.embedded.get(Number(m[1]))
    const page = m[2] ? Number(m[2]) : 1
    if (!wire || page < 1 || page > wire.page_count) continue
    const single = wire.page_count === 1
    const urls = single ? undefined : wire.meta_pages[page - 1]?.image_urls
    const original = single ? wire.meta_single_page.original_image_url : urls?.original
    const small = single ? wire.image_urls.square_medium : urls?.square_medium
    const medium = single ? wire.image_urls.large : urls?.large
    if (!small || !medium || !original) continue
    out.set(m[0].slice('[pixivimage:'.length, -1), { wire, page, images: { small, medium, original } })
  }
  return out
}

export const coverUrl = (c: AppContext, row: NovelRow) =>
  c.get('view').imageUrl(novelCoverPaths({ id: row.id, createdTs: row.created_ts, coverHash: row.cover_hash }).large, {
    kind: 'novel',
    row,
  })

export function novelTextRoutes(app: Hono<AppEnv>, { domain }: Services) {
  on(app, 'novelText', async (c, q) => {
    const view = c.get('view')
    const novel = await domain.novels.readable(view, q.novel_id, { neighbours: true, embeds: true })
    const { row, prev, next } = novel
    const head = prev || next ? await novelSeriesHead(c, domain, row.series_id!) : undefined
    const [prevRaw, nextRaw] = head
      ? await domain.items.lists(view, 'novel', [prev ? [prev.id] : [], next ? [next.id] : []])
      : [[], []]
    // The neighbour's novel object with the keys of a series page (WireSeriesNeighbour), or `{}`.
    const neighbour = (raw: RawJson | undefined) =>
      raw && head ? new ExtendedJson(raw, { ...head, novels: [raw], next_url: null }) : {}
    const images: WireNovelText['images'] = Object.fromEntries(
      [...uploadedImages(c, novel)].map(([id, urls]) => [id, { urls }]),
    )
    const illusts: WireNovelText['illusts'] = Object.fromEntries(
      [...embeddedWorks(novel)].map(([key, e]) => [key, { illust: e.wire, page: e.page, images: e.images }]),
    )
    return sendJson(c, {
      novel_marker: {},
      novel_text: novel.textJson,
      series_prev: neighbour(prevRaw![0]),
      series_next: neighbour(nextRaw![0]),
      images,
      illusts,
    })
  })

  on(app, 'webviewNovel', async (c, q) => {
    const { row, text, prev, next } = await domain.novels.readable(c.get('view'), q.id, { neighbours: true })
    const about = await domain.novels.about(row)
    const link = (n: NovelRow | undefined): WebviewSeriesLink | null =>
      n
        ? {
            id: n.id,
            viewable: true,
            contentOrder: String(n.series_order ?? 0),
            title: n.title,
            coverUrl: coverUrl(c, n),
            viewableMessage: null,
          }
        : null
    const novel: WebviewNovel = {
      id: String(row.id),
      title: row.title,
      seriesId: row.series_id ? String(row.series_id) : null,
      seriesTitle: about.seriesTitle,
      seriesIsWatched: row.series_id ? false : null,
      userId: String(row.user_id),
      coverUrl: coverUrl(c, row),
      tags: about.tags.map((t) => t.name),
      caption: row.caption,
      cdate: isoJst(row.created_ts),
      // Easel keeps no likes apart from bookmarks.
      rating: { like: 0, bookmark: row.total_bookmarks, view: row.total_view },
      text,
      marker: null,
      // Always empty lists. pixivpy validates the object with a model that types both as lists of strings, so the
      // maps pixiv sends for a novel with embeds (PixEz reads them) would make it refuse the whole novel; the embeds
      // stay readable from /v1/novel/text (`images`, `illusts`) and /ajax/novel/{id} (`textEmbeddedImages`).
      illusts: [],
      images: [],
      seriesNavigation: row.series_id ? { nextNovel: link(next), prevNovel: link(prev) } : null,
      glossaryItems: [],
      replaceableItemIds: [],
      aiType: row.ai_type,
      isOriginal: row.is_original === 1,
    }
    const page = webviewNovelPage(novel, row.user_id === c.get('caller').id)
    return c.body(page.html, 200, {
      'Content-Type': 'text/html; charset=UTF-8',
      'Content-Security-Policy': page.csp,
      'Cache-Control': 'no-store',
    })
  })
}
