import type { Hono } from 'hono'
import type { AppEnv, Services } from '../context.ts'
import type { Kind, UserRow } from '../data/store.ts'
import type { View } from '../wire/view.ts'
import { on } from '../http/endpoint.ts'
import { backgroundPaths, hasBackground } from '../images/paths.ts'
import { badRequest, forbidden, notFound } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import type { AppContext } from '../context.ts'
import { pageOf, requireUser, sendJson } from './common.ts'
import { governedProfileFields, type Publicity } from '../wire/profile-publicity.ts'

/** The profile banner's URL (the CDN's 1200×600 master), or '' for a user without one. */
const backgroundImageUrl = (view: View, row: UserRow) => {
  const u = { id: row.id, profileDate: row.profile_date, profileHash: row.profile_hash }
  return hasBackground(u) ? view.imageUrl(backgroundPaths(u).master) : ''
}
const GONE = 'User has left or the user ID does not exist.'

export function userRoutes(app: Hono<AppEnv>, { store, caches }: Services) {
  const userOr404 = (userId: number) => {
    const row = store.user(userId)
    if (!row) throw notFound(GONE)
    return row
  }

  on(app, 'userDetail', (c, q) => {
    const row = userOr404(q.user_id)
    const view = c.var.view
    const counts = store.userCounts(row.id, c.var.caller)
    const profile = JSON.parse(row.profile_json) as Record<string, unknown>
    const { workspace, profile_publicity, ...rest } = profile
    return sendJson(c, {
      user: {
        ...view.user(row, view.follows(row.id)),
        comment: row.comment,
        is_access_blocking_user: false,
      },
      profile: {
        webpage: null,
        twitter_account: '',
        twitter_url: '',
        is_using_custom_profile_image: true,
        ...rest,
        ...governedProfileFields(rest, profile_publicity as Publicity | undefined, (p) => {
          const me = c.var.caller.id
          return p === 'public' || me === row.id || (p === 'mypixiv' && c.var.view.isMutual(row.id))
        }),
        background_image_url: backgroundImageUrl(c.var.view, row),
        total_follow_users: counts.follows,
        total_mypixiv_users: counts.mypixiv,
        total_illusts: counts.illusts,
        total_manga: counts.manga,
        total_novels: counts.novels,
        total_illust_bookmarks_public: counts.publicIllustBookmarks,
        total_illust_series: counts.illustSeries,
        total_novel_series: counts.novelSeries,
        is_premium: row.is_premium === 1,
      },
      profile_publicity: profile_publicity ?? {
        gender: 'public',
        region: 'public',
        birth_day: 'public',
        birth_year: 'public',
        job: 'public',
        pawoo: false,
      },
      workspace: workspace ?? {},
    })
  })

  const items = (c: AppContext, kind: Kind, q: { user_id: number; offset: number; type?: 'illust' | 'manga' }) => {
    const row = userOr404(q.user_id)
    const view = c.var.view
    const { items: page, more } = pageOf(store.userItems(kind, row.id, c.var.caller, q.type, q.offset, PAGE_SIZE + 1))
    return sendJson(c, {
      user: view.user(row, view.follows(row.id)),
      [kind === 'illust' ? 'illusts' : 'novels']: view.list(kind, page),
      next_url: nextUrl(c, c.var.origin, more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  }
  on(app, 'userIllusts', (c, q) => items(c, 'illust', q))
  on(app, 'userNovels', (c, q) => items(c, 'novel', q))

  on(app, 'userFollowing', (c, q) => {
    userOr404(q.user_id)
    if (q.restrict === 'private' && c.var.caller.id !== q.user_id)
      throw forbidden('Private follows are only visible to their owner.')
    const ids = store.following(q.user_id, q.restrict === 'private' ? 1 : 0, q.offset, PAGE_SIZE + 1)
    const { items: page, more } = pageOf(ids)
    return sendJson(c, {
      user_previews: c.var.view.userPreviews(page),
      next_url: nextUrl(c, c.var.origin, more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })

  on(app, 'follow', (c, q) => {
    const me = requireUser(c)
    userOr404(q.user_id)
    if (q.user_id === me) throw badRequest('user_id must not be your own', 'You cannot follow yourself.')
    store.follow(me, q.user_id, q.restrict === 'private' ? 1 : 0)
    // Following can make restrict-1 works visible (mutual follows) to these two accounts and no other: their versions
    // move, and with them the keys of their cached searches and recommendations (no one else's cache is touched).
    caches.callers.changed(me, q.user_id)
    return sendJson(c, {})
  })

  on(app, 'unfollow', (c, q) => {
    const me = requireUser(c)
    userOr404(q.user_id)
    store.unfollow(me, q.user_id)
    caches.callers.changed(me, q.user_id)
    return sendJson(c, {})
  })
}
