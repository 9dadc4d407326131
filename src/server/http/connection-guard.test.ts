import { createServer, request, type Server } from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { connectionCap, guardConnections, type ConnectionGuard } from './connection-guard.ts'

let server: Server | undefined
const sockets: net.Socket[] = []
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy()
  server?.closeAllConnections()
  await new Promise((r) => (server ? server.close(r) : r(null)))
  server = undefined
})

/** A plain Node server whose `/slow` answers after `ms`, guarded at `max` connections. */
async function serve(max: number, slowMs = 300): Promise<{ port: number; guard: ConnectionGuard }> {
  const s = createServer((req, res) => {
    setTimeout(() => res.end(req.url), req.url === '/slow' ? slowMs : 0)
  })
  server = s
  const guard = guardConnections(s, max)
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
  return { port: (s.address() as net.AddressInfo).port, guard }
}

/** Connections that send part of a request line and headers and never finish; resolves once all are accepted. */
async function slowClients(port: number, n: number) {
  const opened: net.Socket[] = []
  await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.on('error', () => {})
      socket.on('end', () => socket.destroy())
      sockets.push(socket)
      opened.push(socket)
      return new Promise<void>((r) =>
        socket.once('connect', () => {
          socket.write(`GET /slowloris/${i} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Wait: `)
          r()
        }),
      )
    }),
  )
  return opened
}

const get = (port: number, path: string, agent?: import('node:http').Agent) =>
  new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
    const started = performance.now()
    request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }))
    })
      .on('error', reject)
      .end()
  })

describe('guardConnections', () => {
  it('past the cap, closes the oldest connections still sending their headers, and a new request is served', async () => {
    const { port, guard } = await serve(50)
    const slow = await slowClients(port, 300)
    const ended = () => slow.filter((s) => s.readableEnded || s.destroyed).length
    for (let i = 0; i < 100 && ended() < 250; i++) await new Promise((r) => setTimeout(r, 10))
    expect(guard.stats().open).toBeLessThanOrEqual(50)
    expect(ended()).toBe(250)
    // the oldest went: of the first 100 to connect, none is left
    expect(slow.slice(0, 100).filter((s) => !(s.readableEnded || s.destroyed))).toEqual([])
    const res = await get(port, '/hello')
    expect(res).toMatchObject({ status: 200, body: '/hello' })
    expect(guard.stats().closedByGuard).toBeGreaterThanOrEqual(250)
  })

  it('never closes a connection with a request in progress; idle keep-alive connections count as waiting', async () => {
    const { port, guard } = await serve(20, 500)
    const inProgress = Array.from({ length: 10 }, () => get(port, '/slow'))
    await new Promise((r) => setTimeout(r, 100))
    expect(guard.stats().busy).toBe(10)
    await slowClients(port, 200)
    const served = await Promise.all(inProgress)
    expect(served.every((r) => r.status === 200 && r.body === '/slow')).toBe(true)

    // A keep-alive connection, idle after its answer, goes when room is needed.
    const { Agent } = await import('node:http')
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    await get(port, '/first', agent)
    const idle = agent.freeSockets[Object.keys(agent.freeSockets)[0]!]![0]!
    const closed = new Promise((r) => idle.once('close', r))
    await slowClients(port, 40)
    await closed
    agent.destroy()
  })

  it('when every connection has a request in progress, closes those still trickling their body, not those answered', async () => {
    const s = createServer((req, res) => {
      // reads the whole body, then answers; /slow answers after 500 ms without a body
      req.resume()
      req.on('end', () => setTimeout(() => res.end(req.url), req.url === '/slow' ? 500 : 0))
    })
    server = s
    const guard = guardConnections(s, 20)
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r))
    const { port } = s.address() as net.AddressInfo
    const inProgress = Array.from({ length: 5 }, () => get(port, '/slow'))
    await new Promise((r) => setTimeout(r, 50))
    const trickling: net.Socket[] = []
    for (let i = 0; i < 40; i++) {
      const socket = net.connect(port, '127.0.0.1')
      socket.on('error', () => {})
      sockets.push(socket)
      trickling.push(socket)
      await new Promise((r) => socket.once('connect', r))
      socket.write(`POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nx`)
    }
    await new Promise((r) => setTimeout(r, 100))
    expect(guard.stats().open).toBeLessThanOrEqual(20)
    expect(trickling.filter((t) => t.destroyed || t.readableEnded).length).toBeGreaterThanOrEqual(25)
    const res = await get(port, '/hello')
    expect(res.status).toBe(200)
    // the requests that had arrived whole were answered
    expect((await Promise.all(inProgress)).map((r) => r.body)).toEqual(Array(5).fill('/slow'))
  })

  it('caps below the file-descriptor limit', () => {
    expect(connectionCap(2000, 20_000)).toBe(2000)
    expect(connectionCap(2000, 1024)).toBe(768)
    expect(connectionCap(2000, undefined)).toBe(2000)
  })
})
