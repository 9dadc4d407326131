import type { Hono } from 'hono'
import type { AppEnv, Services } from '../context.ts'
import { on } from '../http/endpoint.ts'
import { badRequest } from '../http/errors.ts'
import { MuteLimitExceeded } from '../data/store.ts'
import { requireUser, sendJson } from './common.ts'

export const MUTE_LIMIT = 500

export function muteRoutes(app: Hono<AppEnv>, { store, caches }: Services) {
  on(app, 'muteList', (c) => {
    const me = requireUser(c)
    const mutes = store.mutes(me)
    const tags = store.tagsByNames(mutes.tags)
    const view = c.var.view
    const users = view.usersById(mutes.users)
    const mutedUsers = mutes.users.flatMap((id) => {
      const row = users.rows.get(id)
      return row ? [{ user: view.user(row, users.followed.has(id)), is_premium_slot: false }] : []
    })
    return sendJson(c, {
      muted_tags: mutes.tags.map((name) => ({
        tag: { name, translated_name: tags.get(name)?.translated_name ?? null },
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
  on(app, 'editMutes', (c, q) => {
    const me = requireUser(c)
    const edit = {
      addTags: q.add_tags,
      deleteTags: q.delete_tags,
      addUsers: q.add_user_ids,
      deleteUsers: q.delete_user_ids,
    }
    if (Object.values(edit).every((v) => v.length === 0))
      throw badRequest('nothing to edit: send add_tags[], delete_tags[], add_user_ids[] or delete_user_ids[]')
    const known = store.users(edit.addUsers)
    const unknown = edit.addUsers.filter((id) => !known.has(id))
    if (unknown.length) throw badRequest(`add_user_ids holds unknown users: ${unknown.join(', ')}`)
    try {
      store.editMutes(me, edit, MUTE_LIMIT)
      caches.callers.changed(me)
    } catch (e) {
      if (e instanceof MuteLimitExceeded)
        throw badRequest(`at most ${MUTE_LIMIT} mutes`, 'You have reached the mute limit.')
      throw e
    }
    return sendJson(c, {})
  })
}
