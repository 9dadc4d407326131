import type { Hono } from 'hono'
import type { AppEnv, Services } from '../context.ts'
import { on } from '../http/endpoint.ts'
import { notFound } from '../http/errors.ts'
import { GONE, sendJson } from './common.ts'

// The text (and the webview page) are in novel-text.ts, the series in novel-series.ts.

export function novelRoutes(app: Hono<AppEnv>, { domain }: Services) {
  on(app, 'novelDetail', async (c, q) => {
    const novel = await domain.items.detail(c.get('view'), 'novel', q.novel_id)
    if (!novel) throw notFound(GONE.novel)
    return sendJson(c, { novel })
  })
}
