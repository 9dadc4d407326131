// Slow connections (slowloris): a client that opens connections and never finishes its headers holds a file
// descriptor each, for as long as Node lets it. Node's own timeouts (headersTimeout, requestTimeout, set in
// server.ts) end each such connection after a while, but 20,000 of them opened faster than that exhausted the file
// descriptors and nobody else could connect. So the number of open connections is capped: past the cap, the
// connections that have waited longest without a request in progress (still sending their headers, or idle between
// keep-alive requests) are closed to make room, and a new request is always served. Connections with a request in
// progress are never closed by the guard (requestTimeout and the socket timeout bound those).

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
  /** Requests in progress per open connection; insertion order is the order connections last became waiting. */
  const sockets = new Map<Socket, number>()
  let closedByGuard = 0

  const makeRoom = () => {
    let excess = sockets.size - max
    if (excess <= 0) return
    for (const [socket, busy] of sockets) {
      if (excess <= 0) break
      if (busy > 0) continue
      sockets.delete(socket)
      socket.destroy()
      closedByGuard++
      excess--
    }
  }

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, 0)
    socket.once('close', () => sockets.delete(socket))
    makeRoom()
  })

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    const busy = sockets.get(socket)
    if (busy === undefined) return
    sockets.set(socket, busy + 1)
    let done = false
    const finished = () => {
      if (done) return
      done = true
      const n = sockets.get(socket)
      if (n === undefined) return
      // Waiting again (for the next keep-alive request): it goes to the back of the line.
      sockets.delete(socket)
      if (!socket.destroyed) sockets.set(socket, n - 1)
    }
    res.once('finish', finished)
    res.once('close', finished)
  })

  return {
    stats() {
      let busy = 0
      for (const n of sockets.values()) if (n > 0) busy++
      return { open: sockets.size, busy, closedByGuard }
    },
  }
}
