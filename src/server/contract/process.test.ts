import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort, startServiceProcess } from '../testing/service-process.ts'

// The service as a real process on a real port: first start on an empty data directory, durability of acknowledged
// writes across kill -9, and requests Node itself rejects.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-process-'))
const children = new Set<ChildProcess>()
afterAll(() => {
  for (const c of children) c.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
})

/** Starts a command with the service's env and resolves once the API answers, with the time that took. */
async function start(args: string[], port: number, limitMs: number) {
  const service = await startServiceProcess({ dataDir, port, args, limitMs })
  children.add(service.child)
  return service
}

const form = (fields: Record<string, string>, token: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
  body: new URLSearchParams(fields).toString(),
})

async function login(url: string) {
  const res = await fetch(`${url}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' }),
  })
  return (await res.json()) as { access_token: string; refresh_token: string }
}

describe('the service as a process', () => {
  let port: number

  it('npm start on an empty data directory serves within 60 s, generation (and a build if needed) included', async () => {
    port = await freePort()
    const { child, ms } = await start([path.resolve('scripts/start.mjs')], port, 60_000)
    console.log(`first start: ${Math.round(ms)} ms`)
    expect(ms).toBeLessThan(60_000)
    const home = await fetch(`http://127.0.0.1:${port}/artworks/1`)
    expect(home.status).toBe(200)
    expect(home.headers.get('content-type')).toMatch(/text\/html/)
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }, 90_000)

  it('every acknowledged bookmark survives kill -9 and a restart', async () => {
    let { child, url } = await start(['--import', 'tsx', 'src/server/main.ts'], port, 30_000)
    const { access_token: token, refresh_token } = await login(url)
    const acknowledged: number[] = []
    // Concurrent writers; the process is killed while writes are still in flight.
    const writers = [0, 1, 2, 3].map(async (w) => {
      for (let i = 0; i < 200; i++) {
        const id = 2000 + w * 200 + i
        try {
          const res = await fetch(
            `${url}/v2/illust/bookmark/add`,
            form({ illust_id: String(id), restrict: i % 2 ? 'private' : 'public' }, token),
          )
          if (res.status === 200) acknowledged.push(id)
        } catch {
          return
        }
      }
    })
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5))
    child.kill('SIGKILL')
    await Promise.all(writers)
    await new Promise((r) => (child.exitCode !== null || child.signalCode ? r(null) : child.once('exit', r)))
    ;({ child, url } = await start(['--import', 'tsx', 'src/server/main.ts'], port, 30_000))
    // The refresh token issued before the crash still works: the session survived too.
    const refreshed = await fetch(`${url}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token }),
    })
    expect(refreshed.status).toBe(200)
    const kept = new Set<number>()
    for (const restrict of ['public', 'private']) {
      let next: string | null = `${url}/v1/user/bookmarks/illust?user_id=1&restrict=${restrict}`
      while (next) {
        const body = (await (await fetch(next, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          illusts: { id: number }[]
          next_url: string | null
        }
        for (const i of body.illusts) kept.add(i.id)
        next = body.next_url
      }
    }
    const lost = acknowledged.filter((id) => !kept.has(id))
    console.log(`acknowledged ${acknowledged.length} bookmarks before kill -9; lost ${lost.length}`)
    expect(lost).toEqual([])
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }, 90_000)

  it('requests Node rejects itself (oversized headers, garbage) still get a 4xx with the error body', async () => {
    const { child } = await start(['--import', 'tsx', 'src/server/main.ts'], port, 30_000)
    const raw = (request: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
        let data = ''
        socket.on('data', (d) => (data += d))
        socket.on('close', () => resolve(data))
        socket.on('error', () => resolve(data))
      })
    const huge = await raw(
      `GET /v1/illust/detail?illust_id=1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(huge).toMatch(/^HTTP\/1\.1 431/)
    expect(huge).toMatch(/"user_message"/)
    const garbage = await raw('BLAH\r\n\r\n')
    expect(garbage).toMatch(/^HTTP\/1\.1 400/)
    const traversal = await raw('GET /img/../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(traversal).toMatch(/^HTTP\/1\.1 404/)
    expect(traversal).not.toMatch(/root:/)
    const apiTraversal = await raw('GET /v1/../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(apiTraversal).toMatch(/^HTTP\/1\.1 404/)
    expect(apiTraversal).toMatch(/"user_message"/)
    const encoded = await raw('GET /img/%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(encoded).toMatch(/^HTTP\/1\.1 404/)
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }, 60_000)
})
