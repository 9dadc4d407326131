// Child server processes for the benchmark: the catalogue service and the hello-world server. Each is a separate
// Node process (so the load generator in this process does not share its event loop), started on a free loopback
// port, polled until it answers, and stopped by PID.

import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

export const HOST = '127.0.0.1'

/**
 * The catalogue's "today" in every bench run (CATALOGUE_NOW; the service's own default follows the clock), so every
 * run measures the very same catalogue as the baseline's, whatever day it runs on.
 */
export const BENCH_CATALOGUE_NOW = '2026-11-01'

export interface ServerProcess {
  name: string
  pid: number
  origin: string
  /** milliseconds from spawn until the readiness path answered 200 */
  readyMs: number
  /** the last lines the process wrote (stdout and stderr), for error reports */
  tail(): string
  stop(): Promise<void>
}

export interface StartOptions {
  name: string
  /** the script, relative to cwd, run as `node --import tsx <script>` */
  script: string
  cwd: string
  env: Record<string, string>
  /** a GET path that answers 200 once the server is ready */
  readyPath: string
  timeoutMs: number
  /** called on every poll with the seconds waited so far (for progress output on long starts) */
  onWait?: (seconds: number) => void
}

const running = new Set<ChildProcess>()

/** Kills every child still running: for exits and signals; synchronous. */
export function killAllChildren(): void {
  for (const child of running) {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
  running.clear()
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, HOST, () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))))
    })
  })
}

function exitDescription(child: ChildProcess): string {
  return child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`
}

export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const port = await freePort()
  const origin = `http://${HOST}:${port}`
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(line)
    if (lines.length > 40) lines.splice(0, lines.length - 40)
  }
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', options.script], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve))
  let failure: Error | undefined
  void spawnError.then((err) => (failure = err))

  const tail = () => lines.join('\n')
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      process.kill(child.pid, 'SIGTERM')
      const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])
      if (!done && child.exitCode === null && child.signalCode === null) {
        process.kill(child.pid, 'SIGKILL')
        await exited
      }
    }
    running.delete(child)
  }

  try {
    if (child.pid === undefined) throw new Error(`${options.name}: could not spawn`)
    const deadline = started + options.timeoutMs
    let lastReport = started
    for (;;) {
      if (failure) throw failure
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`${options.name} exited (${exitDescription(child)}) before it was ready:\n${tail()}`)
      try {
        const res = await fetch(origin + options.readyPath, { signal: AbortSignal.timeout(5000) })
        await res.arrayBuffer()
        if (res.status === 200) break
      } catch {
        // not listening yet
      }
      const now = performance.now()
      if (now > deadline)
        throw new Error(`${options.name} was not ready after ${Math.round(options.timeoutMs / 1000)} s:\n${tail()}`)
      if (options.onWait && now - lastReport >= 30_000) {
        lastReport = now
        options.onWait(Math.round((now - started) / 1000))
      }
      await sleep(200)
    }
  } catch (err) {
    await stop()
    throw err
  }
  return { name: options.name, pid: child.pid, origin, readyMs: performance.now() - started, tail, stop }
}
