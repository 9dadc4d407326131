import type { TagRow } from '../data/store.ts'
import { MuteLimitExceeded } from '../data/store.ts'
import type { MuteEdit } from '../data/repositories.ts'
import { badRequest } from '../http/errors.ts'
import type { ServiceDeps } from './deps.ts'

export const MUTE_LIMIT = 500

// Mutes: the caller's list (with the tags' translations) and its edits, checked and invalidating the caller's state.
export class MuteService {
  constructor(private readonly deps: ServiceDeps) {}

  /** The users the account muted, in the order muted. */
  async users(me: number): Promise<number[]> {
    return (await this.deps.repos.mutes.of(me)).users
  }

  async list(me: number): Promise<{ tags: string[]; users: number[]; tagRows: Map<string, TagRow> }> {
    const mutes = await this.deps.repos.mutes.of(me)
    return { ...mutes, tagRows: await this.deps.repos.tags.byNames(mutes.tags) }
  }

  async edit(me: number, edit: MuteEdit): Promise<void> {
    if (Object.values(edit).every((v) => v.length === 0))
      throw badRequest('nothing to edit: send add_tags[], delete_tags[], add_user_ids[] or delete_user_ids[]')
    const known = await this.deps.repos.users.byIds(edit.addUsers)
    const unknown = edit.addUsers.filter((id) => !known.has(id))
    if (unknown.length) throw badRequest(`add_user_ids holds unknown users: ${unknown.join(', ')}`)
    try {
      await this.deps.repos.mutes.edit(me, edit, MUTE_LIMIT)
      await this.deps.caches.bus.publish({ callers: [me] })
    } catch (e) {
      if (e instanceof MuteLimitExceeded)
        throw badRequest(`at most ${MUTE_LIMIT} mutes`, 'You have reached the mute limit.')
      throw e
    }
  }
}
