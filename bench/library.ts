// The library rows of `npm run bench` (issue 15): what a person's own archive costs.
// - import of a 10,000-work gallery-dl archive by `npm run import` (a child process, as a person runs it): works/s
//   and MB/s beside a plain `cp -r` of the same archive in the same run, and the import's peak memory;
// - a rescan of the unchanged library (the same command again);
// - derived images rendered from real originals (a 2,400×3,400 PNG and a 4,000×3,000 JPEG) through the service
//   started with LIBRARY_DIR: p50/p95 of each derived size cold (nothing cached), then cached (200) and revalidated
//   (304);
// - search and detail on a 100,000-work imported library, beside the same families on the demo in the same run.
// Archives are built once into bench/.data-library (keyed by their recipe) and reused; every import and every
// service gets a fresh DATA_DIR, except the 100k library's, which is kept beside its archive (importing it is
// minutes; the service's start-up rescan still reads every sidecar).

import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { WireIllust } from '../src/api/wire.ts'
import {
  cachedArchive,
  LIBRARY_SEARCH_WORD,
  realLookingImage,
  writeArchive,
  type ArchiveImage,
} from './lib/library-archive.ts'
import type { ServerProcess } from './lib/proc.ts'
import { startPostgres } from '../src/server/testing/postgres.ts'
import * as inputs from './lib/inputs.ts'
import { errorRow, figureRow, type LoadTarget, type Row } from './lib/report.ts'
import { fmtInt } from './lib/table.ts'

/** What the library rows need of the bench run (bench/run.ts). */
export interface LibraryContext {
  repo: string
  /** where archives are built and kept between runs */
  cacheDir: string
  rows: Row[]
  problems: string[]
  warnings: string[]
  progress(message: string): void
  /** starts the service with the bench's environment plus `env` */
  startService(name: string, env: Record<string, string>, timeoutMs: number): Promise<ServerProcess>
  stopServer(server: ServerProcess): Promise<void>
  /** also import into PostgreSQL (BENCH_POSTGRES, on by default) */
  postgres: boolean
  /** one load row, as the demo's families are measured */
  measureFamily(
    family: string,
    origin: string,
    find: () => Promise<{ paths: string[]; headers?: Record<string, string> }>,
    target?: LoadTarget,
  ): Promise<Row>
}

const IMPORT_WORKS = 10_000
const LARGE_WORKS = 100_000
/** distinct works (files) per original format in the render rows: each derived size is rendered once per work */
const RENDER_SAMPLES = 12
const OWNER = { OWNER_USERNAME: 'owner', OWNER_PASSWORD: 'bench-owner' }
const IMPORT_TIMEOUT_MS = 10 * 60_000
const LARGE_IMPORT_TIMEOUT_MS = 60 * 60_000
const START_TIMEOUT_MS = 10 * 60_000

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))
const mb = (bytes: number) => bytes / 1e6
const k = (n: number) => `${n / 1000}k`

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[i]!
}
const summary = (ms: readonly number[]) => {
  const sorted = [...ms].sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length }
}

// ---------------------------------------------------------------------------------------------------------------
// Archives

/** Page images of the import archive: mostly JPEGs of the sizes pixiv serves, one PNG in eight pages. */
async function importImages(): Promise<ArchiveImage[]> {
  const shapes: [number, number, 'jpg' | 'png'][] = [
    [1200, 1700, 'jpg'],
    [1500, 1000, 'jpg'],
    [1000, 1414, 'jpg'],
    [1600, 1200, 'jpg'],
    [900, 1273, 'jpg'],
    [1280, 720, 'jpg'],
    [1100, 1100, 'jpg'],
    [500, 707, 'png'],
  ]
  return Promise.all(shapes.map(([w, h, f], i) => realLookingImage(w, h, f, i + 1)))
}

async function importArchive(ctx: LibraryContext, works: number) {
  const archive = await cachedArchive(ctx.cacheDir, `gallery-dl-${works}`, async (root) => {
    ctx.progress(`library: building a ${fmtInt(works)}-work gallery-dl archive (once; reused by later runs)`)
    return writeArchive(root, { works, images: await importImages() })
  })
  if (!archive.reused)
    ctx.progress(
      `  built in ${(archive.buildMs / 1000).toFixed(1)} s: ${fmtInt(archive.files)} files, ${describeBytes(archive.bytes)}`,
    )
  return archive
}

const describeBytes = (bytes: number) =>
  bytes >= 1e9 ? `${(bytes / 1e9).toFixed(2)} GB` : `${(bytes / 1e6).toFixed(1)} MB`

// ---------------------------------------------------------------------------------------------------------------
// Child processes: the import command and cp

interface RunResult {
  ms: number
  code: number | null
  signal: NodeJS.Signals | null
  output: string
  peakRssBytes?: number
}

function run(
  command: string,
  args: string[],
  opts: { cwd: string; env?: Record<string, string>; timeoutMs: number },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(command, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.length > 200_000) output = output.slice(-100_000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs)
    child.once('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ ms: performance.now() - started, code, signal, output })
    })
  })
}

interface ImportCounts {
  imported: number
  updated: number
  removed: number
  unchanged: number
  skipped: number
}

/** The counts of the importer's report line (library/import.ts reportLines), when it printed one. */
export function reportCounts(output: string): ImportCounts | undefined {
  const m = /(\d+) imported, (\d+) updated, (\d+) removed, (\d+) unchanged, (\d+) skipped/.exec(output) ?? undefined
  if (!m) return undefined
  const [imported, updated, removed, unchanged, skipped] = m.slice(1).map(Number) as number[]
  return { imported: imported!, updated: updated!, removed: removed!, unchanged: unchanged!, skipped: skipped! }
}

/**
 * `npm run import -- <archive>` into `dataDir` (with `env.DATABASE_URL`, into that PostgreSQL database), as its own
 * process, with its peak RSS.
 */
export async function runImport(
  repo: string,
  archive: string,
  dataDir: string,
  timeoutMs: number,
  env: Record<string, string> = {},
) {
  const rssFile = path.join(tmpdir(), `easel-bench-peak-rss-${process.pid}-${Date.now()}`)
  const result = await run(
    process.execPath,
    ['--import', 'tsx', '--import', './bench/lib/peak-rss.ts', 'src/server/library/cli.ts', archive],
    {
      cwd: repo,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', BENCH_PEAK_RSS_FILE: rssFile, ...OWNER, ...env },
      timeoutMs,
    },
  )
  if (existsSync(rssFile)) {
    result.peakRssBytes = Number(readFileSync(rssFile, 'utf8'))
    rmSync(rssFile, { force: true })
  }
  if (result.code !== 0)
    throw new Error(
      `the import exited with ${result.signal ? `signal ${result.signal}` : `code ${result.code}`}: ${result.output.trim().split('\n').slice(-5).join(' / ')}`,
    )
  return { ...result, counts: reportCounts(result.output) }
}

function checkCounts(ctx: LibraryContext, what: string, counts: ImportCounts | undefined, want: Partial<ImportCounts>) {
  if (!counts) {
    ctx.warnings.push(`${what}: found no report line ("N imported, N updated, …") in the import's output`)
    return
  }
  const wrong = Object.entries(want).filter(([key, n]) => counts[key as keyof ImportCounts] !== n)
  if (wrong.length > 0)
    ctx.problems.push(
      `${what}: the import reported ${JSON.stringify(counts)}, expected ${wrong.map(([key, n]) => `${key} ${n}`).join(', ')}`,
    )
}

// ---------------------------------------------------------------------------------------------------------------
// Import and rescan of a 10,000-work archive

export async function importRows(ctx: LibraryContext): Promise<void> {
  const size = k(IMPORT_WORKS)
  const importFamily = `library import (${size})`
  let archive: Awaited<ReturnType<typeof importArchive>>
  try {
    archive = await importArchive(ctx, IMPORT_WORKS)
  } catch (err) {
    ctx.problems.push(`library archive (${size}): ${errorText(err)}`)
    ctx.rows.push(errorRow(importFamily, errorText(err)))
    return
  }
  const what = `${fmtInt(archive.works)} works, ${fmtInt(archive.files)} files, ${describeBytes(archive.bytes)}`
  const rate = (ms: number) =>
    `${fmtInt(archive.works / (ms / 1000))} works/s, ${fmtInt(mb(archive.bytes) / (ms / 1000))} MB/s`
  const scratch = mkdtempSync(path.join(tmpdir(), 'easel-bench-library-'))
  try {
    // The baseline: the same archive copied as it is, in this run, on the same disk as the import's catalogue.
    ctx.progress(`cp -r of the ${size} archive (${what})`)
    let cpMs: number | undefined
    try {
      const cp = await run('cp', ['-r', archive.root, path.join(scratch, 'copy')], {
        cwd: scratch,
        timeoutMs: IMPORT_TIMEOUT_MS,
      })
      if (cp.code !== 0) throw new Error(`cp exited with code ${cp.code}: ${cp.output.trim().slice(0, 300)}`)
      cpMs = cp.ms
      ctx.progress(`  ${(cp.ms / 1000).toFixed(1)} s: ${rate(cp.ms)}`)
      ctx.rows.push(
        figureRow(`cp -r of the archive (${size})`, { label: 'took', value: cp.ms / 1000, unit: 's' }, undefined, {
          note: `${rate(cp.ms)} (${what})`,
        }),
      )
    } catch (err) {
      ctx.problems.push(`cp -r (${size}): ${errorText(err)}`)
      ctx.rows.push(errorRow(`cp -r of the archive (${size})`, errorText(err)))
    } finally {
      rmSync(path.join(scratch, 'copy'), { recursive: true, force: true })
    }

    const dataDir = path.join(scratch, 'data')
    ctx.progress(`npm run import of the ${size} archive into a fresh DATA_DIR`)
    const first = await runImport(ctx.repo, archive.root, dataDir, IMPORT_TIMEOUT_MS)
    ctx.progress(
      `  ${(first.ms / 1000).toFixed(1)} s: ${rate(first.ms)}, peak RSS ${fmtInt(mb(first.peakRssBytes ?? NaN))} MB`,
    )
    checkCounts(ctx, importFamily, first.counts, { imported: archive.works, skipped: 0 })
    const vsCp = cpMs === undefined ? '' : ` — ${(first.ms / cpMs).toFixed(1)}× the cp -r time`
    ctx.rows.push(
      figureRow(importFamily, { label: 'took', value: first.ms / 1000, unit: 's' }, undefined, {
        note: `${rate(first.ms)}${vsCp}`,
      }),
    )
    if (first.peakRssBytes === undefined) ctx.warnings.push(`${importFamily}: the peak RSS was not recorded`)
    else
      ctx.rows.push(
        figureRow(`library import peak RSS (${size})`, { label: 'peak', value: mb(first.peakRssBytes), unit: 'MB' }),
      )

    ctx.progress(`rescan of the unchanged ${size} library (the same command again)`)
    const again = await runImport(ctx.repo, archive.root, dataDir, IMPORT_TIMEOUT_MS)
    ctx.progress(`  ${(again.ms / 1000).toFixed(1)} s`)
    checkCounts(ctx, `library rescan (${size})`, again.counts, { imported: 0, updated: 0, removed: 0 })
    ctx.rows.push(
      figureRow(
        `library rescan (${size}, unchanged)`,
        { label: 'took', value: again.ms / 1000, unit: 's' },
        undefined,
        {
          note: `${fmtInt(archive.works / (again.ms / 1000))} works/s; peak RSS ${fmtInt(mb(again.peakRssBytes ?? NaN))} MB`,
        },
      ),
    )
    if (ctx.postgres) await importIntoPostgres(ctx, archive, { sqliteMs: first.ms, rescanMs: again.ms })
  } catch (err) {
    ctx.problems.push(`${importFamily}: ${errorText(err)}`)
    ctx.progress(`${importFamily}: FAILED: ${errorText(err)}`)
    ctx.rows.push(errorRow(importFamily, errorText(err)))
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/**
 * The same import and rescan into a throwaway PostgreSQL cluster (DATABASE_URL: the library on PostgreSQL), each
 * beside the SQLite figure of this run.
 */
async function importIntoPostgres(
  ctx: LibraryContext,
  archive: { root: string; works: number },
  sqlite: { sqliteMs: number; rescanMs: number },
) {
  const size = k(IMPORT_WORKS)
  const family = `library import (${size}, PostgreSQL)`
  const cluster = await startPostgres()
  const scratch = mkdtempSync(path.join(tmpdir(), 'easel-bench-library-pg-'))
  try {
    const env = { DATABASE_URL: await cluster.createDatabase('library'), TOKEN_SECRET: 'be'.repeat(32) }
    ctx.progress(`npm run import of the ${size} archive into an empty PostgreSQL database`)
    const first = await runImport(ctx.repo, archive.root, scratch, IMPORT_TIMEOUT_MS, env)
    checkCounts(ctx, family, first.counts, { imported: archive.works, skipped: 0 })
    const rescan = await runImport(ctx.repo, archive.root, scratch, IMPORT_TIMEOUT_MS, env)
    checkCounts(ctx, `library rescan (${size}, PostgreSQL)`, rescan.counts, { imported: 0, updated: 0 })
    ctx.progress(`  ${(first.ms / 1000).toFixed(1)} s; rescan ${(rescan.ms / 1000).toFixed(1)} s`)
    const vs = (ms: number, sqliteMs: number) =>
      `${(ms / sqliteMs).toFixed(1)}× SQLite's ${(sqliteMs / 1000).toFixed(1)} s`
    ctx.rows.push(
      figureRow(family, { label: 'took', value: first.ms / 1000, unit: 's' }, undefined, {
        note: `${fmtInt(archive.works / (first.ms / 1000))} works/s, ${vs(first.ms, sqlite.sqliteMs)}; peak RSS ${fmtInt(mb(first.peakRssBytes ?? NaN))} MB`,
      }),
      figureRow(
        `library rescan (${size}, unchanged, PostgreSQL)`,
        { label: 'took', value: rescan.ms / 1000, unit: 's' },
        undefined,
        { note: vs(rescan.ms, sqlite.rescanMs) },
      ),
    )
  } catch (err) {
    ctx.problems.push(`${family}: ${errorText(err)}`)
    ctx.rows.push(errorRow(family, errorText(err)))
  } finally {
    await cluster.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Derived images from real originals

interface Original {
  label: string
  firstId: number
  width: number
  height: number
  format: 'png' | 'jpg'
}

const ORIGINALS: Original[] = [
  { label: 'PNG 2400×3400', firstId: 500_000, width: 2400, height: 3400, format: 'png' },
  { label: 'JPEG 4000×3000', firstId: 600_000, width: 4000, height: 3000, format: 'jpg' },
]

/** The derived sizes of a page (image-request.ts WORK_THUMB_SIZES and the master), from the detail's URLs. */
const DERIVED: { label: string; url: (w: WireIllust) => string }[] = [
  { label: 'square 360', url: (w) => w.image_urls.square_medium },
  // the grid's small size on phones: the master fitted in 360×360
  { label: '360 fitted', url: (w) => w.image_urls.square_medium.replace('_square1200.', '_master1200.') },
  { label: '540', url: (w) => w.image_urls.medium },
  { label: '600×1200', url: (w) => w.image_urls.large },
  { label: 'master 1200', url: (w) => w.image_urls.large.replace(/\/c\/600x1200_90\//, '/') },
]

async function timedGet(url: string, headers: Record<string, string> = {}) {
  const started = performance.now()
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(60_000) })
  await res.arrayBuffer()
  return { ms: performance.now() - started, status: res.status, etag: res.headers.get('etag') }
}

/** Signs in as the library's owner: a work's detail needs no token, but the owner sees everything. */
async function ownerToken(origin: string): Promise<string> {
  const res = await fetch(origin + '/auth/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: OWNER.OWNER_USERNAME,
      password: OWNER.OWNER_PASSWORD,
    }).toString(),
    signal: AbortSignal.timeout(30_000),
  })
  const body = (await res.json()) as { access_token?: string }
  if (res.status !== 200 || !body.access_token) throw new Error(`POST /auth/token as the owner answered ${res.status}`)
  return body.access_token
}

export async function renderRows(ctx: LibraryContext): Promise<void> {
  const families = ORIGINALS.flatMap((o) => [
    ...DERIVED.map((d) => `library render ${o.label} → ${d.label} (cold)`),
    `library render ${o.label} (cached 200)`,
  ])
  families.push('library render (revalidated 304)')
  const fail = (err: unknown) => {
    ctx.problems.push(`library renders: ${errorText(err)}`)
    ctx.progress(`library renders: FAILED: ${errorText(err)}`)
    for (const family of families) ctx.rows.push(errorRow(family, errorText(err)))
  }
  let root: string
  try {
    const archive = await cachedArchive(ctx.cacheDir, `originals-${RENDER_SAMPLES + 1}`, async (dir) => {
      ctx.progress(`library renders: writing ${RENDER_SAMPLES} works of each original (once; reused by later runs)`)
      const figures = { works: 0, files: 0, bytes: 0 }
      for (const [i, o] of ORIGINALS.entries()) {
        const image = await realLookingImage(o.width, o.height, o.format, 100 + i)
        ctx.progress(`  ${o.label}: ${describeBytes(image.bytes.byteLength)} per file`)
        // one more work than measured: the warm-up's
        const f = writeArchive(dir, {
          works: RENDER_SAMPLES + 1,
          firstId: o.firstId,
          users: 1,
          mangaEvery: 0,
          images: [image],
        })
        figures.works += f.works
        figures.files += f.files
        figures.bytes += f.bytes
      }
      return figures
    })
    root = archive.root
  } catch (err) {
    fail(err)
    return
  }

  // A fresh DATA_DIR: an empty image cache, so the first request of each URL is a render.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'easel-bench-renders-'))
  let service: ServerProcess | undefined
  try {
    service = await ctx.startService(
      'service (library of originals)',
      { DATA_DIR: dataDir, LIBRARY_DIR: root, ...OWNER },
      START_TIMEOUT_MS,
    )
    await settle(ctx, service, 60_000)
    const origin = service.origin
    const auth = { authorization: `Bearer ${await ownerToken(origin)}` }
    // every URL of every work, per original
    const urls = new Map<Original, string[][]>()
    for (const o of ORIGINALS) {
      const perSize: string[][] = DERIVED.map(() => [])
      for (let i = 0; i <= RENDER_SAMPLES; i++) {
        const { illust } = await inputs.getJson<{ illust: WireIllust }>(
          origin,
          `/v1/illust/detail?illust_id=${o.firstId + i}`,
          auth,
        )
        if (illust.width !== o.width || illust.height !== o.height)
          throw new Error(`work ${illust.id} is ${illust.width}×${illust.height}, not the ${o.label} original`)
        DERIVED.forEach((d, j) => perSize[j]!.push(d.url(illust)))
      }
      urls.set(o, perSize)
    }
    const check = (url: string, status: number, want: number) => {
      if (status !== want) throw new Error(`GET ${url} answered ${status}, not ${want}`)
    }
    // Warm-up: every size of the last work of each original, not measured. "Cold" is an image never rendered, not
    // a service that has not rendered anything yet (its first renders also pay for starting sharp's threads).
    for (const o of ORIGINALS)
      for (const perSize of urls.get(o)!) {
        const url = perSize.pop()!
        check(url, (await timedGet(url)).status, 200)
      }
    ctx.progress(
      `library renders: ${DERIVED.length} sizes × ${RENDER_SAMPLES} works × ${ORIGINALS.length} originals, one request at a time`,
    )
    // Cold: size by size, alternating the originals, so no two requests in a row decode the same file (sharp keeps
    // recently decoded files, which would make a second size of the same file look cheaper than a cold render is).
    const cold = new Map<string, number[]>()
    const etags = new Map<string, string>()
    for (const [j, d] of DERIVED.entries())
      for (let i = 0; i < RENDER_SAMPLES; i++)
        for (const o of ORIGINALS) {
          const url = urls.get(o)![j]![i]!
          const r = await timedGet(url)
          check(url, r.status, 200)
          if (r.etag) etags.set(url, r.etag)
          const family = `library render ${o.label} → ${d.label} (cold)`
          cold.set(family, [...(cold.get(family) ?? []), r.ms])
        }
    for (const [family, ms] of cold) {
      const s = summary(ms)
      ctx.rows.push(figureRow(family, { label: 'p95', value: s.p95, unit: 'ms' }, s.p50, { note: `${s.n} renders` }))
      ctx.progress(`  ${family}: p50 ${s.p50.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms`)
    }
    // Cached: every URL again (a 200 from the memory or disk cache), then revalidated with its ETag (a 304).
    const revalidated: number[] = []
    for (const o of ORIGINALS) {
      const cached: number[] = []
      for (const url of urls.get(o)!.flat()) {
        const r = await timedGet(url)
        check(url, r.status, 200)
        cached.push(r.ms)
        const etag = etags.get(url)
        if (!etag) throw new Error(`GET ${url} answered without an ETag`)
        const again = await timedGet(url, { 'if-none-match': etag })
        check(url, again.status, 304)
        revalidated.push(again.ms)
      }
      const s = summary(cached)
      ctx.rows.push(
        figureRow(`library render ${o.label} (cached 200)`, { label: 'p95', value: s.p95, unit: 'ms' }, s.p50, {
          note: `${s.n} requests, every size`,
        }),
      )
    }
    const s = summary(revalidated)
    ctx.rows.push(
      figureRow('library render (revalidated 304)', { label: 'p95', value: s.p95, unit: 'ms' }, s.p50, {
        note: `${s.n} requests with If-None-Match`,
      }),
    )
  } catch (err) {
    fail(err)
  } finally {
    if (service) await ctx.stopServer(service)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------------------------------------------------------
// A started service's own figures (Linux /proc): CPU time, resident memory

/** CPU seconds (user + system) the process has used, or undefined without /proc. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the fields after the command name (which may hold spaces and parentheses): state is field 3, utime 14, stime 15
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return undefined
  }
}

/** the kernel's USER_HZ, 100 on every Linux architecture Node runs on */
const CLOCK_TICKS = 100

/** VmRSS and VmHWM (peak) of the process in bytes, or undefined without /proc. */
function memory(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024
    return { rss: kb('VmRSS'), peak: kb('VmHWM') }
  } catch {
    return undefined
  }
}

/** How long a started service keeps a core busy after it answers (the library watcher's first walk). */
const IDLE_TIMEOUT_MS = 5 * 60_000
/** idle: below this share of one core over the last IDLE_WINDOW_S seconds */
const IDLE_CPU = 0.05
const IDLE_WINDOW_S = 3

/**
 * Waits until the service has used less than 5 % of a core for 3 s running (or `maxMs` passed), and says how long
 * that took and how much memory it then holds. Lines the service logged at level error become a warning.
 */
async function settle(ctx: LibraryContext, service: ServerProcess, maxMs: number): Promise<string> {
  const started = performance.now()
  const samples: number[] = []
  let idleAfterS: number | undefined
  for (;;) {
    const cpu = cpuSeconds(service.pid)
    if (cpu === undefined) return 'no /proc: not waited for the service to be idle'
    samples.push(cpu)
    if (samples.length > IDLE_WINDOW_S + 1) samples.shift()
    if (samples.length === IDLE_WINDOW_S + 1 && samples.at(-1)! - samples[0]! < IDLE_CPU * IDLE_WINDOW_S) {
      idleAfterS = Math.max(0, (performance.now() - started) / 1000 - IDLE_WINDOW_S)
      break
    }
    if (performance.now() - started > maxMs) break
    await sleep(1000)
  }
  const errors = service
    .tail()
    .split('\n')
    .filter((line) => / error /.test(line))
  if (errors.length > 0)
    ctx.warnings.push(
      `${service.name} logged errors after its start (${errors.length} of its last 40 lines), e.g.: ${errors[0]!.slice(0, 400)}`,
    )
  const mem = memory(service.pid)
  const rss = mem ? `; then RSS ${fmtInt(mb(mem.rss))} MB (peak ${fmtInt(mb(mem.peak))} MB)` : ''
  if (idleAfterS === undefined) {
    ctx.warnings.push(`${service.name} was still busy ${Math.round(maxMs / 1000)} s after its start: measured anyway`)
    return `still busy after ${Math.round(maxMs / 1000)} s${rss}`
  }
  ctx.progress(`  idle ${idleAfterS.toFixed(0)} s after it answered${rss}`)
  return `busy ${idleAfterS.toFixed(0)} s after it answered${rss}`
}

// ---------------------------------------------------------------------------------------------------------------
// Search and detail on a 100,000-work library

/** `demo`: the demo's rows of the same families measured earlier in this run (search, detail), for the comparison. */
export async function largeLibraryRows(ctx: LibraryContext, demo: { search?: Row; detail?: Row }): Promise<void> {
  const size = k(LARGE_WORKS)
  const startFamily = `first start (library ${size})`
  try {
    const archive = await cachedArchive(ctx.cacheDir, `gallery-dl-${LARGE_WORKS}`, async (root) => {
      ctx.progress(`library ${size}: writing the archive (once; reused by later runs)`)
      // a small image per page (every page its own file and sidecar): what is measured here is the catalogue
      const tiny = await realLookingImage(120, 160, 'jpg', 9)
      return writeArchive(root, { works: LARGE_WORKS, images: [tiny] })
    })
    if (!archive.reused) {
      ctx.progress(`  written in ${(archive.buildMs / 1000).toFixed(1)} s (${fmtInt(archive.files)} files)`)
      ctx.rows.push(
        figureRow(
          `library archive written (${size})`,
          { label: 'took', value: archive.buildMs / 1000, unit: 's' },
          undefined,
          {
            note: `${fmtInt(archive.files)} files, ${describeBytes(archive.bytes)}; reused by later runs`,
          },
        ),
      )
    }
    // The imported catalogue is kept beside the archive: a rerun starts the service on it (a rescan).
    const dataDir = path.join(path.dirname(archive.root), 'data')
    rmSync(path.join(dataDir, 'image-cache'), { recursive: true, force: true })
    // made once the import has finished: a catalogue without it is one an interrupted run left, which the import
    // (incremental) completes
    const imported = path.join(dataDir, '.bench-imported')
    if (!existsSync(imported)) {
      const resumed = existsSync(path.join(dataDir, 'library.db'))
      ctx.progress(
        `library ${size}: npm run import (${resumed ? 'finishing an interrupted import' : 'once; the catalogue is reused by later runs'})`,
      )
      const result = await runImport(ctx.repo, archive.root, dataDir, LARGE_IMPORT_TIMEOUT_MS)
      const c = result.counts
      if (c && (c.imported + c.unchanged !== LARGE_WORKS || c.skipped > 0))
        ctx.problems.push(`library import (${size}): the import reported ${JSON.stringify(c)}`)
      if (!c) ctx.warnings.push(`library import (${size}): found no report line in the import's output`)
      const peak = fmtInt(mb(result.peakRssBytes ?? NaN))
      ctx.progress(`  ${(result.ms / 1000).toFixed(1)} s, peak RSS ${peak} MB`)
      // an import finished half way is not the import's time
      if (!resumed)
        ctx.rows.push(
          figureRow(`library import (${size})`, { label: 'took', value: result.ms / 1000, unit: 's' }, undefined, {
            note: `${fmtInt(LARGE_WORKS / (result.ms / 1000))} works/s; peak RSS ${peak} MB`,
          }),
        )
      writeFileSync(imported, '')
    }
    ctx.progress(`library ${size}: starting the service (LIBRARY_DIR; its start-up rescan reads every sidecar)`)
    const service = await ctx.startService(
      `service (library ${size})`,
      { DATA_DIR: dataDir, LIBRARY_DIR: archive.root, ...OWNER },
      START_TIMEOUT_MS,
    )
    try {
      // The watcher's first walk of the folder starts once the service answers: measure only once it is done.
      const idle = await settle(ctx, service, IDLE_TIMEOUT_MS)
      ctx.rows.push(
        figureRow(startFamily, { label: 'took', value: service.readyMs / 1000, unit: 's' }, undefined, {
          note: `start-up rescan of the unchanged library included; ${idle}`,
        }),
      )
      const origin = service.origin
      const versus = (row: Row | undefined) =>
        row?.load ? `demo ${fmtInt(row.load.reqPerSec)} req/s` : 'no demo row in this run'
      const searchRow = await ctx.measureFamily(`search (library ${size})`, origin, async () => ({
        paths: [inputs.searchPath(LIBRARY_SEARCH_WORD)],
      }))
      const detailRow = await ctx.measureFamily(`detail (library ${size})`, origin, async () => ({
        // as many distinct works as the demo's detail row cycles through, spread over the whole library
        paths: Array.from(
          { length: 300 },
          (_, i) => `/v1/illust/detail?illust_id=${100_000 + Math.floor((i * LARGE_WORKS) / 300)}`,
        ),
      }))
      for (const [row, other] of [
        [searchRow, demo.search],
        [detailRow, demo.detail],
      ] as const) {
        const ratio = row.load && other?.load ? ` (${(row.load.reqPerSec / other.load.reqPerSec).toFixed(2)}×)` : ''
        row.note = `${versus(other)}${ratio}`
        ctx.rows.push(row)
      }
    } finally {
      await ctx.stopServer(service)
    }
  } catch (err) {
    ctx.problems.push(`library ${size}: ${errorText(err)}`)
    ctx.progress(`library ${size}: FAILED: ${errorText(err)}`)
    ctx.rows.push(errorRow(startFamily, errorText(err)))
  }
}
