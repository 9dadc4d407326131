import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { catalogueFile } from '../catalogue.ts'
import { CatalogueStore } from '../data/store.ts'
import { fixtures } from '../data/fixtures.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'

// /healthz, /readyz and graceful shutdown, on the service as a real process (README, "Health checks and shutdown").

const dirs: string[] = []
const services: ServiceProcess[] = []
afterAll(async () => {
  await Promise.all(services.map((s) => s.kill()))
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function start(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-shutdown-'))
  dirs.push(dataDir)
  copyFileSync(inject('catalogueFile'), catalogueFile(dataDir))
  const service = await startServiceProcess({ dataDir, port: await freePort(), env })
  services.push(service)
  return { ...service, dataDir, port: Number(new URL(service.url).port) }
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}

/** Resolves with the exit code once the process has exited, and how long after `since` that was. */
const exitOf = (service: ServiceProcess, since: number) =>
  new Promise<{ code: number | null; signal: string | null; ms: number }>((resolve) => {
    const { child } = service
    const done = () => resolve({ code: child.exitCode, signal: child.signalCode, ms: performance.now() - since })
    if (child.exitCode !== null || child.signalCode !== null) done()
    else child.once('exit', done)
  })

/** A raw HTTP/1.1 exchange on its own connection: what was received by the time the server closed it. */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  let received = ''
  // one character per byte, so a body's length is its byte count
  socket.setEncoding('latin1')
  socket.on('data', (d) => (received += d))
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received))
    socket.on('error', () => {})
  })
  return { socket, connected, closed }
}

/** A bookmark request whose body arrives in two parts: in progress until `finish()` sends the rest. */
async function slowBookmark(port: number, token: string, illustId: number) {
  const body = `illust_id=${illustId}&restrict=public`
  const conn = rawConnection(port)
  await conn.connected
  conn.socket.write(
    `POST /v2/illust/bookmark/add HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 4)}`,
  )
  return { finish: () => conn.socket.write(body.slice(4)), answer: conn.closed }
}

const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1])
const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4)

describe('health checks', () => {
  it('/healthz and /readyz answer 200 with their bodies, without a token, past the rate limit, never the gallery', async () => {
    const { url } = await start({ RATE_LIMIT: '1', RATE_BURST: '5' })
    const healthz = await fetch(`${url}/healthz`)
    expect(healthz.status).toBe(200)
    expect(healthz.headers.get('content-type')).toMatch(/application\/json/)
    expect(await healthz.json()).toEqual({ status: 'ok' })
    const readyz = await fetch(`${url}/readyz`)
    expect(readyz.status).toBe(200)
    expect(await readyz.json()).toEqual({ status: 'ready' })
    // a balancer's probe carries no token; a stray bad one does not make the probe an API call either
    const stray = await fetch(`${url}/readyz`, { headers: { authorization: 'Bearer not-a-token' } })
    expect(stray.status).toBe(200)

    // far past RATE_LIMIT=1 (burst 5): every probe is answered
    const statuses: number[] = []
    for (let round = 0; round < 5; round++)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, i) => fetch(`${url}/${i % 2 ? 'healthz' : 'readyz'}`).then((r) => r.status)),
        )),
      )
    expect(statuses.filter((s) => s !== 200)).toEqual([])
    // while the API, asked as often, is limited: the limit is on
    const api = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}/v1/illust/ranking`).then((r) => r.status)),
    )
    expect(api).toContain(429)
    expect((await fetch(`${url}/healthz`)).status).toBe(200)
  }, 60_000)
})

describe('graceful shutdown (SIGTERM)', () => {
  it('answers requests in progress in full, refuses new ones, turns /readyz 503, and exits 0', async () => {
    const service = await start({ SHUTDOWN_TIMEOUT_MS: '8000' })
    const token = await login(service.url)
    // in progress at the signal: a request whose body is still arriving, and uncached renders of large originals
    const slow = await slowBookmark(service.port, token, 31)
    const originals = await Promise.all(
      [41, 42, 43, 44, 45, 46, 47, 48].map(async (id) => {
        const res = await fetch(`${service.url}/v1/illust/detail?illust_id=${id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        const detail = (await res.json()) as { illust?: { meta_single_page: { original_image_url?: string } } }
        return detail.illust?.meta_single_page.original_image_url
      }),
    )
    const images = originals
      .filter((u): u is string => u !== undefined)
      .map((u) => {
        const { pathname, search } = new URL(u)
        const conn = rawConnection(service.port)
        void conn.connected.then(() =>
          conn.socket.write(`GET ${pathname}${search} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
        )
        return conn.closed
      })
    expect(images.length).toBeGreaterThan(3)
    // a connection opened before the signal that asks only after it
    const late = rawConnection(service.port)
    await late.connected
    await new Promise((r) => setTimeout(r, 150))

    const signalled = performance.now()
    const exit = exitOf(service, signalled)
    service.child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 100))
    // within the moment a connection open at the signal has to begin its request (http/drain.ts)
    late.socket.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')

    // each image in progress arrives whole
    for (const raw of await Promise.all(images)) {
      expect(statusOf(raw)).toBe(200)
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(raw)?.[1])
      expect(length).toBeGreaterThan(1000)
      expect(bodyOf(raw).length).toBe(length)
    }
    const lateAnswer = await late.closed
    expect(statusOf(lateAnswer)).toBe(503)
    expect(JSON.parse(bodyOf(lateAnswer))).toEqual({ status: 'unavailable', reason: 'shutting_down' })
    // a new connection is refused (or, if it got in, told the service is not ready)
    const fresh = await fetch(`${service.url}/readyz`).then(
      (r) => r.status,
      (err: { cause?: { code?: string } }) => err.cause?.code,
    )
    expect([503, 'ECONNREFUSED']).toContain(fresh)

    // the slow client finishes its request well after the signal and is answered
    slow.finish()
    const answer = await slow.answer
    expect(statusOf(answer)).toBe(200)
    expect(JSON.parse(bodyOf(answer))).toEqual({})

    const { code, signal, ms } = await exit
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(ms).toBeLessThan(8000)
  }, 60_000)

  it('a second signal, a moment later, exits at once without waiting for the requests in progress', async () => {
    const service = await start({ SHUTDOWN_TIMEOUT_MS: '30000' })
    const token = await login(service.url)
    const slow = await slowBookmark(service.port, token, 32)
    await new Promise((r) => setTimeout(r, 150))
    service.child.kill('SIGTERM')
    // (one within a second is the same request passed on by a wrapper: see the test below)
    await new Promise((r) => setTimeout(r, 1200))
    // still waiting for the slow client: the first signal does not end it
    expect(service.child.exitCode).toBeNull()
    const exit = exitOf(service, performance.now())
    service.child.kill('SIGINT')
    const { code, ms } = await exit
    expect(code).toBe(1)
    expect(ms).toBeLessThan(3000)
    expect(statusOf(await slow.answer)).toBeNaN()
  }, 60_000)

  it('keeps every bookmark acknowledged before or during the shutdown (a doubled Ctrl-C too), in the database file', async () => {
    const service = await start()
    const token = await login(service.url)
    const add = (id: number) =>
      fetch(`${service.url}/v2/illust/bookmark/add`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ illust_id: String(id), restrict: 'public' }).toString(),
      }).then((r) => r.status === 200)
    const acknowledged: number[] = []
    for (const id of [101, 102, 103]) if (await add(id)) acknowledged.push(id)
    expect(acknowledged).toEqual([101, 102, 103])
    const slow = await slowBookmark(service.port, token, 104)
    await new Promise((r) => setTimeout(r, 150))
    const exit = exitOf(service, performance.now())
    // a Ctrl-C under `npm start` arrives twice: from the terminal, and passed on by the wrapper
    service.child.kill('SIGINT')
    await new Promise((r) => setTimeout(r, 100))
    service.child.kill('SIGINT')
    await new Promise((r) => setTimeout(r, 100))
    slow.finish()
    expect(statusOf(await slow.answer)).toBe(200)
    acknowledged.push(104)
    expect((await exit).code).toBe(0)

    // The WAL was checkpointed into the database file: a copy of the file alone holds every acknowledged bookmark.
    const file = catalogueFile(service.dataDir)
    expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBe(0)
    const copy = path.join(service.dataDir, 'copy.db')
    copyFileSync(file, copy)
    const store = new CatalogueStore(copy, { readonly: true })
    try {
      const mine = fixtures
        .bookmarkTable(store, 'illust')
        .filter((b) => b.user_id === 1)
        .map((b) => b.item_id)
      expect(mine).toEqual(expect.arrayContaining(acknowledged))
    } finally {
      store.close()
    }
  }, 60_000)
})
