// `npm start`: build the SPA if its sources changed since the last build, then run the catalogue service, which
// serves the API, the images and the built SPA on one origin. `--build-only`: the build, if stale, and no service
// (`npm run test:budget` measures that build, so `npm test` builds the SPA once for the budget and the e2e suite).
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { constants } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
// EASEL_DIST_DIR moves the managed build (two e2e runs on one machine each build their own); default dist/.
const distDir = resolve(root, process.env.EASEL_DIST_DIR ?? 'dist')
const builtIndex = join(distDir, 'index.html')
// Written by this script after a production build: a dist/ from `vite build --mode development` or elsewhere
// would otherwise be served as if it were current.
const buildMarker = join(distDir, '.easel-build.json')

// Everything that ends up in the bundle. Test files never do, so editing one does not force a rebuild.
const spaInputs = [
  'src/app',
  'src/features',
  'src/components',
  'src/lib',
  'src/api',
  'src/main.tsx',
  'src/index.css',
  'index.html',
  'public',
  'vite.config.ts',
]
const isTestFile = (path) => /\.test\.[cm]?[jt]sx?$/.test(path)

/** The most recently modified file under `path` (a file or a directory), or undefined if there is none. */
function newestFile(path) {
  if (!existsSync(path)) return undefined
  const stat = statSync(path)
  if (!stat.isDirectory()) return isTestFile(path) ? undefined : { path, mtimeMs: stat.mtimeMs }
  let newest
  for (const entry of readdirSync(path)) {
    const candidate = newestFile(join(path, entry))
    if (candidate && (!newest || candidate.mtimeMs > newest.mtimeMs)) newest = candidate
  }
  return newest
}

/** Why the SPA must be rebuilt, or undefined when dist/ is up to date. */
function reasonToBuild() {
  if (!existsSync(builtIndex)) return 'dist/index.html is missing'
  if (!existsSync(buildMarker)) return 'dist/ was not built by npm start (it may be a development build)'
  const builtAt = statSync(builtIndex).mtimeMs
  for (const input of spaInputs) {
    const newest = newestFile(join(root, input))
    if (newest && newest.mtimeMs > builtAt) return `${relative(root, newest.path)} is newer than dist/index.html`
  }
  return undefined
}

async function buildSpaIfStale() {
  // A custom STATIC_DIR is the operator's own build; only the repo's dist/ is managed here.
  const staticDir = resolve(root, process.env.STATIC_DIR ?? distDir)
  if (staticDir !== distDir) {
    console.log(`[start] STATIC_DIR=${staticDir}: not building the SPA`)
    return
  }
  const reason = reasonToBuild()
  if (!reason) {
    console.log('[start] SPA build is up to date (dist/)')
    return
  }
  console.log(`[start] building the SPA: ${reason}`)
  const startedAt = performance.now()
  const { build } = await import('vite')
  // Vite takes NODE_ENV from the environment when it is set: started from a test runner (NODE_ENV=test) it would
  // bundle React's development build and leave out the service worker. A production build is one, whoever starts it.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  writeFileSync(buildMarker, JSON.stringify({ mode: 'production', builtAt: new Date().toISOString() }))
  console.log(`[start] SPA built into dist/ in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)
}

function runService() {
  // `--import tsx` registers tsx's loader in this Node process; no second wrapper process in between.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? distDir },
    stdio: 'inherit',
  })
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal))
  child.on('error', (error) => {
    console.error('[start] could not start the service:', error)
    process.exit(1)
  })
  child.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (signal ? constants.signals[signal] : 1))
  })
}

try {
  await buildSpaIfStale()
} catch (error) {
  console.error('[start] the SPA build failed:', error)
  process.exit(1)
}
if (!process.argv.includes('--build-only')) runService()
