import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'

// Issue 14, "one outsider can crash it": with no PUBLIC_URL, absolute URLs were built from the Host header and the
// item cache kept a copy of every item per Host; about 375 requests with unique long Hosts grew the process to 6 GB and
// killed it. A real service process gets 500 requests (ranking, detail, search), each with a Host no one sent before:
// its memory must stay put, and no answer may carry the Host.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-host-'))
let service: ServiceProcess
let port: number
beforeAll(async () => {
  port = await freePort()
  service = await startServiceProcess({ dataDir, port, env: { CATALOGUE_SIZE: 'small' }, limitMs: 60_000 })
}, 90_000)
afterAll(async () => {
  await service?.kill()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The process's resident memory in MB, from /proc. */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

/**
 * A Host no request has sent before: even i, the longest well-formed DNS name (253 characters, which the service once
 * echoed); odd i, about 8,000 characters of dot-separated labels (what the probe sent). Both begin with a unique label.
 */
function uniqueHost(i: number): string {
  const first = `u${i}-${Date.now().toString(36)}`.padEnd(63, 'q')
  const target = i % 2 ? 8000 : 253
  let host = first
  while (host.length + 64 <= target) host += '.' + 'x'.repeat(63)
  return i % 2 ? host : `${host}.${'y'.repeat(target - host.length - 1)}`
}

const PATHS = [
  (i: number) => `/v1/illust/ranking?mode=day&offset=${(i % 4) * 30}`,
  (i: number) => `/v1/illust/detail?illust_id=${1 + (i % 300)}`,
  (i: number) => `/v1/search/illust?word=${encodeURIComponent(['オリジナル', '漫画', '太陽'][i % 3]!)}`,
]

const get = (pathAndQuery: string, host: string) =>
  new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathAndQuery, headers: { host }, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: JSON.stringify(res.headers), body }))
    })
    req.on('error', reject)
    req.end()
  })

/** Runs `n` requests, 8 at a time; request i goes to PATHS[i % 3] with host(i). */
async function run(n: number, host: (i: number) => string) {
  const answers: { i: number; host: string; status: number; headers: string; body: string }[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < n; i = next++) {
        const h = host(i)
        answers.push({ i, host: h, ...(await get(PATHS[i % 3]!(Math.floor(i / 3)), h)) })
      }
    }),
  )
  return answers
}

describe('500 requests, each with a unique long Host', () => {
  it('leave the memory within 50 MB of where it was, and no answer names the Host', async () => {
    const pid = service.child.pid!
    // Warm-up: the same pages on the service's own address, so caches that every Host shares are full already.
    const own = `127.0.0.1:${port}`
    await run(450, () => own)
    const before = rssMb(pid)
    const answers = await run(500, uniqueHost)
    const after = rssMb(pid)
    console.log(`RSS before ${before.toFixed(1)} MB, after 500 unique Hosts ${after.toFixed(1)} MB`)

    // a Host the HTTP layer refuses (400) is fine; everything else must have been answered
    const statuses = new Set(answers.map((a) => a.status))
    expect([...statuses].filter((s) => s !== 200 && s !== 400)).toEqual([])
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(200)
    const echoed = answers.filter((a) => (a.headers + a.body).includes(a.host.slice(0, 63)))
    expect(echoed.map((a) => `${PATHS[a.i % 3]!(0)} echoed ${a.host.slice(0, 40)}…`)).toEqual([])
    // and the URLs they were given are the service's own address
    const ranking = JSON.parse(answers.find((a) => a.i % 3 === 0 && a.status === 200)!.body)
    expect(ranking.next_url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/`))
    expect(after - before).toBeLessThan(50)
  }, 120_000)
})

describe('one keep-alive connection, its Host changing from request to request', () => {
  it('gives each request the origin its own Host names (the origin is remembered per connection and Host)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const nextUrlOf = (host: string) =>
      new Promise<{ nextUrl: string; reused: boolean }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/v1/illust/ranking?mode=day', headers: { host }, agent },
          (res) => {
            let body = ''
            res.setEncoding('utf8')
            res.on('data', (d: string) => (body += d))
            res.on('end', () =>
              resolve({ nextUrl: (JSON.parse(body) as { next_url: string }).next_url, reused: req.reusedSocket }),
            )
          },
        )
        req.on('error', reject)
        req.end()
      })
    try {
      const seen: { host: string; origin: string; reused: boolean }[] = []
      for (const host of [
        `localhost:${port}`,
        'elsewhere.example',
        `localhost:${port}`,
        `localhost:${port}`,
        'x.test',
      ]) {
        const { nextUrl, reused } = await nextUrlOf(host)
        seen.push({ host, origin: new URL(nextUrl).origin, reused })
      }
      // a Host of localhost on the service's port is taken; any other names the socket's own address
      expect(seen.map(({ host, origin }) => [host, origin])).toEqual([
        [`localhost:${port}`, `http://localhost:${port}`],
        ['elsewhere.example', `http://127.0.0.1:${port}`],
        [`localhost:${port}`, `http://localhost:${port}`],
        [`localhost:${port}`, `http://localhost:${port}`],
        ['x.test', `http://127.0.0.1:${port}`],
      ])
      expect(seen.slice(1).every((s) => s.reused)).toBe(true)
    } finally {
      agent.destroy()
    }
  })
})
