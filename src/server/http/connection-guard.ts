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
}

/** Caps `server`'s open connections at `max` (see the top of this file). */
export function guardConnections(server: Server, max: number): ConnectionGuard {
  /**
   * Per open connection: requests in progress, and the one being received. Insertion order is the order connections
   * last became waiting.
   */
  const sockets = new Map<Socket, { busy: number; receiving: IncomingMessage | undefined }>()
  let closedByGuard = 0

  const close = (socket: Socket) => {
    sockets.delete(socket)
    socket.destroy()
    closedByGuard++
  }

  /** Closes the oldest connections without a request that has arrived whole, sparing the one just accepted. */
  const makeRoom = (newest: Socket) => {
    let excess = sockets.size - max
    for (const [socket, s] of sockets) {
      if (excess <= 0) return
      const closable = s.busy === 0 || (s.receiving !== undefined && !s.receiving.complete)
      if (!closable || socket === newest) continue
      close(socket)
      excess--
    }
  }

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { busy: 0, receiving: undefined })
    socket.once('close', () => sockets.delete(socket))
    makeRoom(socket)
  })

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    const s = sockets.get(socket)
    if (!s) return
    s.busy++
    s.receiving = req
    let done = false
    const finished = () => {
      if (done) return
      done = true
      const now = sockets.get(socket)
      if (!now) return
      now.busy--
      if (now.receiving === req) now.receiving = undefined
      // Waiting again (for the next keep-alive request): it goes to the back of the line.
      sockets.delete(socket)
      if (!socket.destroyed) sockets.set(socket, now)
    }
    res.once('finish', finished)
    res.once('close', finished)
  })

  return {
    stats() {
      let busy = 0
      for (const s of sockets.values()) if (s.busy > 0) busy++
      return { open: sockets.size, busy, closedByGuard }
    },
  }
}
