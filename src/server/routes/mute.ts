import type { Hono } from 'hono'
import type { AppEnv, Services } from '../services.ts'
import { arrayField } from '../http/params.ts'
import { badRequest } from '../http/errors.ts'
import { MuteLimitExceeded } from '../data/store.ts'
import { form, requireUser, sendJson } from './common.ts'

export const MUTE_LIMIT = 500

export function muteRoutes(app: Hono<AppEnv>, { store }: Services) {
  app.get('/v1/mute/list', (c) => {
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

  app.post('/v1/mute/edit', async (c) => {
    const me = requireUser(c)
    const { entries } = await form(c)
    // Tags may hold spaces only as separate entries, so split nothing here: one field, one tag.
    const list = (name: string) =>
      entries
        .filter(([k]) => k === name || new RegExp(`^${name}\\[\\d*\\]$`).test(k))
        .map(([, v]) => v.trim())
        .filter(Boolean)
    const ids = (name: string) =>
      arrayField(entries, name).map((v) => {
        if (!/^[1-9]\d{0,14}$/.test(v)) throw badRequest(`${name} must hold user ids`)
        return Number(v)
      })
    const edit = {
      addTags: list('add_tags'),
      deleteTags: list('delete_tags'),
      addUsers: ids('add_user_ids'),
      deleteUsers: ids('delete_user_ids'),
    }
    if ([...edit.addTags, ...edit.deleteTags].some((t) => t.length > 100))
      throw badRequest('a tag must be at most 100 characters')
    if (Object.values(edit).every((v) => v.length === 0))
      throw badRequest('nothing to edit: send add_tags[], delete_tags[], add_user_ids[] or delete_user_ids[]')
    const known = store.users(edit.addUsers)
    const unknown = edit.addUsers.filter((id) => !known.has(id))
    if (unknown.length) throw badRequest(`add_user_ids holds unknown users: ${unknown.join(', ')}`)
    try {
      store.editMutes(me, edit, MUTE_LIMIT)
    } catch (e) {
      if (e instanceof MuteLimitExceeded)
        throw badRequest(`at most ${MUTE_LIMIT} mutes`, 'You have reached the mute limit.')
      throw e
    }
    return sendJson(c, {})
  })
}
