// Slow connections (slowloris): a client that opens connections and never finishes its headers holds a file
// descriptor each, for as long as Node lets it. Node's own timeouts (headersTimeout, requestTimeout, set in
// server.ts) end each such connection after a while, but 20,000 of them opened faster than that exhausted the file
// descriptors and nobody else could connect. So the number of open connections is capped: past the cap, the
// connections that have waited longest without a whole request (still sending their headers, idle between keep-alive
// requests, or still sending a request body: a body trickled byte by byte is the same attack one step later) are
// closed to make room, and a new request is always served. A connection whose request has arrived whole is never
// closed by the guard: the service is answering it (the socket's idle timeout bounds a client that stops reading).

import { readFileSync } from 'node:fs'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** The default cap on open connections, below the process's file-descriptor limit. */
export const DEFAULT_MAX_CONNECTIONS = 2000

/** The soft limit on open files (RLIMIT_NOFILE) of this process, from /proc (Linux); undefined elsewhere. */
export function openFileLimit(): number | undefined {
  try {
    const m = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))
    return m ? Number(m[1]) : undefined
  } catch {
    return undefined
  }
}

/**
 * The cap to use: the configured one, but never above three quarters of the file-descriptor limit (the database,
 * the image files and the cache need descriptors too; on a system whose default limit is 1,024 the cap is 768).
 */
export function connectionCap(configured: number, fdLimit = openFileLimit()): number {
  return fdLimit === undefined ? configured : Math.max(16, Math.min(configured, Math.floor(fdLimit * 0.75)))
}

export interface ConnectionGuard {
  /** open connections, and how many have a request in progress */
  stats(): { open: number; busy: number; closedByGuard: number }
  /** the answers in progress (a graceful shutdown marks those not yet begun `Connection: close`) */
  answering(): ServerResponse[]
  /** connections that have not begun a request (a graceful shutdown closes them after a moment) */
  unstarted(): Socket[]
}

/** Caps `server`'s open connections at `max` (see the top of this file). */
export function guardConnections(server: Server, max: number): ConnectionGuard {
  /**
   * Per open connection, oldest first: its latest request and response. Recording them is all a request costs (no
   * listeners: with them, the guard cost a quarter of a cached detail's throughput at 100 connections); whether a
   * connection may be closed is worked out only when there are too many.
   */
  const sockets = new Map<Socket, { req: IncomingMessage | undefined; res: ServerResponse | undefined }>()
  let closedByGuard = 0

  /** Answering a request that has arrived whole: the one state the guard never interrupts. */
  const busy = (s: { req: IncomingMessage | undefined; res: ServerResponse | undefined }) =>
    s.res !== undefined && !s.res.writableFinished && s.req !== undefined && s.req.complete

  /** Closes the oldest connections without a request that has arrived whole, sparing the one just accepted. */
  const makeRoom = (newest: Socket) => {
    let excess = sockets.size - max
    for (const [socket, s] of sockets) {
      if (excess <= 0) return
      if (busy(s) || socket === newest) continue
      sockets.delete(socket)
      socket.destroy()
      closedByGuard++
      excess--
    }
  }

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { req: undefined, res: undefined })
    socket.once('close', () => sockets.delete(socket))
    makeRoom(socket)
  })

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const s = sockets.get(req.socket)
    if (!s) return
    s.req = req
    s.res = res
  })

  return {
    stats() {
      let n = 0
      for (const s of sockets.values()) if (busy(s)) n++
      return { open: sockets.size, busy: n, closedByGuard }
    },
    answering: () => [...sockets.values()].flatMap((s) => (s.res && !s.res.writableFinished ? [s.res] : [])),
    unstarted: () => [...sockets].flatMap(([socket, s]) => (s.req === undefined ? [socket] : [])),
  }
}
