import { loadConfig } from './config.ts'
import { createLogger } from './log.ts'
import { startServer } from './server.ts'
import { openStorage } from './storage/storage-url.ts'

// A setting that is wrong or missing is one line saying which and why, not a stack trace.
const config = (() => {
  try {
    return loadConfig()
  } catch (err) {
    console.error(`Easel cannot start: ${err instanceof Error ? err.message : String(err)}`)
    process.exit(1)
  }
})()
const log = createLogger(config.logLevel)
const started = performance.now()
const running = await startServer(config, log)
log.info(`Easel is serving on ${config.publicUrl ?? running.url}`, { ms: Math.round(performance.now() - started) })
if (config.storage.kind === 's3' || config.storage.root !== config.dataDir)
  log.info(`Rendered images and copied originals are kept in the ${openStorage(config.storage).description}`)
if (config.libraryDir)
  log.info(
    `Serving the library ${config.libraryDir}; sign in as "${config.owner.username}" (the password OWNER_PASSWORD set, or the one logged when the account was made)`,
  )
else {
  const account = running.services.meta.demo_account ?? 'demo'
  log.info(
    `Sign in as "${account}" with password "${process.env.DEMO_PASSWORD ? '(DEMO_PASSWORD)' : 'demo'}", in the gallery or with POST /auth/token (grant_type=password)`,
  )
}

// The first SIGTERM or SIGINT shuts down gracefully (server.ts's close: requests in progress finish, for at most
// SHUTDOWN_TIMEOUT_MS); another, a moment later, exits at once. One sooner is the same request twice: a Ctrl-C reaches
// both `npm start`'s wrapper, which passes it on, and this process.
const REPEAT_MS = 1000
let stopping: number | undefined
const stop = (signal: string) => {
  if (stopping !== undefined) {
    if (performance.now() - stopping < REPEAT_MS) return
    log.error(`${signal} again: exiting without waiting`)
    process.exit(1)
  }
  stopping = performance.now()
  log.info(`${signal}: shutting down (requests in progress get up to ${config.shutdownTimeoutMs} ms)`)
  // whatever hangs after the requests (a worker, the disk), the process ends
  setTimeout(() => {
    log.error('shutdown did not finish in time: exiting')
    process.exit(1)
  }, config.shutdownTimeoutMs + 5000).unref()
  running.close().then(
    () => {
      log.info('stopped')
      process.exit(0)
    },
    (err: unknown) => {
      log.error('shutdown failed', { error: err instanceof Error ? err.stack : String(err) })
      process.exit(1)
    },
  )
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
