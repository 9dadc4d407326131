import type { Hono } from 'hono'
import type { AppEnv, Services } from '../context.ts'
import { on } from '../http/endpoint.ts'
import { MUTE_LIMIT } from '../services/mutes.ts'
import { requireUser, sendJson } from './common.ts'

export function muteRoutes(app: Hono<AppEnv>, { domain }: Services) {
  on(app, 'muteList', async (c) => {
    const me = requireUser(c)
    const mutes = await domain.mutes.list(me)
    const users = await domain.users.wireUsers(c.get('view'), mutes.users)
    const mutedUsers = users.map((user) => ({ user, is_premium_slot: false }))
    return sendJson(c, {
      muted_tags: mutes.tags.map((name) => ({
        tag: { name, translated_name: mutes.tagRows.get(name)?.translated_name ?? null },
        is_premium_slot: false,
      })),
      muted_users: mutedUsers,
      muted_count: mutes.tags.length + mutedUsers.length,
      muted_tags_count: mutes.tags.length,
      muted_users_count: mutedUsers.length,
      mute_limit_count: MUTE_LIMIT,
    })
  })

  // Tags may hold spaces only as separate entries (the table splits nothing for them): one field, one tag.
  on(app, 'editMutes', async (c, q) => {
    const me = requireUser(c)
    await domain.mutes.edit(me, {
      addTags: q.add_tags,
      deleteTags: q.delete_tags,
      addUsers: q.add_user_ids,
      deleteUsers: q.delete_user_ids,
    })
    return sendJson(c, {})
  })
}
