// `npm run test:reliability`: the reliability suite at full strength. The node side (vitest.reliability.config.ts:
// fuzzing, the authorization matrix, kill -9 durability, rate limiting, the XSS corpus generator and the soak), then
// the browser side (playwright.reliability.config.ts: the XSS corpus rendered in Chromium, rate limiting in the
// gallery). Prints a summary of what it ran: requests, payloads, matrix cells, kills.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const reportDir = mkdtempSync(join(tmpdir(), 'easel-reliability-'))
const env = { ...process.env, EASEL_RELIABILITY: 'full', EASEL_RELIABILITY_REPORT: reportDir }

// The browser part's services generate their catalogues on first start: start from nothing, so the XSS catalogue is
// made by the generator as it is now. (The SPA build in the same directory is kept; npm start rebuilds it if stale.)
const dataRoot = resolve(root, process.env.RELIABILITY_DIR ?? '.data-reliability')
for (const dir of ['hostile', 'limited']) rmSync(join(dataRoot, dir), { recursive: true, force: true })

function run(name, bin, args) {
  const started = performance.now()
  return new Promise((done) => {
    const child = spawn(join(root, 'node_modules/.bin', bin), args, { cwd: root, env, stdio: 'inherit' })
    const forward = (signal) => child.kill(signal)
    process.on('SIGINT', forward)
    process.on('SIGTERM', forward)
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
      done({ name, ok: code === 0, how: signal ?? `exit ${code}`, s: (performance.now() - started) / 1000 })
    })
  })
}

const parts = [
  await run('node side (vitest)', 'vitest', ['run', '--config', 'vitest.reliability.config.ts']),
  await run('browser side (playwright)', 'playwright', ['test', '--config', 'playwright.reliability.config.ts']),
]

const countsFile = join(reportDir, 'counts.jsonl')
const counts = existsSync(countsFile)
  ? readFileSync(countsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
  : []
rmSync(reportDir, { recursive: true, force: true })

const width = Math.max(20, ...counts.map((c) => c.name.length))
console.log('\nReliability suite')
for (const c of counts) console.log(`  ${c.name.padEnd(width)}  ${String(c.value).padStart(7)}  ${c.detail ?? ''}`)
for (const p of parts)
  console.log(`  ${p.name.padEnd(width)}  ${p.ok ? 'passed' : `FAILED (${p.how})`} in ${p.s.toFixed(0)} s`)
process.exit(parts.every((p) => p.ok) ? 0 : 1)
