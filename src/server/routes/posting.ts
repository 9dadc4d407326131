import type { Hono } from 'hono'
import { RESTRICTS } from '../../api/posting-endpoints.ts'
import type { WireUpload } from '../../api/wire-responses.ts'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { UploadRow } from '../data/repositories.ts'
import { on } from '../http/endpoint.ts'
import { notFound } from '../http/errors.ts'
import type { ModerationService } from '../services/moderation.ts'
import type { PostingService } from '../services/posting.ts'
import { GONE, sendJson } from './common.ts'

// Posting: pages uploaded one by one, works made of them, edited and deleted by their authors (services/posting.ts).

const wireUpload = (u: UploadRow): WireUpload => ({
  id: u.id,
  width: u.width,
  height: u.height,
  ext: u.ext,
  bytes: u.bytes,
  ...(u.frame_delays_json === null ? {} : { frame_delays: JSON.parse(u.frame_delays_json) as number[] }),
})

export function postingRoutes(
  app: Hono<AppEnv>,
  { domain, repos }: Services,
  posting: PostingService,
  moderation: ModerationService,
) {
  /**
   * An admin deleting another's work or novel moderates it (the audit log keeps it); anyone else deletes their own.
   */
  const othersAsAdmin = async (c: AppContext, kind: 'illust' | 'novel', id: number) => {
    if (!c.get('caller').admin) return false
    const target = await repos.moderation.target(kind, id)
    if (!target || target.user_id === c.get('caller').id) return false
    await moderation.moderateItem(c.get('caller').id, kind, id, 'delete', '')
    return true
  }

  /** The work as its author now sees it (every instance has forgotten the old one). */
  const posted = async (c: Parameters<Parameters<typeof on>[2]>[0], id: number) => {
    const illust = await domain.items.detail(c.get('view'), 'illust', id)
    if (!illust) throw notFound(GONE.illust)
    return sendJson(c, { illust })
  }

  const novelPosted = async (c: Parameters<Parameters<typeof on>[2]>[0], id: number) => {
    const novel = await domain.items.detail(c.get('view'), 'novel', id)
    if (!novel) throw notFound(GONE.novel)
    return sendJson(c, { novel })
  }

  on(app, 'addUpload', async (c, q) =>
    sendJson(c, { upload: wireUpload(await posting.upload(c.get('caller').id, q.file, q.kind)) }),
  )

  on(app, 'addIllust', async (c, q) => posted(c, await posting.post(c.get('caller').id, q)))

  on(app, 'editIllust', async (c, q) => {
    await posting.edit(c.get('caller').id, q.illust_id, q)
    return posted(c, q.illust_id)
  })

  on(app, 'deleteIllust', async (c, q) => {
    if (!(await othersAsAdmin(c, 'illust', q.illust_id))) await posting.remove(c.get('caller').id, q.illust_id, false)
    return sendJson(c, {})
  })

  /** What its author is told of a work or novel moderators hide: the restrict it gets back. */
  const heldState = async (kind: 'illust' | 'novel', id: number) => {
    const target = await repos.moderation.target(kind, id)
    if (target?.held !== 1 || target.restrict_before === null) return {}
    return { held: { restrict: RESTRICTS[target.restrict_before] ?? 'private' } }
  }

  on(app, 'illustPages', async (c, q) => {
    const pages = (await posting.pages(c.get('caller').id, q.illust_id)).map(wireUpload)
    return sendJson(c, { pages, ...(await heldState('illust', q.illust_id)) })
  })

  on(app, 'ownSeries', async (c, q) => sendJson(c, { series: await repos.series.ofAuthor(q.kind, c.get('caller').id) }))

  on(app, 'addNovel', async (c, q) => novelPosted(c, await posting.postNovel(c.get('caller').id, q)))

  on(app, 'editNovel', async (c, q) => {
    await posting.editNovel(c.get('caller').id, q.novel_id, q)
    return novelPosted(c, q.novel_id)
  })

  on(app, 'deleteNovel', async (c, q) => {
    if (!(await othersAsAdmin(c, 'novel', q.novel_id))) await posting.removeNovel(c.get('caller').id, q.novel_id, false)
    return sendJson(c, {})
  })

  on(app, 'novelSource', async (c, q) =>
    sendJson(c, {
      ...(await posting.novelSource(c.get('caller').id, q.novel_id)),
      ...(await heldState('novel', q.novel_id)),
    }),
  )

  on(app, 'editProfileImage', async (c, q) => {
    await posting.profileImage(c.get('caller').id, q.role, q.file)
    return sendJson(c, {})
  })

  on(app, 'deleteProfileImage', async (c, q) => {
    await posting.profileImage(c.get('caller').id, q.role, null)
    return sendJson(c, {})
  })
}
