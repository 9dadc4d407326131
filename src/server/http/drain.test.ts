import http from 'node:http'
import net, { type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { drainServer, UNSTARTED_GRACE_MS } from './drain.ts'

// drainServer on a plain Node server: what is in progress is answered, what is idle closes at once, what outlives the
// deadline is cut.

const agents: http.Agent[] = []
afterEach(() => agents.splice(0).forEach((a) => a.destroy()))

/** A server that answers `/slow` after `slowMs`, anything else at once; keep-alive as the service's (5 s). */
async function serve(slowMs: number) {
  const server = http.createServer((req, res) => {
    setTimeout(() => res.end(`answer to ${req.url}`), req.url === '/slow' ? slowMs : 0)
  })
  server.keepAliveTimeout = 5000
  // what the connection guard tells the service: the answers in progress, the connections without a request
  const answering = new Set<http.ServerResponse>()
  const unstarted = new Set<Socket>()
  server.on('connection', (socket: Socket) => {
    unstarted.add(socket)
    socket.once('close', () => unstarted.delete(socket))
  })
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    unstarted.delete(req.socket)
    answering.add(res)
    res.once('finish', () => answering.delete(res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const agent = new http.Agent({ keepAlive: true })
  agents.push(agent)
  const port = (server.address() as AddressInfo).port
  const get = (path: string) =>
    new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) =>
      http
        .get({ port, host: '127.0.0.1', path, agent }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (d: string) => (body += d))
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }))
          res.on('error', reject)
        })
        .on('error', reject),
    )
  const connections = { answering: () => [...answering], unstarted: () => [...unstarted] }
  return { server, port, get, connections }
}

describe('drainServer', () => {
  it('answers the request in progress in full, with Connection: close, and closes kept-alive idle connections at once', async () => {
    const { server, get, connections } = await serve(300)
    // a kept-alive connection, idle from here on: Node's close() alone would wait out its 5 s keep-alive
    expect((await get('/a')).connection).toBe('keep-alive')
    const slow = get('/slow')
    await new Promise((r) => setTimeout(r, 50))
    const started = performance.now()
    const drained = drainServer(server, 5000, connections)
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'answer to /slow' })
    expect(await drained).toEqual({ cut: 0 })
    expect(performance.now() - started).toBeLessThan(2000)
    expect(server.listening).toBe(false)
  })

  it('cuts what is still in progress at the deadline, and says how many', async () => {
    const { server, get } = await serve(60_000)
    const slow = get('/slow').then(
      () => 'answered',
      () => 'cut',
    )
    await new Promise((r) => setTimeout(r, 50))
    const started = performance.now()
    expect(await drainServer(server, 200)).toEqual({ cut: 1 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(190)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(await slow).toBe('cut')
  })

  it('closes a connection that has not begun a request (a preconnect) after a moment, not at the timeout', async () => {
    const { server, port, connections } = await serve(0)
    const idle = net.connect(port, '127.0.0.1')
    const closedAt = new Promise<number>((resolve) => idle.once('close', () => resolve(performance.now())))
    idle.on('error', () => {})
    await new Promise((r) => idle.once('connect', r))
    await new Promise((r) => setTimeout(r, 50))
    const started = performance.now()
    expect(await drainServer(server, 10_000, connections)).toEqual({ cut: 0 })
    expect(performance.now() - started).toBeLessThan(UNSTARTED_GRACE_MS + 1000)
    expect((await closedAt) - started).toBeGreaterThanOrEqual(UNSTARTED_GRACE_MS - 10)
  })
})
