import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import { userTermMatcher } from '../data/social.ts'
import { on } from '../http/endpoint.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, parsedQuery, sendJson } from './common.ts'
import { compileQuery } from '../search/compile.ts'
import { clientOf } from '../http/client-address.ts'

// Lists of users (search, followers, my pixiv, related, recommended, user/list) and the account's AI-show setting.
// Users come as `user_previews`, built as /v1/user/following builds them: the user, their three newest visible works
// and novels, and whether the caller muted them.

const GONE = 'User has left or the user ID does not exist.'
/** Longest related / recommended list kept per seed. */
const SUGGESTIONS = 300
/** Words of a user search, as for works. */

export function userListRoutes(app: Hono<AppEnv>, { store, caches, searches, config }: Services) {
  const social = store.social
  const userOr404 = (userId: number) => {
    if (!store.user(userId)) throw notFound(GONE)
  }
  const previewPage = (c: AppContext, ids: number[], offset: number) => {
    const { items, more } = pageOf(ids)
    return sendJson(c, {
      user_previews: c.var.view.userPreviews(items),
      next_url: nextUrl(c, c.var.origin, more ? { offset: offset + PAGE_SIZE } : null),
    })
  }
  /** Authors with public all-ages works: their count of such works and the bookmarks those hold. */
  const authors = () => {
    const key = 'users:authors'
    const list = caches.recommend.getOrCompute(key, () =>
      social.authorPopularity().flatMap((a) => [a.user_id, a.bookmarks, a.works]),
    )
    const out = new Map<number, { bookmarks: number; works: number }>()
    for (let i = 0; i < list.length; i += 3) out.set(list[i]!, { bookmarks: list[i + 1]!, works: list[i + 2]! })
    return out
  }
  const ranked = (scores: Map<number, number>) =>
    [...scores]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, SUGGESTIONS)
      .map(([id]) => id)

  on(app, 'searchUsers', async (c, q) => {
    const match = compileQuery(parsedQuery(q.word), userTermMatcher)
    const job = { op: 'users', match, offset: q.offset, limit: PAGE_SIZE + 1 } as const
    return previewPage(c, await searches.run(job, clientOf(c, config.trustProxy)), q.offset)
  })

  on(app, 'userFollowers', (c, q) => {
    userOr404(q.user_id)
    return previewPage(c, social.followers(q.user_id, q.offset, PAGE_SIZE + 1), q.offset)
  })

  on(app, 'userMypixiv', (c, q) => {
    userOr404(q.user_id)
    return previewPage(c, social.mypixiv(q.user_id, c.var.caller.id, q.offset, PAGE_SIZE + 1), q.offset)
  })

  // Users like the seed: authors whose works carry the seed's most used tags, and authors the seed's fans also
  // bookmark. The list depends on the seed alone (cached with the recommendations, which writes clear).
  on(app, 'relatedUsers', (c, q) => {
    const seed = q.seed_user_id
    userOr404(seed)
    const ids = caches.recommend.getOrCompute(`users:related:${seed}`, () => {
      const known = authors()
      const byTags = social.authorsWithTags(social.authorTags(seed, 20).map((t) => t.tag_id))
      const fans = social.coBookmarkedAuthors(seed)
      const scores = new Map<number, number>()
      for (const id of new Set([...byTags.keys(), ...fans.keys()])) {
        if (id === seed || !known.has(id)) continue
        scores.set(id, Math.log2(1 + (byTags.get(id) ?? 0)) + 2 * Math.log2(1 + (fans.get(id) ?? 0)))
      }
      return ranked(scores)
    })
    const me = c.var.caller.id
    const mine = ids.filter((id) => id !== me)
    return previewPage(c, mine.slice(q.offset, q.offset + PAGE_SIZE + 1), q.offset)
  })

  // Signed in: authors not yet followed, popular ones first, raised by how much of their work carries the tags of
  // what the caller bookmarks. Anonymous: popularity alone.
  on(app, 'recommendedUsers', (c, q) => {
    const me = c.var.caller.id
    // A new bookmark changes the caller's tastes: its newest bookmark id is part of the key.
    const newest = me ? store.bookmarkWindow('illust', me, 1).max : 0
    const ids = caches.recommend.getOrCompute(`users:recommended:${me}:${caches.callers.version(me)}:${newest}`, () => {
      const known = authors()
      const followed = me ? social.followees(me) : new Set<number>()
      const affinity = me
        ? social.authorsWithTags(social.bookmarkedTags(me, 200, 20).map((t) => t.tag_id))
        : new Map<number, number>()
      const scores = new Map<number, number>()
      for (const [id, a] of known) {
        if (id === me || followed.has(id)) continue
        scores.set(id, Math.log2(2 + a.bookmarks) * (1 + (2 * (affinity.get(id) ?? 0)) / a.works))
      }
      return ranked(scores)
    })
    return previewPage(c, ids.slice(q.offset, q.offset + PAGE_SIZE + 1), q.offset)
  })

  // pixiv's block list. Easel has no blocking; the nearest thing, and what a user means by "users I hid", is their
  // muted users. A block list is private: another's is empty.
  on(app, 'userList', (c, q) => {
    userOr404(q.user_id)
    const ids = q.user_id === c.var.caller.id ? store.mutes(q.user_id).users : []
    const { items, more } = pageOf(ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    const view = c.var.view
    const users = view.usersById(items)
    return sendJson(c, {
      users: items.flatMap((id) => {
        const row = users.rows.get(id)
        return row ? [view.user(row, users.followed.has(id))] : []
      }),
      next_url: nextUrl(c, c.var.origin, more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })

  on(app, 'editAiShowSettings', (c, q) => {
    const show = q.show_ai ?? q.setting
    if (show === undefined)
      throw badRequest(JSON.stringify({ show_ai: ['show_ai is required'] }), 'show_ai is required')
    social.setShowAi(c.var.caller.id, show)
    // Lists derived per caller were made under the old setting: they are keyed by the caller's version, which this
    // moves (clearing the caches instead let any account flush everyone's).
    caches.callers.changed(c.var.caller.id)
    return sendJson(c, {})
  })

  on(app, 'aiShowSettings', (c) => sendJson(c, { show_ai: social.showAi(c.var.caller.id) }))
}
