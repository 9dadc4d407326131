import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { plan } from '../../../scripts/system-deps.mjs'
import { freePort } from './service-process.ts'

// Throwaway PostgreSQL clusters for tests: Debian's server binaries (the `postgresql` package, which
// scripts/system-deps.mjs installs for `npm test` and .ci/run), a data directory in memory (/dev/shm), trust auth, no
// fsync, a unix socket in the cluster's own directory and a free TCP port on 127.0.0.1 only. No system service, no
// fixed port: every test file can have its own.
//
// Speed: initdb costs about a second, so it runs once per machine into a template directory (keyed by the server
// binary) that each cluster copies (tens of ms); the server then starts in a few hundred ms.

/** Where the server binaries are: PG_BIN_DIR, else Debian's newest /usr/lib/postgresql/<major>/bin, else PATH. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env, debian = '/usr/lib/postgresql'): string {
  const has = (dir: string) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'postgres'))
  const fromEnv = env.PG_BIN_DIR
  if (fromEnv) {
    if (has(fromEnv)) return fromEnv
    throw new Error(`PG_BIN_DIR=${fromEnv} has no initdb and postgres`)
  }
  const majors = existsSync(debian)
    ? readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : []
  for (const major of majors) if (has(path.join(debian, major, 'bin'))) return path.join(debian, major, 'bin')
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) if (has(dir)) return dir
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0
  const step = plan({ missing: ['postgresql'], root, apt })
  throw new Error(
    `PostgreSQL's server binaries (initdb, postgres) are not installed; the PostgreSQL tests start a cluster of their own.\n` +
      (step.action === 'fail'
        ? step.message
        : 'Run:\n  apt-get update && apt-get install -y postgresql   # or: node scripts/system-deps.mjs'),
  )
}

/** Who the cluster runs as: the `postgres` user when we are root (the server refuses to run as root), else us. */
function runAs(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' })
  const uid = id('-u')
  const gid = id('-g')
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error(
      'running as root, but there is no `postgres` user to run the test cluster as (apt-get install postgresql makes one)',
    )
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) }
}

// EASEL_PG_DIR: a folder on disk instead, for a cluster larger than memory should hold (the million-work copy)
const tempBase = () => process.env.EASEL_PG_DIR || (existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir())

function run(cmd: string, args: string[], user: { uid: number; gid: number } | undefined) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', ...user, cwd: '/' })
  if (r.status !== 0)
    throw new Error(
      `${path.basename(cmd)} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stderr}`,
    )
}

/**
 * A freshly initialized data directory to copy from, made once per server binary and user. initdb into a temp
 * directory, then an atomic rename: test files starting at once make it at most a few times, never half.
 */
function template(bin: string, user: { uid: number; gid: number } | undefined): string {
  const postgres = statSync(path.join(bin, 'postgres'))
  // the initdb options' version (bump it when they change), then the binary
  const key = `2-${bin.replace(/\W+/g, '_')}-${postgres.mtimeMs.toFixed(0)}-${postgres.size}`
  const dir = path.join(tempBase(), `easel-pg-template-${process.getuid?.() ?? 'u'}-${key}`)
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir
  const tmp = mkdtempSync(`${dir}.tmp-`)
  try {
    if (user) chownSync(tmp, user.uid, user.gid)
    // Collation C: text compares byte by byte, as SQLite's BINARY collation does. LC_CTYPE C.UTF-8: pg_trgm takes
    // Japanese letters as word characters (under C it drops them), as a production database should have it.
    const initdb = (ctype: string) =>
      run(
        path.join(bin, 'initdb'),
        ['-D', tmp, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', `--lc-ctype=${ctype}`, '--no-sync'],
        user,
      )
    try {
      initdb('C.UTF-8')
    } catch {
      // a libc without C.UTF-8: everything but the trigram indexes of non-ASCII text works the same
      rmSync(tmp, { recursive: true, force: true })
      mkdirSync(tmp, { mode: 0o700 })
      if (user) chownSync(tmp, user.uid, user.gid)
      initdb('C')
    }
    try {
      renameSync(tmp, dir)
    } catch (err) {
      // another test file made it first
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw err
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  return dir
}

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust auth) */
  url: string
  /** the same database over the cluster's unix socket (faster; for clients in this machine) */
  socketUrl: string
  port: number
  /** the cluster's directory: its data, its socket */
  dir: string
  /** ms from the call to the first accepted connection */
  startMs: number
  /** The URL (over TCP) of database `name` of this cluster. */
  urlOf(name: string): string
  /** Creates an empty database and returns its URL; `name` defaults to a fresh one. */
  createDatabase(name?: string): Promise<string>
  /** Stops the server (fast shutdown) and deletes its directory. */
  stop(): Promise<void>
}

/** Starts a throwaway cluster; stop() it when done (a watchdog stops it should this process die first). */
export async function startPostgres(): Promise<PostgresCluster> {
  const started = performance.now()
  const bin = postgresBinDir()
  const user = runAs()
  const from = template(bin, user)
  const dir = mkdtempSync(path.join(tempBase(), 'easel-pg-'))
  const data = path.join(dir, 'data')
  run('cp', ['-a', from, data], undefined)
  if (user) chownSync(dir, user.uid, user.gid)

  let child: ChildProcess | undefined
  let port = 0
  let log = ''
  // a port taken between freePort() and the server's bind: try another
  for (let attempt = 0; attempt < 5 && !child; attempt++) {
    port = await freePort()
    const c = spawn(
      path.join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${dir}`,
        // throwaway data: durability buys nothing here
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'logging_collector=off',
        '-c',
        'log_min_messages=warning',
      ],
      { ...user, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    log = ''
    const ready = await new Promise<boolean>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`postgres did not start within 30 s:\n${log}`)), 30_000)
      c.stderr!.setEncoding('utf8')
      c.stderr!.on('data', (chunk: string) => {
        log = (log + chunk).slice(-16_384)
        if (log.includes('ready to accept connections')) {
          clearTimeout(timer)
          resolve(true)
        }
      })
      c.once('exit', (code) => {
        clearTimeout(timer)
        if (/could not bind|could not create any TCP\/IP sockets/.test(log)) resolve(false)
        else reject(new Error(`postgres exited (${code}) before accepting connections:\n${log}`))
      })
    }).catch((err: unknown) => {
      c.kill('SIGKILL')
      rmSync(dir, { recursive: true, force: true })
      throw err
    })
    if (ready) child = c
  }
  if (!child) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`postgres could not bind a free port:\n${log}`)
  }
  const server = child
  // the log keeps draining into a short tail, so the server never blocks on a full pipe
  server.stderr!.removeAllListeners('data')
  server.stderr!.on('data', (chunk: string) => (log = (log + chunk).slice(-16_384)))

  // Should this process die without stop() (kill -9, a crashed worker), the watchdog stops the server and deletes
  // the directory, so no cluster outlives its test run.
  const watchdog = spawn(
    'sh',
    [
      '-c',
      'while kill -0 "$1" 2>/dev/null && kill -0 "$2" 2>/dev/null; do sleep 1; done; kill -INT "$2" 2>/dev/null; ' +
        'while kill -0 "$2" 2>/dev/null; do sleep 0.2; done; rm -rf "$3"',
      'watchdog',
      String(process.pid),
      String(server.pid),
      dir,
    ],
    { detached: true, stdio: 'ignore' },
  )
  watchdog.unref()

  const urlOf = (name: string) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(name)}`
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  let stopping: Promise<void> | undefined
  const cluster: PostgresCluster = {
    url: urlOf('postgres'),
    socketUrl: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    port,
    dir,
    startMs: performance.now() - started,
    urlOf,
    async createDatabase(name = `test_${randomBytes(6).toString('hex')}`) {
      const client = new pg.Client({ connectionString: cluster.url })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`)
      } finally {
        await client.end()
      }
      return urlOf(name)
    },
    stop() {
      stopping ??= (async () => {
        if (server.exitCode === null && server.signalCode === null) {
          // fast shutdown: ends open sessions, which a test may have left
          server.kill('SIGINT')
          const killer = setTimeout(() => server.kill('SIGKILL'), 10_000)
          await exited
          clearTimeout(killer)
        }
        if (watchdog.pid) {
          try {
            process.kill(watchdog.pid, 'SIGKILL')
          } catch {
            // already gone
          }
        }
        rmSync(dir, { recursive: true, force: true })
      })()
      return stopping
    },
  }
  return cluster
}

export interface TestPostgres {
  /** the file's cluster (set in beforeAll) */
  readonly cluster: PostgresCluster
  /** the file's own empty database (set in beforeAll) */
  readonly url: string
  /** Another empty database of the same cluster. */
  createDatabase(name?: string): Promise<string>
}

/**
 * For a test file: a cluster of its own started in beforeAll with an empty database, both gone in afterAll.
 * Call at the top level of the file; read `url` inside tests.
 */
export function usePostgres(): TestPostgres {
  let cluster: PostgresCluster | undefined
  let url: string | undefined
  beforeAll(async () => {
    cluster = await startPostgres()
    url = await cluster.createDatabase('test')
  })
  afterAll(async () => {
    await cluster?.stop()
  })
  const need = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('usePostgres(): the cluster starts in beforeAll; read it inside a test')
    return v
  }
  return {
    get cluster() {
      return need(cluster)
    },
    get url() {
      return need(url)
    },
    createDatabase: (name) => need(cluster).createDatabase(name),
  }
}
