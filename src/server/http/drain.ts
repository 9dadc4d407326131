import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

// Graceful close of the HTTP server (server.ts's close, on SIGTERM/SIGINT). Node's server.close() stops accepting
// connections and closes the idle ones, but a kept-alive connection whose request was in progress stays open after
// its answer (and is served further requests) until the keep-alive timeout, and a connection that has not sent a
// request yet (a browser's preconnect) stays open until the headers timeout; closeAllConnections(), which the
// service called before, cut the requests in progress mid-answer.

/** How often connections that have become idle since (their answer sent) are closed while draining. */
const SWEEP_MS = 50
/** How long a connection open at the signal may take to begin its request before it is closed unanswered. */
export const UNSTARTED_GRACE_MS = 1000

/** What the connection guard (connection-guard.ts) knows of the server's connections. */
export interface OpenConnections {
  /** the answers in progress */
  answering(): ServerResponse[]
  /** connections that have not begun a request */
  unstarted(): Socket[]
}

/**
 * Stops `server` accepting connections and lets the requests in progress finish, for at most `timeoutMs`: requests
 * that arrive meanwhile on open connections are answered with `Connection: close`, every connection is closed as soon
 * as it is idle, and one that has not begun a request within UNSTARTED_GRACE_MS is closed. What is still open at the
 * deadline is cut. Resolves, once the server is closed, with the number of connections cut.
 */
export async function drainServer(
  server: Server,
  timeoutMs: number,
  connections: OpenConnections = { answering: () => [], unstarted: () => [] },
): Promise<{ cut: number }> {
  const closeAfter = (_req: IncomingMessage, res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close')
  }
  // those in progress too, so a keep-alive client does not send its next request on a connection about to close
  for (const res of connections.answering()) closeAfter(res.req, res)
  // first, so it runs before the app may answer synchronously
  server.prependListener('request', closeAfter)
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS)
  const unstarted = setTimeout(
    () => connections.unstarted().forEach((socket) => socket.destroy()),
    Math.min(UNSTARTED_GRACE_MS, timeoutMs),
  )
  let timer: NodeJS.Timeout | undefined
  const late = await Promise.race([
    closed.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs))),
  ])
  clearInterval(sweep)
  clearTimeout(unstarted)
  clearTimeout(timer)
  let cut = 0
  if (late) {
    cut = await new Promise<number>((resolve) => server.getConnections((_err, n) => resolve(n ?? 0)))
    server.closeAllConnections()
    await closed
  }
  server.off('request', closeAfter)
  return { cut }
}
