import { loadConfig } from './config.ts'
import { createLogger } from './log.ts'
import { startServer } from './server.ts'
import { openStorage } from './storage/storage-url.ts'

const config = loadConfig()
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
  const account = running.services.store.meta().demo_account ?? 'demo'
  log.info(
    `Sign in as "${account}" with password "${process.env.DEMO_PASSWORD ? '(DEMO_PASSWORD)' : 'demo'}", in the gallery or with POST /auth/token (grant_type=password)`,
  )
}

const stop = (signal: string) => {
  log.info(`${signal}: shutting down`)
  void running.close().then(() => process.exit(0))
}
process.once('SIGINT', () => stop('SIGINT'))
process.once('SIGTERM', () => stop('SIGTERM'))
