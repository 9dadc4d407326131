import type { Hono } from 'hono'
import type { AppEnv, Services } from '../context.ts'
import type { Kind, UserRow } from '../data/store.ts'
import type { View } from '../wire/view.ts'
import { on } from '../http/endpoint.ts'
import { backgroundPaths, hasBackground } from '../images/paths.ts'
import { badRequest, forbidden } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import type { AppContext } from '../context.ts'
import { pageOf, requireUser, sendJson } from './common.ts'
import { maySeePublicity, mayReadPrivateOf } from '../services/visibility.ts'
import { governedProfileFields, type Publicity } from '../wire/profile-publicity.ts'

/** The profile banner's URL (the CDN's 1200×600 master), or '' for a user without one. */
const backgroundImageUrl = (view: View, row: UserRow) => {
  const u = { id: row.id, profileDate: row.profile_date, profileHash: row.profile_hash }
  return hasBackground(u) ? view.imageUrl(backgroundPaths(u).master) : ''
}

export function userRoutes(app: Hono<AppEnv>, { domain }: Services) {
  const { users, items, follows } = domain

  on(app, 'userDetail', async (c, q) => {
    const view = c.get('view')
    const { row, counts } = await users.profile(view, q.user_id)
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
          return maySeePublicity(c.get('caller'), (id) => view.isMutual(id), row.id, p)
        }),
        background_image_url: backgroundImageUrl(c.get('view'), row),
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

  const list = async (c: AppContext, kind: Kind, q: { user_id: number; offset: number; type?: 'illust' | 'manga' }) => {
    const row = await users.existing(q.user_id)
    const view = c.get('view')
    const { items: page, more } = pageOf(await users.itemIds(view, kind, row.id, q.type, q.offset, PAGE_SIZE + 1))
    return sendJson(c, {
      user: view.user(row, view.follows(row.id)),
      [kind === 'illust' ? 'illusts' : 'novels']: await items.list(view, kind, page),
      next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  }
  on(app, 'userIllusts', (c, q) => list(c, 'illust', q))
  on(app, 'userNovels', (c, q) => list(c, 'novel', q))

  on(app, 'userFollowing', async (c, q) => {
    await users.existing(q.user_id)
    if (q.restrict === 'private' && !mayReadPrivateOf(c.get('caller'), q.user_id))
      throw forbidden('Private follows are only visible to their owner.')
    const ids = await follows.following(q.user_id, q.restrict === 'private' ? 1 : 0, q.offset, PAGE_SIZE + 1)
    const { items: page, more } = pageOf(ids)
    return sendJson(c, {
      user_previews: await users.previews(c.get('view'), page),
      next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })

  on(app, 'follow', async (c, q) => {
    const me = requireUser(c)
    await users.existing(q.user_id)
    if (q.user_id === me) throw badRequest('user_id must not be your own', 'You cannot follow yourself.')
    await follows.follow(me, q.user_id, q.restrict === 'private' ? 1 : 0)
    return sendJson(c, {})
  })

  on(app, 'unfollow', async (c, q) => {
    const me = requireUser(c)
    await users.existing(q.user_id)
    await follows.unfollow(me, q.user_id)
    return sendJson(c, {})
  })
}
