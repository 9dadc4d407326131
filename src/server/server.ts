import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { Config } from './config.ts'
import { createLogger, type Logger } from './log.ts'
import { Lru, type Services } from './services.ts'
import { openCatalogue, tokenSecret } from './catalogue.ts'
import { TokenSigner } from './auth/tokens.ts'
import { createApp } from './app.ts'
import { ItemJsonCache } from './wire/item-cache.ts'
import { CallerStates } from './wire/caller-state.ts'
import { SessionCache } from './auth/sessions.ts'
import { errorBody } from './http/errors.ts'
import { catalogueNowOf } from './calendar.ts'

/** `nowS`: the real clock (tests may set it to another day). */
export function createServices(
  config: Config,
  log: Logger,
  nowS: () => number = () => Math.floor(Date.now() / 1000),
): Services {
  const store = openCatalogue(config, log, nowS)
  return {
    store,
    config,
    catalogueNow: catalogueNowOf(store.meta(), nowS()),
    signer: new TokenSigner(tokenSecret(config.dataDir)),
    nowS,
    caches: {
      ranking: new Lru(200),
      recommend: new Lru(500),
      trending: new Lru(20),
      search: new Lru(1000),
      items: new ItemJsonCache(50_000),
      callers: new CallerStates(store),
      sessions: new SessionCache(store),
      bookmarkPages: new Lru(2000),
    },
  }
}

export interface RunningServer {
  url: string
  services: Services
  close(): Promise<void>
}

/** Opens (or first generates) the catalogue and serves everything on one port. */
export async function startServer(config: Config, log = createLogger(config.logLevel)): Promise<RunningServer> {
  const services = createServices(config, log)
  const app = createApp(services, log)
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(s as Server),
    ) as Server
  })
  // Requests Node rejects before the app sees them (oversized headers, garbage) still get the error body.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy()
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request'
    const body = JSON.stringify(errorBody(status.slice(4)))
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  let closing: Promise<void> | undefined
  return {
    url: `http://${host}:${port}`,
    services,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }).then(() => services.store.close())),
  }
}
