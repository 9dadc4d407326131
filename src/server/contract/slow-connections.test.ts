import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'

// Issue 14, slow connections (slowloris): 20,000 connections that never finished their headers exhausted the service's
// file descriptors (its limit was 20,000), and then nobody could connect. Here a real service process runs with a
// limit of 3,000 open files and gets 5,000 such connections: a normal request must still be answered within 1 s.

const SLOW = 5000
const FD_LIMIT = 3000

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-slow-'))
let service: ServiceProcess
let port: number
const sockets: net.Socket[] = []

beforeAll(async () => {
  port = await freePort()
  service = await startServiceProcess({
    dataDir,
    port,
    env: { CATALOGUE_SIZE: 'small' },
    fdLimit: FD_LIMIT,
    limitMs: 60_000,
  })
}, 90_000)
afterAll(async () => {
  for (const s of sockets.splice(0)) s.destroy()
  await service?.kill()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Opens `n` connections that each send part of a request and then nothing; resolves once each has connected. */
async function openSlowConnections(n: number) {
  let failed = 0
  for (let batch = 0; batch < n; batch += 500) {
    await Promise.all(
      Array.from({ length: Math.min(500, n - batch) }, (_, k) => {
        const socket = net.connect(port, '127.0.0.1')
        sockets.push(socket)
        return new Promise<void>((resolve) => {
          socket.once('connect', () => {
            socket.write(`GET /v1/illust/detail?illust_id=${batch + k} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `)
            resolve()
          })
          socket.once('error', () => {
            failed++
            resolve()
          })
          socket.once('end', () => socket.destroy())
        })
      }),
    )
  }
  return failed
}

/** A normal request on a new connection: its status and how long it took (a 5 s cap, then status 0). */
const timedGet = (pathAndQuery: string) =>
  new Promise<{ status: number; ms: number }>((resolve) => {
    const started = performance.now()
    const done = (status: number) => resolve({ status, ms: performance.now() - started })
    const req = request({ host: '127.0.0.1', port, path: pathAndQuery, agent: false, timeout: 5000 }, (res) => {
      res.resume()
      res.on('end', () => done(res.statusCode ?? 0))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', () => done(0))
    req.end()
  })

describe(`${SLOW} connections that never finish their headers`, () => {
  it('do not stop a normal request from being answered within 1 s', async () => {
    const refused = await openSlowConnections(SLOW)
    // let the service accept what it will
    await new Promise((r) => setTimeout(r, 500))
    const pid = service.child.pid!
    const fds = readdirSync(`/proc/${pid}/fd`).length
    const stillOpen = sockets.filter((s) => !s.destroyed && !s.readableEnded).length

    const answers = []
    for (const p of ['/v1/illust/ranking', '/v1/illust/detail?illust_id=1', '/v1/illust/ranking?offset=30'])
      answers.push({ p, ...(await timedGet(p)) })
    console.log(
      `${SLOW} slow connections (${refused} refused at connect, ${stillOpen} still open; service holds ${fds} fds ` +
        `of ${FD_LIMIT}): normal requests answered in ${answers.map((a) => `${a.ms.toFixed(0)} ms`).join(', ')}`,
    )
    for (const a of answers) {
      expect(a.status, a.p).toBe(200)
      expect(a.ms, a.p).toBeLessThan(1000)
    }
    expect(fds).toBeLessThan(FD_LIMIT)
  }, 90_000)

  it('each is closed with a 408 once its headers are 10 s late', async () => {
    for (const s of sockets.splice(0)) s.destroy()
    const started = performance.now()
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /v1/illust/ranking HTTP/1.1\r\nHost: a'))
    sockets.push(socket)
    let answer = ''
    socket.on('data', (d) => (answer += d))
    await new Promise((r) => socket.once('close', r))
    const seconds = (performance.now() - started) / 1000
    console.log(
      `a connection whose headers never end: closed after ${seconds.toFixed(1)} s: ${answer.split('\r\n')[0]}`,
    )
    expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    expect(seconds).toBeGreaterThan(9)
    expect(seconds).toBeLessThan(13)
  }, 30_000)
})
