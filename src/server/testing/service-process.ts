import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

// The service as a real process on a real port, for the tests that need one: first start, kill -9 durability, soak.

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

export interface ServiceProcess {
  child: ChildProcess
  url: string
  /** how long it took to answer its first request */
  ms: number
  output(): string
  /** SIGTERM, and wait for the exit */
  stop(): Promise<void>
  /** SIGKILL, and wait for the exit */
  kill(): Promise<void>
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve()),
  )

/**
 * Starts the service (by default `node --import tsx src/server/main.ts`, so the child is the service itself, not a
 * wrapper) and resolves once the API answers.
 */
export async function startServiceProcess(opts: {
  dataDir: string
  port: number
  args?: string[]
  env?: Record<string, string>
  limitMs?: number
  /** the child's soft and hard limit on open files (`ulimit -n`); unset: this process's */
  fdLimit?: number
}): Promise<ServiceProcess> {
  const { dataDir, port, args = ['--import', 'tsx', path.resolve('src/server/main.ts')], limitMs = 30_000 } = opts
  const started = performance.now()
  // With fdLimit, a shell sets the limit and then becomes the service (exec), so the child is still the service.
  const [command, argv] =
    opts.fdLimit === undefined
      ? [process.execPath, args]
      : ['/bin/sh', ['-c', `ulimit -n ${opts.fdLimit} && exec "$0" "$@"`, process.execPath, ...args]]
  const child = spawn(command, argv, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT: '0',
      LOG_LEVEL: 'error',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const failed = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`exited ${code ?? signal}: ${output}`))),
  )
  const ready = (async () => {
    for (;;) {
      try {
        const res = await fetch(`${url}/v1/illust/ranking`)
        if (res.status === 200) return performance.now() - started
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited: ${output}`)
      if (performance.now() - started > limitMs) {
        child.kill('SIGKILL')
        throw new Error(`not ready within ${limitMs} ms: ${output}`)
      }
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  const ms = await Promise.race([ready, failed])
  return {
    child,
    url,
    ms,
    output: () => output,
    stop: () => {
      child.kill('SIGTERM')
      return exited(child)
    },
    kill: () => {
      child.kill('SIGKILL')
      return exited(child)
    },
  }
}
