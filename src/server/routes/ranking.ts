import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { Kind } from '../data/store.ts'
import { on } from '../http/endpoint.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, sendJson } from './common.ts'

type RankingParams = { mode: string; date?: string; offset: number }

export function rankingRoutes(app: Hono<AppEnv>, { domain }: Services) {
  const handler = async (c: AppContext, kind: Kind, q: RankingParams) => {
    const { ids, cursorDate } = await domain.ranking.ranking(kind, c.get('caller'), q)
    const { items, more } = pageOf(ids.slice(q.offset, q.offset + PAGE_SIZE + 1))
    const cursor = { ...(cursorDate ? { date: cursorDate } : {}), offset: q.offset + PAGE_SIZE }
    return sendJson(c, {
      [kind === 'illust' ? 'illusts' : 'novels']: await domain.items.list(c.get('view'), kind, items),
      next_url: nextUrl(c, c.get('origin'), more ? cursor : null),
    })
  }
  on(app, 'ranking', (c, q) => handler(c, 'illust', q))
  on(app, 'novelRanking', (c, q) => handler(c, 'novel', q))
}
