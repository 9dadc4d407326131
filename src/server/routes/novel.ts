import type { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Services } from '../services.ts'
import { id, parse } from '../http/params.ts'
import { notFound } from '../http/errors.ts'
import { query, sendJson } from './common.ts'

// The text (and the webview page) are in novel-text.ts, the series in novel-series.ts.

const byNovel = z.object({ novel_id: id('novel_id') })
const GONE = 'The novel has been deleted or the novel ID does not exist.'

export function novelRoutes(app: Hono<AppEnv>, _services: Services) {
  app.get('/v2/novel/detail', (c) => {
    const q = parse(byNovel, query(c))
    const novel = c.var.view.novelDetail(q.novel_id)
    if (!novel) throw notFound(GONE)
    return sendJson(c, { novel })
  })
}
