// The hello-world reference for the benchmark: the same stack as the catalogue service (Hono on @hono/node-server),
// one route, in its own process. PORT and HOST from the environment.

import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono()
app.get('/hello', (c) => c.json({ hello: 'world' }))
// the posting bench's baseline: a body received whole and dropped
app.post('/upload', async (c) => {
  await c.req.arrayBuffer()
  return c.json({})
})

const port = Number(process.env.PORT ?? 8081)
const hostname = process.env.HOST ?? '127.0.0.1'
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(`hello server on http://${hostname}:${info.port}/hello`)
})

const stop = () => server.close(() => process.exit(0))
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
