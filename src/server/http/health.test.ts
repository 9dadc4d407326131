import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app.ts'
import { createLogger } from '../log.ts'
import { openTestApp, ORIGIN } from '../testing/harness.ts'
import { Hono } from 'hono'
import type { AppEnv } from '../context.ts'
import { healthRoutes, Lifecycle } from './health.ts'

// /healthz and /readyz on the real app, in process: what makes the service not ready, and where the paths sit
// among the API's and the gallery's.

const t = openTestApp()
afterAll(() => rmSync(t.services.config.dataDir, { recursive: true, force: true }))

describe('/healthz and /readyz', () => {
  it('say why the service is not ready: starting, shutting down', async () => {
    const lifecycle = new Lifecycle()
    const app = createApp(t.services, createLogger('silent'), lifecycle)
    const readyz = async () => {
      const res = await app.request(`${ORIGIN}/readyz`)
      return { status: res.status, body: (await res.json()) as unknown }
    }
    expect(await readyz()).toEqual({ status: 503, body: { status: 'unavailable', reason: 'starting' } })
    lifecycle.ready()
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' } })
    lifecycle.stopping()
    expect(await readyz()).toEqual({ status: 503, body: { status: 'unavailable', reason: 'shutting_down' } })
    // alive all along
    const healthz = await app.request(`${ORIGIN}/healthz`)
    expect(healthz.status).toBe(200)
    expect(healthz.headers.get('cache-control')).toBe('no-store')
  })

  it('are theirs alone: the API space keeps its JSON 404, HEAD is answered, other methods are not', async () => {
    expect((await t.fetch('/v1/healthz')).status).toBe(404)
    expect(await (await t.fetch('/v1/readyz')).json()).toMatchObject({ error: { user_message: expect.any(String) } })
    expect((await t.fetch('/readyz', { method: 'HEAD' })).status).toBe(200)
    expect((await t.fetch('/healthz', { method: 'POST' })).status).toBe(405)
    // the gallery's fallback still answers its own paths
    expect((await t.fetch('/healthz/x')).headers.get('content-type')).toMatch(/text\/html/)
  })

  it('/readyz is 503 "database" once the catalogue cannot answer, while /healthz stays 200', async () => {
    expect((await t.fetch('/readyz')).status).toBe(200)
    void t.services.searches.close()
    t.services.store.close()
    const res = await t.fetch('/readyz')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ status: 'unavailable', reason: 'database', message: expect.any(String) })
    expect(await (await t.fetch('/healthz')).json()).toEqual({ status: 'ok' })
  })

  it('/readyz is 503 "database" when an asynchronous probe does not answer in time, 200 when it does', async () => {
    const app = new Hono<AppEnv>()
    let answer: Promise<unknown> = new Promise(() => {})
    healthRoutes(app, new Lifecycle('ready'), () => answer, 50)
    const hung = await app.request(`${ORIGIN}/readyz`)
    expect(hung.status).toBe(503)
    expect(await hung.json()).toEqual({ status: 'unavailable', reason: 'database', message: 'no answer within 50 ms' })
    answer = Promise.resolve(1)
    expect((await app.request(`${ORIGIN}/readyz`)).status).toBe(200)
  })
})
