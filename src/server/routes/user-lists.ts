import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import { on } from '../http/endpoint.ts'
import { badRequest } from '../http/errors.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, sendJson } from './common.ts'
import { clientOf } from '../http/client-address.ts'

// Lists of users (search, followers, my pixiv, related, recommended, user/list) and the account's AI-show setting.
// Users come as `user_previews`, built as /v1/user/following builds them: the user, their three newest visible works
// and novels, and whether the caller muted them (services/users.ts).

export function userListRoutes(app: Hono<AppEnv>, { domain, config }: Services) {
  const { users, follows, recommendation, search, mutes } = domain
  const previewPage = async (c: AppContext, ids: number[], offset: number) => {
    const { items, more } = pageOf(ids)
    return sendJson(c, {
      user_previews: await users.previews(c.get('view'), items),
      next_url: nextUrl(c, c.get('origin'), more ? { offset: offset + PAGE_SIZE } : null),
    })
  }

  on(app, 'searchUsers', async (c, q) =>
    previewPage(c, await search.users(q.word, q.offset, PAGE_SIZE + 1, clientOf(c, config.trustProxy)), q.offset),
  )

  on(app, 'userFollowers', async (c, q) => {
    await users.existing(q.user_id)
    return previewPage(c, await follows.followers(q.user_id, q.offset, PAGE_SIZE + 1), q.offset)
  })

  on(app, 'userMypixiv', async (c, q) => {
    await users.existing(q.user_id)
    return previewPage(c, await follows.mypixiv(q.user_id, c.get('caller').id, q.offset, PAGE_SIZE + 1), q.offset)
  })

  on(app, 'relatedUsers', async (c, q) => {
    const seed = q.seed_user_id
    await users.existing(seed)
    const ids = await recommendation.relatedUsers(seed)
    const me = c.get('caller').id
    const mine = ids.filter((id) => id !== me)
    return previewPage(c, mine.slice(q.offset, q.offset + PAGE_SIZE + 1), q.offset)
  })

  on(app, 'recommendedUsers', async (c, q) => {
    const ids = await recommendation.recommendedUsers(c.get('caller').id)
    return previewPage(c, ids.slice(q.offset, q.offset + PAGE_SIZE + 1), q.offset)
  })

  // pixiv's block list. Easel has no blocking; the nearest thing, and what a user means by "users I hid", is their
  // muted users. A block list is private: another's is empty.
  on(app, 'userList', async (c, q) => {
    await users.existing(q.user_id)
    const ids = q.user_id === c.get('caller').id ? await mutes.users(q.user_id) : []
    const { items, more } = pageOf(ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    return sendJson(c, {
      users: await users.wireUsers(c.get('view'), items),
      next_url: nextUrl(c, c.get('origin'), more ? { offset: q.offset + PAGE_SIZE } : null),
    })
  })

  on(app, 'editAiShowSettings', async (c, q) => {
    const show = q.show_ai ?? q.setting
    if (show === undefined)
      throw badRequest(JSON.stringify({ show_ai: ['show_ai is required'] }), 'show_ai is required')
    await users.setShowAi(c.get('caller').id, show)
    return sendJson(c, {})
  })

  on(app, 'aiShowSettings', async (c) => sendJson(c, { show_ai: await users.showAi(c.get('caller').id) }))
}
