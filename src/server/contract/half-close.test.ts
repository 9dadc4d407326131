import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../server.ts'
import { startTestServer } from '../testing/harness.ts'

// A client may shut down its sending side once its request is sent (a raw socket's end(), `nc -N`, some proxies):
// "a half-closed TCP connection does not delimit a request message, nor does it imply that the client is no longer
// interested in a response" (RFC 9112 §9.6). Node's server took that FIN for an abort and closed the connection
// unanswered whenever the answer needed a query's round trip (every answer on PostgreSQL; a search on SQLite):
// the fuzzer's raw requests found it.

let server: RunningServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

/** Sends `request` and half-closes; resolves with all that came back before the server closed the connection. */
function halfClosed(request: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.end(request))
    let received = ''
    socket.setEncoding('latin1')
    socket.setTimeout(30_000, () => reject(new Error(`no close within 30 s; received ${JSON.stringify(received)}`)))
    socket.on('data', (d) => (received += d))
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
  })
}

describe('a request whose client half-closed the connection', () => {
  it.each([
    '/v1/search/illust?word=%E3%82%AA%E3%83%AA%E3%82%B8%E3%83%8A%E3%83%AB',
    '/v1/user/recommended?',
    '/v1/illust/ranking?mode=day',
    '/v1/novel/new?content_type=novel',
  ])('GET %s is answered in full, then the connection closes', async (path) => {
    const answer = await halfClosed(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    const [head, body] = answer.split('\r\n\r\n', 2) as [string, string]
    const length = /\r\ncontent-length: (\d+)/i.exec(head)?.[1]
    if (length) expect(Buffer.byteLength(body, 'latin1')).toBe(Number(length))
    else expect(head).toMatch(/\r\ntransfer-encoding: chunked/i)
    expect(answer).toMatch(/(\}|\r\n0\r\n\r\n)$/)
  })

  it('two pipelined requests before the FIN are both answered', async () => {
    const answer = await halfClosed(
      'GET /v1/user/recommended? HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n' +
        'GET /v1/illust/ranking?mode=week HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    )
    expect(answer.match(/HTTP\/1\.1 200 /g)).toHaveLength(2)
  })
})
