import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtures } from '../data/fixtures.ts'
import { openTestApp, walk, type TestApp } from '../testing/harness.ts'

// The web API reads gallery-dl makes (/ajax/…): the web envelope, camelCase bodies holding what gallery-dl reads,
// the same values and image URLs as the App API gives for the same item, and errors in the envelope with the status.

let app: TestApp
let demo: string
beforeAll(async () => {
  app = openTestApp()
  demo = await app.login('demo')
})
afterAll(() => app.close())

/** A successful web API answer: its body. */
async function ajax<T = any>(path: string, token?: string): Promise<T> {
  const res = await app.fetch(path, { token })
  expect(res.status, path).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const json = (await res.json()) as { error: boolean; message: string; body: T }
  expect(Object.keys(json)).toEqual(['error', 'message', 'body'])
  expect(json.error).toBe(false)
  expect(json.message).toBe('')
  return json.body
}

/** An error of the web API: `{"error": true, "message": …, "body": []}` with the status. */
async function ajaxError(path: string, status: number, token?: string) {
  const res = await app.fetch(path, { token })
  expect(res.status, path).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const json = (await res.json()) as { error: boolean; message: string; body: unknown }
  expect(json.error, path).toBe(true)
  expect(typeof json.message).toBe('string')
  expect(json.message.length).toBeGreaterThan(0)
  expect(json.body).toEqual([])
}

/** The App API's original image URL of a work's first page. */
const originalOf = (illust: any): string =>
  illust.page_count === 1 ? illust.meta_single_page.original_image_url : illust.meta_pages[0].image_urls.original

describe('/ajax/illust/{id}', () => {
  it('holds what gallery-dl reads, with the App API detail values and image URLs', async () => {
    const store = app.services.store
    const picks = [
      fixtures.workWhere(store, "w.type = 'illust' AND w.page_count = 1 AND w.restrict = 0 AND w.x_restrict = 0"),
      fixtures.workWhere(store, "w.type = 'manga' AND w.page_count > 2 AND w.restrict = 0 AND w.x_restrict = 0"),
      fixtures.workWhere(store, "w.type = 'ugoira' AND w.restrict = 0 AND w.x_restrict = 0"),
    ]
    for (const pick of picks) {
      const { illust } = await app.get(`/v1/illust/detail?illust_id=${pick!.id}`, demo)
      const body = await ajax(`/ajax/illust/${pick!.id}`, demo)
      expect(body).toMatchObject({
        id: String(illust.id),
        illustId: String(illust.id),
        illustTitle: illust.title,
        illustComment: illust.caption,
        illustType: { illust: 0, manga: 1, ugoira: 2 }[illust.type as string],
        createDate: illust.create_date,
        width: illust.width,
        height: illust.height,
        sl: illust.sanity_level,
        viewCount: illust.total_view,
        commentCount: illust.total_comments,
        bookmarkCount: illust.total_bookmarks,
        restrict: illust.restrict,
        xRestrict: illust.x_restrict,
        aiType: illust.illust_ai_type,
        bookStyle: illust.illust_book_style,
        userId: String(illust.user.id),
        userName: illust.user.name,
        userAccount: illust.user.account,
        pageCount: illust.page_count,
      })
      // The same image URLs the App API gives: gallery-dl downloads urls.original and derives the other pages' URLs
      // from it by the page number.
      expect(body.urls.original).toBe(originalOf(illust))
      expect(body.urls.small).toBe(illust.image_urls.medium)
      expect(body.urls.regular).toBe(illust.image_urls.large)
      expect(body.urls.thumb).toBe(illust.image_urls.square_medium)
      expect(body.userIllusts[body.id].url).toBe(illust.image_urls.square_medium)
      for (let p = 1; p < illust.meta_pages.length; p++)
        expect(body.urls.original.replace('_p0.', `_p${p}.`)).toBe(illust.meta_pages[p].image_urls.original)
      expect(body.tags.tags.map((t: { tag: string }) => t.tag)).toEqual(illust.tags.map((t: any) => t.name))
      illust.tags.forEach((t: { translated_name: string | null }, i: number) =>
        expect(body.tags.tags[i].translation?.en ?? null).toBe(t.translated_name),
      )
    }
  })

  it("gives the caller's bookmark as bookmarkData, null for anyone else", async () => {
    const mark = app.services.store.db
      .prepare(
        `SELECT b.id, b.item_id, b.restrict FROM illust_bookmarks b JOIN works w ON w.id = b.item_id
         WHERE b.user_id = 1 AND w.restrict = 0 AND w.x_restrict = 0 ORDER BY b.id LIMIT 1`,
      )
      .get() as { id: number; item_id: number; restrict: number }
    const mine = await ajax(`/ajax/illust/${mark.item_id}`, demo)
    expect(mine.bookmarkData).toEqual({ id: String(mark.id), private: mark.restrict === 1 })
    expect((await ajax(`/ajax/illust/${mark.item_id}`)).bookmarkData).toBeNull()
  })
})

describe('/ajax/illust/{id}/ugoira_meta', () => {
  it('gives the App API zip as src, its large twin as originalSrc, and the same frames', async () => {
    const id = fixtures.workWhere(app.services.store, "w.type = 'ugoira' AND w.restrict = 0 AND w.x_restrict = 0")!.id
    const { ugoira_metadata: app_ } = await app.get(`/v1/ugoira/metadata?illust_id=${id}`, demo)
    const body = await ajax(`/ajax/illust/${id}/ugoira_meta`, demo)
    expect(Object.keys(body)).toEqual(['src', 'originalSrc', 'mime_type', 'frames'])
    expect(body.src).toBe(app_.zip_urls.medium)
    expect(body.originalSrc).toBe(app_.zip_urls.medium.replace('_ugoira600x600', '_ugoira1920x1080'))
    expect(body.mime_type).toBe('image/jpeg')
    expect(body.frames).toEqual(app_.frames)
    expect(body.frames.length).toBeGreaterThan(1)
  })
})

describe('/ajax/user/{id}/profile/all', () => {
  it("lists the user's works the caller may see as {id: null} maps, as /v1/user/illusts and /v1/user/novels do", async () => {
    const store = app.services.store
    const author = store.db
      .prepare(
        `SELECT user_id FROM works WHERE type = 'manga' AND restrict = 0 AND x_restrict = 0 GROUP BY user_id
         HAVING COUNT(*) >= 2
         AND user_id IN (SELECT user_id FROM works WHERE type != 'manga' AND restrict = 0 AND x_restrict = 0)
         AND user_id IN (SELECT user_id FROM novels WHERE restrict = 0 AND x_restrict = 0)
         AND user_id IN (SELECT user_id FROM works WHERE x_restrict > 0)
         ORDER BY COUNT(*) DESC LIMIT 1`,
      )
      .get() as { user_id: number }
    const counts: number[] = []
    for (const token of [demo, undefined]) {
      const body = await ajax(`/ajax/user/${author.user_id}/profile/all`, token)
      counts.push(Object.keys(body.illusts).length + Object.keys(body.manga).length)
      for (const [key, path] of [
        ['illusts', `/v1/user/illusts?user_id=${author.user_id}&type=illust`],
        ['manga', `/v1/user/illusts?user_id=${author.user_id}&type=manga`],
        ['novels', `/v1/user/novels?user_id=${author.user_id}`],
      ] as const) {
        const listed = await walk<{ id: number }>(app, path, key === 'novels' ? 'novels' : 'illusts', token)
        expect(listed.items.length, key).toBeGreaterThan(0)
        expect(
          Object.keys(body[key])
            .map(Number)
            .sort((a, b) => a - b),
          key,
        ).toEqual(listed.items.map((w) => w.id).sort((a, b) => a - b))
        expect(Object.values(body[key]).every((v) => v === null)).toBe(true)
      }
      expect(body.pickup).toEqual([])
    }
    // The demo account sees the author's R-18 works, an anonymous caller does not.
    expect(app.services.store.user(1)!.x_restrict).toBeGreaterThan(0)
    expect(counts[0]).toBeGreaterThan(counts[1]!)
  })
})

describe('/ajax/novel/{id}', () => {
  it('gives the text as content and the uploaded images as textEmbeddedImages, with /v1/novel/text URLs', async () => {
    const store = app.services.store
    const id = (
      store.db
        .prepare(
          `SELECT n.id FROM novels n WHERE n.restrict = 0 AND n.x_restrict = 0
           AND n.id IN (SELECT novel_id FROM novel_images) ORDER BY n.id LIMIT 1`,
        )
        .get() as { id: number }
    ).id
    const text = await app.get(`/v1/novel/text?novel_id=${id}`, demo)
    const { novel } = await app.get(`/v2/novel/detail?novel_id=${id}`, demo)
    const body = await ajax(`/ajax/novel/${id}`, demo)
    expect(body).toMatchObject({
      id: String(id),
      title: novel.title,
      description: novel.caption,
      content: text.novel_text,
      coverUrl: novel.image_urls.large,
      createDate: novel.create_date,
      userId: String(novel.user.id),
      userName: novel.user.name,
      xRestrict: novel.x_restrict,
      pageCount: novel.page_count,
      bookmarkCount: novel.total_bookmarks,
      viewCount: novel.total_view,
    })
    const images = Object.entries(body.textEmbeddedImages as Record<string, { novelImageId: string; urls: object }>)
    expect(images.length).toBeGreaterThan(0)
    expect(images.map(([k]) => k)).toEqual(Object.keys(text.images))
    for (const [key, image] of images) {
      expect(image.novelImageId).toBe(key)
      expect(image.urls).toEqual(text.images[key].urls)
    }
  })
})

describe('errors in the web envelope', () => {
  it('404 for ids that do not exist or that the caller may not see; 400 for bad input', async () => {
    const store = app.services.store
    const r18Work = fixtures.workWhere(store, 'w.x_restrict > 0')!.id
    const r18Novel = fixtures.novelWhere(store, 'w.x_restrict > 0')!.id
    const still = fixtures.workWhere(store, "w.type = 'illust' AND w.restrict = 0 AND w.x_restrict = 0")!.id
    await ajaxError('/ajax/illust/999999999', 404, demo)
    await ajaxError(`/ajax/illust/${r18Work}`, 404)
    await ajaxError(`/ajax/illust/${r18Work}/ugoira_meta`, 404)
    await ajaxError(`/ajax/novel/${r18Novel}`, 404)
    await ajaxError('/ajax/novel/999999999', 404)
    await ajaxError('/ajax/user/999999999/profile/all', 404)
    await ajaxError('/ajax/illust/abc', 400)
    await ajaxError('/ajax/illust/0', 400)
    await ajaxError(`/ajax/illust/${still}/ugoira_meta`, 400)
    await ajaxError('/ajax/anything', 404)
    await ajaxError('/ajax/illust/1', 400, 'not-a-token')
  })
})
