import type { TagRow, UserRow, WorkRow } from '../data/store.ts'
import type { View } from '../wire/view.ts'
import { badRequest } from '../http/errors.ts'
import type { ServiceDeps } from './deps.ts'
import type { ItemService } from './items.ts'

// Works: related works, ugoira frames, and what the web API's work answer reads beside the row.
export class WorkService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly items: ItemService,
  ) {}

  /** Works related to one the caller may see, up to `limit`. */
  async related(view: View, id: number, limit: number): Promise<number[]> {
    await this.items.visible(view, 'illust', id)
    return this.deps.repos.works.related(id, view.caller, limit)
  }

  /** A visible ugoira with its frame delays; a 400 for a work that is none, or one kept as a video. */
  async ugoira(view: View, id: number): Promise<{ row: WorkRow; delays: number[] }> {
    const row = await this.items.visible(view, 'illust', id)
    // an imported ugoira kept as a video has no frames to give (its detail names the video: easel_video)
    const video = await this.deps.repos.works.ugoiraVideo(row.id)
    if (video)
      throw badRequest(
        'ugoira frames not available',
        `This ugoira is kept as a ${video.ext} video: its frames are not available.`,
      )
    if (row.type !== 'ugoira' || !row.frame_delays_json)
      throw badRequest('illust_id is not an ugoira', 'This work is not an ugoira.')
    return { row, delays: JSON.parse(row.frame_delays_json) as number[] }
  }

  /** A visible work with its author and tags (the web API's /ajax/illust). */
  async withAuthor(
    view: View,
    id: number,
  ): Promise<{ row: WorkRow; author: UserRow | undefined; tags: (TagRow & { by_author?: number })[] }> {
    const row = await this.items.visible(view, 'illust', id)
    const { repos } = this.deps
    const [author, tags] = await Promise.all([repos.users.byId(row.user_id), repos.tags.of('illust', [row.id])])
    return { row, author, tags: tags.get(row.id) ?? [] }
  }
}
