import type { Hono } from 'hono'
import type { TagRow, WorkRow } from '../data/store.ts'
import type { AppContext, AppEnv, Services } from '../context.ts'
import { on } from '../http/endpoint.ts'
import { notFound } from '../http/errors.ts'
import { isoJst, ugoiraZipPath, workImagePaths } from '../images/paths.ts'
import { GONE, sendJson } from './common.ts'
import { coverUrl, uploadedImages } from './novel-text.ts'

// The web API's reads that gallery-dl makes beside the App API (reference: real-clients.md), in the web API's own
// envelope with camelCase bodies. Each body holds what gallery-dl reads from it, with the catalogue's values:
// - /ajax/user/{id}/profile/all: the ids of `illusts` and `manga` (its "sanity" check against /v1/user/illusts);
// - /ajax/illust/{id}: illustTitle, urls.original, createDate, width, height, sl, viewCount, commentCount,
//   bookmarkCount, restrict, xRestrict, aiType, bookStyle, userId/userName/userAccount, bookmarkData,
//   tags.tags[].tag / .translation.en, illustComment, pageCount (and userIllusts[id].url as a fallback);
// - /ajax/illust/{id}/ugoira_meta: src, originalSrc, frames {file, delay};
// - /ajax/novel/{id}: textEmbeddedImages (each merged into the novel's metadata, urls.original downloaded).
// Visibility is the App API's: what the caller may not see is a 404, as an id that does not exist is. Errors are
// turned into the envelope where every error becomes JSON (app.ts), from the same ApiErrors the App API throws.

/** A successful web API answer. */
const sendAjax = (c: AppContext, body: unknown) => sendJson(c, { error: false, message: '', body })

/** Ids as the web API keys its work lists: `{"<id>": null, …}`. */
const idMap = (ids: readonly number[]) => Object.fromEntries(ids.map((id) => [String(id), null]))

/** The web API's tag list (`tags.tags[]`): `locked` marks the author's own tags. */
const webTags = (authorId: number, tags: readonly (TagRow & { by_author?: number })[]) => ({
  authorId: String(authorId),
  isLocked: false,
  tags: tags.map((t) => ({
    tag: t.name,
    locked: t.by_author === undefined ? true : t.by_author === 1,
    deletable: false,
    ...(t.translated_name !== null ? { translation: { en: t.translated_name } } : {}),
  })),
  writable: true,
})

const illustType = (row: WorkRow) => (row.type === 'illust' ? 0 : row.type === 'manga' ? 1 : 2)

/** No user has more works than this; it only bounds the profile's id lists. */
const MAX_PROFILE_WORKS = 1_000_000

export function ajaxRoutes(app: Hono<AppEnv>, { domain }: Services) {
  const { users, works, novels, bookmarks } = domain
  const bookmarkData = async (c: AppContext, kind: 'illust' | 'novel', id: number) => {
    const mark = await bookmarks.of(c.get('view'), kind, id)
    return mark ? { id: String(mark.id), private: mark.restrict === 1 } : null
  }

  on(app, 'ajaxUserProfile', async (c, q) => {
    await users.existing(q.user_id)
    const view = c.get('view')
    const items = async (kind: 'illust' | 'novel', type?: 'illust' | 'manga') =>
      idMap(await users.itemIds(view, kind, q.user_id, type, 0, MAX_PROFILE_WORKS))
    const [illusts, manga, novelIds] = await Promise.all([
      items('illust', 'illust'),
      items('illust', 'manga'),
      items('novel'),
    ])
    return sendAjax(c, {
      illusts,
      manga,
      novels: novelIds,
      mangaSeries: [],
      novelSeries: [],
      pickup: [],
    })
  })

  on(app, 'ajaxIllust', async (c, q) => {
    const { row, author, tags } = await works.withAuthor(c.get('view'), q.illust_id)
    if (!author) throw notFound(GONE.illust)
    // The paths the App API gives for the same work (image_urls, meta_single_page / meta_pages[0]).
    const p = workImagePaths({ id: row.id, createdTs: row.created_ts, type: row.type, ext: row.ext }, 0)
    const of = { kind: 'illust' as const, row }
    const urls = {
      mini: c.get('view').imageUrl(p.squareMedium, of),
      thumb: c.get('view').imageUrl(p.squareMedium, of),
      small: c.get('view').imageUrl(p.medium, of),
      regular: c.get('view').imageUrl(p.large, of),
      original: c.get('view').imageUrl(p.original, of),
    }
    const id = String(row.id)
    const created = isoJst(row.created_ts)
    return sendAjax(c, {
      illustId: id,
      illustTitle: row.title,
      illustComment: row.caption,
      id,
      title: row.title,
      description: row.caption,
      illustType: illustType(row),
      createDate: created,
      uploadDate: created,
      restrict: row.restrict,
      xRestrict: row.x_restrict,
      sl: row.sanity_level,
      urls,
      tags: webTags(row.user_id, tags),
      alt: row.title,
      userId: String(row.user_id),
      userName: author.name,
      userAccount: author.account,
      userIllusts: {
        [id]: {
          id,
          title: row.title,
          illustType: illustType(row),
          xRestrict: row.x_restrict,
          restrict: row.restrict,
          sl: row.sanity_level,
          url: urls.thumb,
          width: row.width,
          height: row.height,
          pageCount: row.page_count,
          createDate: created,
          aiType: row.ai_type,
        },
      },
      width: row.width,
      height: row.height,
      pageCount: row.page_count,
      bookmarkCount: row.total_bookmarks,
      commentCount: row.total_comments,
      viewCount: row.total_view,
      bookStyle: row.book_style,
      aiType: row.ai_type,
      isBookmarkable: c.get('caller').id !== 0,
      bookmarkData: await bookmarkData(c, 'illust', row.id),
    })
  })

  on(app, 'ajaxUgoiraMeta', async (c, q) => {
    const { row, delays } = await works.ugoira(c.get('view'), q.illust_id)
    const subject = { id: row.id, createdTs: row.created_ts, type: row.type, ext: row.ext }
    return sendAjax(c, {
      // The App API's zip_urls.medium, and the large zip gallery-dl derives from it.
      src: c.get('view').imageUrl(ugoiraZipPath(subject), { kind: 'illust', row }),
      originalSrc: c.get('view').imageUrl(ugoiraZipPath(subject, '1920x1080'), { kind: 'illust', row }),
      mime_type: 'image/jpeg',
      // The frame names of the zips (and of /v1/ugoira/metadata).
      frames: delays.map((delay, i) => ({ file: `${String(i).padStart(6, '0')}.jpg`, delay })),
    })
  })

  on(app, 'ajaxNovel', async (c, q) => {
    const novel = await novels.readable(c.get('view'), q.novel_id)
    const { row, text } = novel
    const { author, tags } = await novels.about(row)
    const sl = row.x_restrict > 0 ? '6' : '2'
    const created = isoJst(row.created_ts)
    return sendAjax(c, {
      id: String(row.id),
      title: row.title,
      description: row.caption,
      content: text,
      coverUrl: coverUrl(c, row),
      createDate: created,
      uploadDate: created,
      userId: String(row.user_id),
      userName: author?.name ?? '',
      restrict: row.restrict,
      xRestrict: row.x_restrict,
      isOriginal: row.is_original === 1,
      pageCount: row.page_count,
      characterCount: row.text_length,
      bookmarkCount: row.total_bookmarks,
      commentCount: row.total_comments,
      viewCount: row.total_view,
      tags: webTags(row.user_id, tags),
      textEmbeddedImages: Object.fromEntries(
        [...uploadedImages(c, novel)].map(([id, urls]) => [id, { novelImageId: id, sl, urls }]),
      ),
      aiType: row.ai_type,
      isBookmarkable: c.get('caller').id !== 0,
      bookmarkData: await bookmarkData(c, 'novel', row.id),
    })
  })
}
