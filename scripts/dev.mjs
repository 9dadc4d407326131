// `npm run dev`: the catalogue service under `tsx watch` (restarts on server changes) and the Vite dev server
// (hot reload, proxies the API and the image paths to the service). Ctrl-C stops both.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const apiPort = process.env.API_PORT ?? '8080'
// vite.config.ts reads API_PORT for its proxy target, so set it before Vite loads the config.
process.env.API_PORT = apiPort

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli')
const service = spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  cwd: root,
  // Vite's proxy (vite.config.ts, xfwd) forwards the Host the browser used; trust it from loopback only.
  env: { ...process.env, PORT: apiPort, TRUST_PROXY: process.env.TRUST_PROXY ?? '127.0.0.1,::1' },
  stdio: 'inherit',
})

const { createServer } = await import('vite')
const vite = await createServer({ root })

let stopping = false
async function stop(exitCode) {
  if (stopping) return
  stopping = true
  if (service.exitCode === null && service.signalCode === null) service.kill('SIGTERM')
  await vite.close()
  process.exit(exitCode)
}

service.on('exit', (code) => {
  if (!stopping) {
    console.error(`[dev] the service exited (${code ?? 'signal'}); stopping Vite`)
    void stop(code ?? 1)
  }
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0))

await vite.listen()
vite.printUrls()
console.log(`[dev] open the Vite URL above; the service runs on http://127.0.0.1:${apiPort}`)
