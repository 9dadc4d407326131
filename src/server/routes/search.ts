import type { Hono } from 'hono'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { Kind } from '../data/store.ts'
import type { SearchParams } from '../services/search.ts'
import { on } from '../http/endpoint.ts'
import { nextUrl, PAGE_SIZE } from '../http/paging.ts'
import { pageOf, sendJson } from './common.ts'
import { clientOf } from '../http/client-address.ts'

export function searchRoutes(app: Hono<AppEnv>, { domain, config }: Services) {
  const { search, items } = domain

  const handler = async (c: AppContext, kind: Kind, q: SearchParams) => {
    const plan = search.plan(q)
    // who the search pool counts it against, worked out only when the search is not already cached
    const hits = await search.hits(kind, plan, c.get('caller'), () => clientOf(c, config.trustProxy))
    const { items: page, more } = pageOf(hits.slice(q.offset, q.offset + PAGE_SIZE + 1))
    return sendJson(c, {
      [kind === 'illust' ? 'illusts' : 'novels']: await items.list(c.get('view'), kind, page),
      next_url: nextUrl(
        c,
        c.get('origin'),
        more && q.offset + PAGE_SIZE <= 5000 ? { offset: q.offset + PAGE_SIZE } : null,
      ),
      search_span_limit: 31536000,
      // AI works are in these results unless the query or the account's AI setting leaves them out.
      show_ai: q.search_ai_type !== '0' && c.get('caller').showAi !== false,
    })
  }
  on(app, 'searchIllusts', (c, q) => handler(c, 'illust', q))
  on(app, 'searchNovels', (c, q) => handler(c, 'novel', q))

  on(app, 'autocomplete', async (c, q) =>
    sendJson(c, {
      tags: (await search.autocomplete(q.word, c.get('caller'), 10)).map((t) => ({
        name: t.name,
        translated_name: t.translated_name,
      })),
    }),
  )

  on(app, 'trendingTags', async (c) => {
    const trending = await search.trending()
    const works = new Map(
      (
        await items.illustObjects(
          c.get('view'),
          trending.map((t) => t.workId),
        )
      ).map((w) => [w.id, w]),
    )
    return sendJson(c, {
      trend_tags: trending.flatMap((t) => {
        const illust = works.get(t.workId)
        return illust ? [{ tag: t.tag.name, translated_name: t.tag.translated_name, illust }] : []
      }),
    })
  })
}
