// `npm run bench`: measures the catalogue service and the gallery against their targets and prints one table:
// - service: req/s and p50/p99 per endpoint family on the default and the 200,000-work catalogue, each beside a
//   hello-world route measured in the same run (ratio); thumbnails cold (each a first request) and warm;
// - gallery: gzipped JavaScript of the first route and of each lazy chunk; Lighthouse (mobile) of /, /ranking,
//   /artworks/:id and /novels/:id; a scroll run in Chromium that loads 5,000 works into one list;
// - library (bench/library.ts): import and rescan of a 10,000-work gallery-dl archive beside cp -r, renders from
//   real originals, search and detail on a 100,000-work library beside the demo's.
//
//   BENCH_DURATION  seconds per load run (default 10; each run is preceded by a 1 s warm-up)
//   BENCH_LARGE     0: skip the 200,000-work catalogue; regen: regenerate it (default: reuse bench/.data-large)
//   BENCH_BASELINE  write: (over)write bench/baseline.json from this run
//   BENCH_LIGHTHOUSE 0: skip the Lighthouse runs of the gallery pages
//   BENCH_SCROLL    0: skip the scroll run
//   BENCH_LIBRARY   0: skip the library rows (import, rescan, renders of real originals, the 100,000-work library)
//   BENCH_ONLY      library: only the library rows, beside the demo's search and detail (no build, no other rows);
//                   or service families by name, comma-separated (e.g. `follow feed,comments page`): only those rows
//                   on the default catalogue, beside hello-world (no build, Lighthouse, large catalogue or library)
//                   million: hello-world and the BENCH_MILLION rows only;
//                   posting: hello-world and the posting rows (bench/posting.ts) only
//   BENCH_MILLION   1: add the 1,000,000-work catalogue's rows on SQLite (search by tag, popular sort, operators;
//                   detail), each against the issue's PostgreSQL targets; generated into bench/.data-million on first
//                   use (tens of minutes), reused after
//   BENCH_POSTGRES  0: skip the PostgreSQL rows: the default catalogue copied (db:copy) into a throwaway cluster,
//                   then the service families served from it (DATABASE_URL, one instance); with BENCH_MILLION=1 the
//                   million-work catalogue's too
//   BENCH_ONLY      postgres: hello-world and the PostgreSQL rows of the default catalogue only
//
// The gallery is built afresh into bench/.data-dist for every run, so its figures are those of the current sources.
//
// The service and the hello-world server run as child processes on loopback; autocannon runs here. Figures go to
// bench/results/latest.json; bench/baseline.json, when present, adds a delta column.

import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { arch, cpus, loadavg, platform, tmpdir, totalmem } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SIZES, type CatalogueSize } from '../src/server/config.ts'
import { measure, type LoadFigures } from './lib/load.ts'
import { INITIAL_JS_BUDGET, measureChunks, measureInitialJs } from './initial-js.ts'
import {
  erroredNote,
  galleryPaths,
  installabilityNote,
  isInstallable,
  LIGHTHOUSE_TARGETS,
  renderFindings,
  runLighthouse,
} from './lighthouse.ts'
import { BENCH_CATALOGUE_NOW, killAllChildren, startServerProcess, type ServerProcess } from './lib/proc.ts'
import * as inputs from './lib/inputs.ts'
import { describeScroll, runScroll } from './scroll.ts'
import { importRows, largeLibraryRows, renderRows, type LibraryContext } from './library.ts'
import { measureDbCopy } from './db-copy.ts'
import { postingRows } from './posting.ts'
import {
  errorRow,
  figureRow,
  lighthouseRow,
  loadRow,
  renderReport,
  scrollRow,
  skippedRow,
  type LoadTarget,
  type Report,
  type Row,
} from './lib/report.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))
const benchDir = path.join(repo, 'bench')
const resultsFile = path.join(benchDir, 'results', 'latest.json')
const baselineFile = path.join(benchDir, 'baseline.json')
const largeDir = path.join(benchDir, '.data-large')
const distDir = path.join(benchDir, '.data-dist')
const libraryCacheDir = path.join(benchDir, '.data-library')

const CONNECTIONS = 32
const THUMBNAIL_RENDERS = 200
/** Distinct thumbnails requested once each in the cold thumbnail run. */
const COLD_THUMBNAILS = 1_500
/** The scroll run: works to load into one list, and the most <img> elements the page may hold after it. */
const SCROLL_TARGET = 5_000
const SCROLL_MAX_IMAGES = 300
const DEFAULT_START_TIMEOUT_MS = 120_000
const LARGE_START_TIMEOUT_MS = 10 * 60_000

const TARGETS = {
  search: { minReqPerSec: 3000, maxP99Ms: 20 },
  detail: { minReqPerSec: 8000, maxP99Ms: 20 },
  largeSearch: { maxP99Ms: 40 },
  // the issue's targets on PostgreSQL (the default catalogue and 1,000,000 works) and on 1,000,000 works on SQLite, at
  // CONNECTIONS connections on one instance
  millionSearch: { maxP99Ms: 50 },
  millionDetail: { maxP99Ms: 10 },
  firstStartS: 30,
  thumbColdP95Ms: 40,
  thumbCachedP95Ms: 2,
} satisfies Record<string, LoadTarget | number>

function durationFromEnv(): number {
  const raw = process.env.BENCH_DURATION
  if (raw === undefined || raw === '') return 10
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`BENCH_DURATION must be a positive number of seconds, not "${raw}"`)
  return n
}

const durationS = durationFromEnv()
const warmupS = Math.min(1, durationS)
const lighthouseOn = process.env.BENCH_LIGHTHOUSE !== '0'
const scrollOn = process.env.BENCH_SCROLL !== '0'
const lighthouseDir = path.join(benchDir, 'results', 'lighthouse')
const largeMode = process.env.BENCH_LARGE === '0' ? 'skip' : process.env.BENCH_LARGE === 'regen' ? 'regen' : 'reuse'
const onlyLibrary = process.env.BENCH_ONLY === 'library'
/** BENCH_ONLY=million: hello-world and the million-work rows only */
const onlyMillion = process.env.BENCH_ONLY === 'million'
/** BENCH_ONLY=postgres: hello-world and the default catalogue's PostgreSQL rows only */
const onlyPostgres = process.env.BENCH_ONLY === 'postgres'
/** BENCH_ONLY=posting: hello-world and the posting rows only */
const onlyPosting = process.env.BENCH_ONLY === 'posting'
const postgresOn = process.env.BENCH_POSTGRES !== '0'
/** The service families serviceFamilies measures, by the names BENCH_ONLY takes. */
const SERVICE_FAMILIES = [
  'search',
  'detail',
  'ranking',
  'recommended',
  'bookmarks',
  'follow feed',
  'comments page',
  'illust series',
  'novel series',
  'novel text',
  'thumbnails (cold)',
  'thumbnails (warm)',
] as const
const onlyFamilies =
  process.env.BENCH_ONLY && !onlyLibrary && !onlyMillion && !onlyPostgres && !onlyPosting
    ? process.env.BENCH_ONLY.split(',').map((f) => f.trim())
    : undefined
for (const f of onlyFamilies ?? [])
  if (!(SERVICE_FAMILIES as readonly string[]).includes(f))
    throw new Error(
      `BENCH_ONLY must be library, million, postgres, posting or families among ${SERVICE_FAMILIES.join(', ')}; not "${f}"`,
    )
/** Only some rows: no gallery build, no other catalogue, no library. */
const onlySome = onlyLibrary || onlyMillion || onlyPostgres || onlyPosting || onlyFamilies !== undefined
if (onlyPostgres && !postgresOn) throw new Error('BENCH_ONLY=postgres and BENCH_POSTGRES=0 leave nothing to measure')
const millionOn = process.env.BENCH_MILLION === '1' || onlyMillion
const libraryOn = process.env.BENCH_LIBRARY !== '0'
if (onlyLibrary && !libraryOn) throw new Error('BENCH_ONLY=library and BENCH_LIBRARY=0 leave nothing to measure')

const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`)
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err))
const sizeText = (s: CatalogueSize) =>
  `${s.works.toLocaleString('en-US')} works / ${s.novels.toLocaleString('en-US')} novels / ${s.users.toLocaleString('en-US')} users`

function autocannonVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(repo, 'node_modules/autocannon/package.json'), 'utf8')) as {
      version: string
    }
    return pkg.version
  } catch {
    return 'unknown'
  }
}

function lighthouseVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(repo, 'node_modules/lighthouse/package.json'), 'utf8')) as {
      version: string
    }
    return pkg.version
  } catch {
    return 'unknown'
  }
}

function readBaseline(): Report | undefined {
  if (!existsSync(baselineFile)) return undefined
  try {
    return JSON.parse(readFileSync(baselineFile, 'utf8')) as Report
  } catch (err) {
    progress(`ignoring bench/baseline.json: ${errorText(err)}`)
    return undefined
  }
}

const rows: Row[] = []
const problems: string[] = []
const warnings: string[] = []
const started: ServerProcess[] = []
let hello: LoadFigures | undefined
/** the top failing audits of the gallery pages below target, printed under the table */
let lighthouseFindings = ''

function serviceEnv(dataDir: string, size: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    // The load generator is one client at many connections: the limits that keep one client from crowding out others
    // (the request rate, its share of concurrent renders) would measure themselves, not the service.
    RATE_LIMIT: '0',
    IMAGE_RENDERS_PER_CLIENT: '0',
    LOG_LEVEL: 'error',
    CATALOGUE_SIZE: size,
    CATALOGUE_NOW: BENCH_CATALOGUE_NOW,
    PUBLIC_URL: '',
    STATIC_DIR: distDir,
  }
}

async function startService(
  name: string,
  dataDir: string,
  size: string,
  timeoutMs: number,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = await startServerProcess({
    name,
    script: 'src/server/main.ts',
    cwd: repo,
    env: { ...serviceEnv(dataDir, size), ...extraEnv },
    readyPath: '/v1/illust/ranking',
    timeoutMs,
    onWait: (s) => progress(`${name}: still starting after ${s} s`),
  })
  started.push(server)
  return server
}

async function stopServer(server: ServerProcess): Promise<void> {
  await server.stop()
  started.splice(started.indexOf(server), 1)
}

interface LoadInputs {
  paths: string[]
  headers?: Record<string, string>
  /** each path requested once (a cold run) instead of a timed run */
  once?: boolean
}

/** One load row: find the inputs, check the first request answers 200, measure, judge. */
async function measureFamily(
  family: string,
  origin: string,
  findInputs: () => Promise<LoadInputs>,
  target?: LoadTarget,
): Promise<Row> {
  try {
    const { paths, headers, once } = await findInputs()
    const first = paths[0] as string
    // A cold run must not warm its first path with the check: it checks a path it does not measure.
    if (once) {
      const [check, ...rest] = paths
      await inputs.expect200(origin, check as string, headers)
      paths.splice(0, paths.length, ...rest)
    } else await inputs.expect200(origin, first, headers)
    const what = paths.length > 1 ? `${paths[0]} (+${paths.length - 1} more)` : first
    progress(
      `${family}: ${what} — ${once ? `${paths.length} requests, each path once` : `${warmupS} s warm-up + ${durationS} s`}`,
    )
    const load = await measure({
      origin,
      paths,
      headers,
      connections: CONNECTIONS,
      durationS,
      warmupS,
      ...(once ? { amount: paths.length } : {}),
    })
    const row = loadRow(family, what, load, hello, target)
    progress(`  ${Math.round(load.reqPerSec)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms`)
    const codes = Object.entries(load.statusCodes)
      .map(([code, n]) => `${code}×${n}`)
      .join(', ')
    if (load.non2xx > 0 || load.errors > 0)
      problems.push(
        `${family}: ${load.non2xx} non-2xx answers, ${load.errors} connection errors (status codes: ${codes})`,
      )
    if (load.timeouts > 0)
      warnings.push(`${family}: ${load.timeouts} requests got no answer within 10 s (answered: ${codes})`)
    return row
  } catch (err) {
    problems.push(`${family}: ${errorText(err)}`)
    progress(`${family}: FAILED: ${errorText(err)}`)
    return errorRow(family, errorText(err), target)
  }
}

async function measureHello(): Promise<void> {
  const server = await startServerProcess({
    name: 'hello server',
    script: 'bench/hello-server.ts',
    cwd: repo,
    env: {},
    readyPath: '/hello',
    timeoutMs: 30_000,
  })
  started.push(server)
  progress(`hello: /hello — ${warmupS} s warm-up + ${durationS} s`)
  hello = await measure({ origin: server.origin, paths: ['/hello'], connections: CONNECTIONS, durationS, warmupS })
  progress(`  ${Math.round(hello.reqPerSec)} req/s, p50 ${hello.p50Ms} ms, p99 ${hello.p99Ms} ms`)
  if (hello.non2xx > 0 || hello.errors > 0 || hello.timeouts > 0)
    problems.push(`hello: ${hello.non2xx} non-2xx, ${hello.errors} errors, ${hello.timeouts} timeouts`)
  await stopServer(server)
}

async function defaultCatalogue(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'easel-bench-'))
  try {
    progress(`first start of the default catalogue (fresh DATA_DIR ${dataDir})`)
    let service: ServerProcess
    try {
      service = await startService('service (default catalogue)', dataDir, 'default', DEFAULT_START_TIMEOUT_MS)
    } catch (err) {
      problems.push(`first start (default): ${errorText(err)}`)
      rows.push(errorRow('first start (default)', errorText(err)))
      return
    }
    const startS = service.readyMs / 1000
    progress(`  ready after ${startS.toFixed(1)} s`)
    rows.push(figureRow('first start (default)', { label: 'took', value: startS, unit: 's', max: TARGETS.firstStartS }))

    const origin = service.origin
    try {
      await measureHello()
    } catch (err) {
      problems.push(`hello: ${errorText(err)}`)
    }

    // BENCH_ONLY=library: the demo's search and detail only, beside which the library's are shown
    if (!onlyPosting)
      await serviceFamilies(
        origin,
        '',
        { search: TARGETS.search, detail: TARGETS.detail },
        onlyLibrary ? ['search', 'detail'] : onlyFamilies,
      )
    if (!onlySome) memoryRow('memory of one instance (default, SQLite)', service.pid)
    if (!onlySome) await lighthouseSection(origin)
    // last: the posted manga is in the catalogue from then on
    if (!onlySome || onlyPosting)
      try {
        rows.push(...(await postingRows(service, repo, progress)))
      } catch (err) {
        problems.push(`posting: ${errorText(err)}`)
        rows.push(errorRow('post a 20-page manga', errorText(err)))
      }
    await stopServer(service)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/**
 * The endpoint families on one running service, one row each (`suffix` names the catalogue in the row). Inputs
 * that several families share are found first; a failure there fails those families, not the run.
 */
async function serviceFamilies(
  origin: string,
  suffix: string,
  targets: { search?: LoadTarget; detail?: LoadTarget } = {},
  only?: readonly string[],
): Promise<void> {
  const word = inputs.commonTag(origin)
  const session = inputs.signIn(origin)
  const novels = inputs.novelIds(origin)
  for (const p of [word, session, novels]) p.catch(() => undefined)
  word.then((w) => progress(`search word${suffix}: ${w}`)).catch(() => undefined)
  const family = async (name: string, find: () => Promise<LoadInputs>, target?: LoadTarget) => {
    if (!only || only.includes(name)) rows.push(await measureFamily(name + suffix, origin, find, target))
  }

  await family('search', async () => ({ paths: [inputs.searchPath(await word)] }), targets.search)
  await family(
    'detail',
    async () => ({
      paths: (await inputs.illustIds(origin, await word)).map((id) => `/v1/illust/detail?illust_id=${id}`),
    }),
    targets.detail,
  )
  await family('ranking', async () => ({ paths: ['/v1/illust/ranking?mode=day'] }))
  await family('recommended', async () => ({ paths: ['/v1/illust/recommended'] }))
  await family('bookmarks', async () => {
    const { accessToken, userId } = await session
    return {
      paths: [`/v1/user/bookmarks/illust?user_id=${userId}`],
      headers: { authorization: `Bearer ${accessToken}` },
    }
  })
  await family('follow feed', async () => {
    const { accessToken } = await session
    return { paths: ['/v2/illust/follow?restrict=public'], headers: { authorization: `Bearer ${accessToken}` } }
  })
  await family('comments page', async () => ({
    paths: (await inputs.commentedIllustIds(origin, await word)).map((id) => `/v1/illust/comments?illust_id=${id}`),
  }))
  await family('illust series', async () => ({
    paths: [`/v1/illust/series?illust_series_id=${await inputs.illustSeriesId(origin, await word)}`],
  }))
  await family('novel series', async () => ({
    paths: [`/v2/novel/series?series_id=${await inputs.novelSeriesId(origin, await novels)}`],
  }))
  await family('novel text', async () => ({ paths: (await novels).map((id) => `/v1/novel/text?novel_id=${id}`) }))
  // Cold: each thumbnail requested once, so every answer is a render; warm: the same thumbnails again, from cache.
  if (only && !only.some((name) => name.startsWith('thumbnails'))) return
  const thumbnails = word.then((w) => inputs.thumbnailPaths(origin, w, COLD_THUMBNAILS + 1))
  thumbnails.catch(() => undefined)
  await family('thumbnails (cold)', async () => ({ paths: [...(await thumbnails)], once: true }))
  await family('thumbnails (warm)', async () => ({ paths: [...(await thumbnails)] }))
}

/** The scroll run on the 200k catalogue: a search there holds 5,000 works (the App API's last offset is 5,000). */
async function scrollSection(origin: string): Promise<void> {
  const family = 'scroll run (200k)'
  if (!scrollOn) {
    rows.push(skippedRow(family, 'skipped: BENCH_SCROLL=0'))
    return
  }
  try {
    const word = await inputs.commonTag(origin)
    const listPath = `/search?word=${encodeURIComponent(word)}`
    progress(`scroll run: ${listPath} until ${SCROLL_TARGET.toLocaleString('en-US')} works are loaded`)
    const figures = await runScroll(origin, listPath, { target: SCROLL_TARGET, onProgress: progress })
    progress(`  ${describeScroll(figures)}`)
    rows.push(scrollRow(family, figures, SCROLL_TARGET, SCROLL_MAX_IMAGES))
    if (figures.worksLoaded < SCROLL_TARGET)
      problems.push(`scroll run: the list stopped at ${figures.worksLoaded} works (wanted ${SCROLL_TARGET})`)
  } catch (err) {
    problems.push(`scroll run: ${errorText(err)}`)
    rows.push(errorRow(family, errorText(err)))
  }
}

/** Builds the gallery into bench/.data-dist (production mode) for the Lighthouse and scroll runs. */
async function buildGallery(): Promise<void> {
  progress(`building the gallery into ${path.relative(repo, distDir)}`)
  const { build } = await import('vite')
  await build({ root: repo, mode: 'production', logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } })
}

/** Gzipped JavaScript: what opening `/` fetches (against its budget), then every lazy chunk on its own. */
async function javascriptSection(): Promise<void> {
  try {
    const initial = await measureInitialJs(distDir)
    rows.push(
      figureRow('JS first route / (gzip)', {
        label: `${initial.files.length} files`,
        value: initial.total / 1000,
        unit: 'kB',
        max: INITIAL_JS_BUDGET / 1000,
      }),
      figureRow('JS inline in the page of / (gzip)', {
        label: 'first view, preloads',
        value: initial.inline.gzip / 1000,
        unit: 'kB',
      }),
      figureRow("JS inline in a novel's page (gzip)", {
        label: "first view with the reader's parser",
        value: initial.novelInline.gzip / 1000,
        unit: 'kB',
      }),
    )
    const initialFiles = new Set(initial.files.map((f) => f.file))
    for (const chunk of await measureChunks(distDir))
      if (!initialFiles.has(chunk.file))
        rows.push(figureRow(`JS chunk ${chunk.name}`, { label: 'gzip', value: chunk.gzip / 1000, unit: 'kB' }))
  } catch (err) {
    problems.push(`javascript sizes: ${errorText(err)}`)
    rows.push(errorRow('JS first route / (gzip)', errorText(err)))
  }
}

/** Lighthouse (mobile) of the gallery pages, served by the default-catalogue service: one row per page. */
async function lighthouseSection(origin: string): Promise<void> {
  if (!lighthouseOn) {
    rows.push(skippedRow('lighthouse', 'skipped: BENCH_LIGHTHOUSE=0'))
    return
  }
  try {
    const paths = await galleryPaths(origin)
    // Both languages of the gallery: Japanese readers get the Japanese messages (a chunk of their own) and CJK text.
    const results = []
    for (const lang of ['en', 'ja'] as const)
      for (const r of await runLighthouse(origin, paths, {
        reportDir: path.join(lighthouseDir, lang),
        onProgress: progress,
        lang,
      }))
        results.push({ ...r, lang })
    for (const r of results) {
      rows.push(
        lighthouseRow(`lighthouse ${r.path.replace(/\/\d+$/, '/:id')} (${r.lang})`, r.path, {
          performance: r.performance,
          accessibility: r.accessibility,
          bestPractices: r.bestPractices,
          lcpMs: r.lcpMs,
          cls: r.cls,
          tbtMs: r.tbtMs,
          minPerformance: LIGHTHOUSE_TARGETS.performance,
          minAccessibility: LIGHTHOUSE_TARGETS.accessibility,
          minBestPractices: LIGHTHOUSE_TARGETS.bestPractices,
          maxLcpMs: LIGHTHOUSE_TARGETS.lcpMs,
          installable: r.installability === null ? null : isInstallable(r.installability),
        }),
      )
      progress(
        `  ${r.path} (${r.lang}): perf ${r.performance}, a11y ${r.accessibility}, best practices ${r.bestPractices}`,
      )
      for (const w of r.runWarnings) warnings.push(`lighthouse ${r.path} (${r.lang}): ${w}`)
    }
    lighthouseFindings = [...installabilityNote(results), renderFindings(results, 3), ...erroredNote(results)]
      .join('\n')
      .trim()
  } catch (err) {
    problems.push(`lighthouse: ${errorText(err)}`)
    progress(`lighthouse: FAILED: ${errorText(err)}`)
    rows.push(errorRow('lighthouse', errorText(err)))
  }
}

async function thumbnailRenders(): Promise<void> {
  try {
    progress(`thumbnail renders: benchThumbnails(${THUMBNAIL_RENDERS})`)
    const { benchThumbnails } = await import('../src/server/images/render-bench.ts')
    const { cold, cached } = await benchThumbnails(THUMBNAIL_RENDERS)
    rows.push(
      figureRow(
        'thumbnail render (cold)',
        { label: 'p95', value: cold.p95, unit: 'ms', max: TARGETS.thumbColdP95Ms },
        cold.p50,
      ),
      figureRow(
        'thumbnail render (cached)',
        { label: 'p95', value: cached.p95, unit: 'ms', max: TARGETS.thumbCachedP95Ms },
        cached.p50,
      ),
    )
  } catch (err) {
    problems.push(`thumbnail renders: ${errorText(err)}`)
    rows.push(
      errorRow('thumbnail render (cold)', errorText(err)),
      errorRow('thumbnail render (cached)', errorText(err)),
    )
  }
}

/**
 * The default catalogue on PostgreSQL: `db:copy` into a throwaway cluster (bench/db-copy.ts: memory-backed, fsync
 * off), then one service instance over the copy (DATABASE_URL) and the same families as on SQLite, search and detail
 * against the issue's PostgreSQL targets, and the instance's memory.
 */
async function postgresSection(): Promise<void> {
  const family = 'db:copy (default) to PostgreSQL'
  if (!postgresOn) {
    rows.push(skippedRow(family, 'skipped: BENCH_POSTGRES=0'))
    return
  }
  try {
    const f = await measureDbCopy(progress, undefined, (url) =>
      overPostgres(url, 'service (default, PostgreSQL)', 'default', DEFAULT_START_TIMEOUT_MS, async (origin) => {
        await serviceFamilies(origin, ' (PostgreSQL)', { search: TARGETS.millionSearch, detail: TARGETS.millionDetail })
      }),
    )
    const rate = Math.round(f.rows / (f.copyMs / 1000))
    progress(`  ${(f.copyMs / 1000).toFixed(1)} s, ${rate} rows/s; checked in ${(f.checkMs / 1000).toFixed(1)} s`)
    if (!f.equal) problems.push('db:copy: the copy differs from the source')
    rows.push(
      figureRow(family, { label: 'took', value: f.copyMs / 1000, unit: 's' }, undefined, {
        note: `${rate.toLocaleString('en')} rows/s (${f.rows.toLocaleString('en')} rows); check ${(f.checkMs / 1000).toFixed(1)} s; cluster start ${f.clusterStartMs.toFixed(0)} ms`,
      }),
    )
  } catch (err) {
    problems.push(`PostgreSQL: ${errorText(err)}`)
    rows.push(errorRow(family, errorText(err)))
  }
}

/**
 * One service instance serving from `databaseUrl` (a fresh DATA_DIR for its image cache) while `measure` runs, then
 * a row of its memory: resident and peak after the load.
 */
async function overPostgres(
  databaseUrl: string,
  name: string,
  size: string,
  timeoutMs: number,
  measure: (origin: string) => Promise<void>,
): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'easel-bench-pg-'))
  try {
    const service = await startService(name, dataDir, size, timeoutMs, {
      DATABASE_URL: databaseUrl,
      TOKEN_SECRET: randomBytes(32).toString('hex'),
    })
    try {
      progress(`${name}: ready after ${(service.readyMs / 1000).toFixed(1)} s`)
      await measure(service.origin)
      memoryRow(`memory of one instance (${name.replace(/^service \((.*)\)$/, '$1')})`, service.pid)
    } finally {
      await stopServer(service)
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

/** A row of a running service's resident memory and its peak so far (from /proc; nothing where there is none). */
function memoryRow(family: string, pid: number): void {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const mb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024
    const rss = mb('VmRSS')
    const peak = mb('VmHWM')
    if (!Number.isFinite(rss) || !Number.isFinite(peak)) return
    progress(`  ${family}: ${rss.toFixed(0)} MB resident, ${peak.toFixed(0)} MB peak`)
    rows.push(
      figureRow(family, { label: 'peak', value: Math.round(peak), unit: 'MB' }, undefined, {
        note: `${Math.round(rss)} MB resident after the load runs`,
      }),
    )
  } catch {
    warnings.push(`${family}: no /proc/${pid}/status to read`)
  }
}

function libraryContext(): LibraryContext {
  return {
    repo,
    cacheDir: libraryCacheDir,
    rows,
    problems,
    warnings,
    progress,
    startService: (name, env, timeoutMs) => startService(name, env.DATA_DIR ?? '', 'default', timeoutMs, env),
    stopServer,
    postgres: postgresOn,
    measureFamily: (family, origin, find, target) => measureFamily(family, origin, find, target),
  }
}

/** The 10,000-work library rows: import (beside cp -r), peak memory, rescan; then renders from real originals. */
async function librarySection(): Promise<void> {
  if (!libraryOn) {
    rows.push(skippedRow('library import (10k)', 'skipped: BENCH_LIBRARY=0'))
    return
  }
  const ctx = libraryContext()
  await importRows(ctx)
  await renderRows(ctx)
}

/** Search and detail on a 100,000-work library, beside the demo's rows of this run. */
async function largeLibrarySection(): Promise<void> {
  if (!libraryOn) return
  if (largeMode === 'skip') {
    rows.push(skippedRow('search (library 100k)', 'skipped: BENCH_LARGE=0'))
    return
  }
  const demoRow = (family: string) => rows.find((r) => r.family === family && r.load)
  await largeLibraryRows(libraryContext(), { search: demoRow('search'), detail: demoRow('detail') })
}

async function largeCatalogue(): Promise<void> {
  if (largeMode === 'skip') {
    rows.push(skippedRow('search (200k)', 'skipped: BENCH_LARGE=0', TARGETS.largeSearch))
    rows.push(skippedRow('scroll run', 'skipped: BENCH_LARGE=0 (it needs a list of 5,000 works)'))
    return
  }
  const catalogueFile = path.join(largeDir, 'catalogue.db')
  // The catalogue is reused between runs, its rendered images are not: the cold thumbnail run must render.
  await rm(path.join(largeDir, 'image-cache'), { recursive: true, force: true })
  if (largeMode === 'regen') await rm(largeDir, { recursive: true, force: true })
  let reused = existsSync(catalogueFile)
  if (!reused && existsSync(largeDir)) {
    // leftovers of an interrupted generation
    for (const name of readdirSync(largeDir))
      if (name.startsWith('catalogue.db.tmp-')) await rm(path.join(largeDir, name), { force: true })
  }
  const name = 'service (200k works)'
  progress(
    reused
      ? `large catalogue: reusing ${path.relative(repo, largeDir)}`
      : `large catalogue: generating into ${path.relative(repo, largeDir)} (first start; can take minutes)`,
  )
  let service: ServerProcess
  try {
    service = await startService(name, largeDir, 'large', LARGE_START_TIMEOUT_MS)
  } catch (err) {
    // only when the service exited (not when it was merely slow) and the catalogue was an old one
    if (!reused || !errorText(err).includes(' exited (')) throw err
    // a catalogue made by an older generator may no longer open: make a new one, once
    progress(`the reused large catalogue did not start (${errorText(err).split('\n')[0]}); regenerating`)
    await rm(largeDir, { recursive: true, force: true })
    reused = false
    service = await startService(name, largeDir, 'large', LARGE_START_TIMEOUT_MS)
  }
  try {
    const startS = service.readyMs / 1000
    progress(`  ready after ${startS.toFixed(1)} s`)
    rows.push(
      figureRow(`first start (200k, ${reused ? 'reused' : 'generated'})`, { label: 'took', value: startS, unit: 's' }),
    )
    const origin = service.origin
    await serviceFamilies(origin, ' (200k)', { search: TARGETS.largeSearch })
    await scrollSection(origin)
  } finally {
    await stopServer(service)
  }
}

/** The 1,000,000-work catalogue: works, novels, users in the default catalogue's proportions. */
const MILLION = { works: 1_000_000, novels: 200_000, users: 30_000 }
const millionDir = path.join(benchDir, '.data-million')
const MILLION_START_TIMEOUT_MS = 90 * 60_000

/**
 * Search (a tag; the same by popularity; with operators) and detail on one service over the million-work catalogue,
 * at CONNECTIONS connections, against the issue's targets (search p99 ≤ 50 ms, detail p99 ≤ 10 ms).
 */
async function millionFamilies(origin: string, suffix: string): Promise<void> {
  const word = inputs.commonTag(origin)
  word.catch(() => undefined)
  const family = async (name: string, find: () => Promise<LoadInputs>, target: LoadTarget) =>
    rows.push(await measureFamily(name + suffix, origin, find, target))
  await family('search', async () => ({ paths: [inputs.searchPath(await word)] }), TARGETS.millionSearch)
  await family(
    'search popular',
    async () => ({ paths: [`${inputs.searchPath(await word)}&sort=popular_desc`] }),
    TARGETS.millionSearch,
  )
  // a tag AND (another OR a third) AND NOT a fourth: the query language's operators on the largest lists
  await family(
    'search operators',
    async () => ({ paths: [inputs.searchPath(`${await word} (女の子 OR 男の子) -漫画`)] }),
    TARGETS.millionSearch,
  )
  await family(
    'detail',
    async () => ({
      paths: (await inputs.illustIds(origin, await word)).map((id) => `/v1/illust/detail?illust_id=${id}`),
    }),
    TARGETS.millionDetail,
  )
}

/** BENCH_MILLION=1: the million-work rows on SQLite, then (the hook below) on PostgreSQL. */
async function millionCatalogue(): Promise<void> {
  if (!millionOn || (onlySome && !onlyMillion)) return
  const reused = existsSync(path.join(millionDir, 'catalogue.db'))
  await rm(path.join(millionDir, 'image-cache'), { recursive: true, force: true })
  progress(
    reused
      ? `million catalogue: reusing ${path.relative(repo, millionDir)}`
      : `million catalogue: generating into ${path.relative(repo, millionDir)} (first start; tens of minutes)`,
  )
  const size = `${MILLION.works},${MILLION.novels},${MILLION.users}`
  try {
    const service = await startService('service (1M works)', millionDir, size, MILLION_START_TIMEOUT_MS)
    try {
      rows.push(
        figureRow(`first start (1M, ${reused ? 'reused' : 'generated'})`, {
          label: 'took',
          value: service.readyMs / 1000,
          unit: 's',
        }),
      )
      await millionFamilies(service.origin, ' (1M, SQLite)')
    } finally {
      await stopServer(service)
    }
  } catch (err) {
    problems.push(`million catalogue: ${errorText(err)}`)
    rows.push(errorRow('search (1M, SQLite)', errorText(err), TARGETS.millionSearch))
  }
  await millionPostgres()
}

/**
 * The million-work catalogue on PostgreSQL: `db:copy` of bench/.data-million/catalogue.db into a throwaway cluster
 * (EASEL_PG_DIR puts it on a disk of your choosing: it holds a few GB), then the same rows served from it.
 */
async function millionPostgres(): Promise<void> {
  const family = 'db:copy (1M) to PostgreSQL'
  if (!postgresOn) {
    rows.push(skippedRow(family, 'skipped: BENCH_POSTGRES=0'))
    return
  }
  const catalogue = path.join(millionDir, 'catalogue.db')
  if (!existsSync(catalogue)) {
    rows.push(skippedRow(family, 'no million-work catalogue to copy (its SQLite start failed)'))
    return
  }
  try {
    const size = `${MILLION.works},${MILLION.novels},${MILLION.users}`
    const f = await measureDbCopy(progress, catalogue, (url) =>
      overPostgres(url, 'service (1M, PostgreSQL)', size, MILLION_START_TIMEOUT_MS, (origin) =>
        millionFamilies(origin, ' (1M, PostgreSQL)'),
      ),
    )
    const rate = Math.round(f.rows / (f.copyMs / 1000))
    if (!f.equal) problems.push('db:copy (1M): the copy differs from the source')
    rows.push(
      figureRow(family, { label: 'took', value: f.copyMs / 1000, unit: 's' }, undefined, {
        note: `${rate.toLocaleString('en')} rows/s (${f.rows.toLocaleString('en')} rows); check ${(f.checkMs / 1000).toFixed(1)} s`,
      }),
    )
  } catch (err) {
    problems.push(`million catalogue on PostgreSQL: ${errorText(err)}`)
    rows.push(errorRow('search (1M, PostgreSQL)', errorText(err), TARGETS.millionSearch))
  }
}

function environment(loadAtStart: number): Record<string, string | number> {
  const cpu = cpus()
  return {
    loadAverageAtStart: Math.round(loadAtStart * 100) / 100,
    node: process.version,
    platform: `${platform()} ${arch()}`,
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    memoryGB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    autocannon: autocannonVersion(),
    catalogueDefault: sizeText(SIZES.default as CatalogueSize),
    catalogueLarge: sizeText(SIZES.large as CatalogueSize),
  }
}

function printReport(report: Report, baseline: Report | undefined): void {
  const e = report.env
  const out = [
    '',
    `Easel benchmark — ${report.date}`,
    `node ${e.node} · ${e.platform} · ${e.cpus} CPUs (${e.cpuModel}) · ${e.memoryGB} GB RAM · load average ${e.loadAverageAtStart} at start · autocannon ${e.autocannon}`,
    `load: ${CONNECTIONS} connections, ${warmupS} s warm-up + ${durationS} s per run, loopback; the service and the hello-world server (GET /hello) are separate processes, runs are sequential`,
    `catalogue: default ${e.catalogueDefault} (fresh DATA_DIR); large ${e.catalogueLarge} (${largeMode === 'skip' ? 'skipped: BENCH_LARGE=0' : path.relative(repo, largeDir)})`,
    baseline ? `baseline: bench/baseline.json (${baseline.date}); Δ = change of req/s, or of the time figure` : '',
    '',
    renderReport(report, baseline),
    '',
    'hello req/s: GET /hello on Hono/@hono/node-server, measured once in this run; ratio = req/s ÷ hello req/s.',
    onlyLibrary
      ? "BENCH_ONLY=library: the demo's search and detail, then the library rows; nothing else measured."
      : 'thumbnail render rows: benchThumbnails(200) in-process (p50 and p95 ms); first start: spawn until /v1/illust/ranking answers 200.',
  ]
  if (onlyFamilies) out.push(`BENCH_ONLY=${onlyFamilies.join(',')}: only these rows on the default catalogue.`)
  if (postgresOn && (!onlySome || onlyPostgres))
    out.push(
      "PostgreSQL rows: the default catalogue copied with db:copy into a throwaway PostgreSQL 15 cluster of the run (memory-backed, fsync off), one service instance over it (DATABASE_URL), its pool and the cluster on this machine; search and detail against the issue's PostgreSQL targets (p99 50 ms and 10 ms).",
    )
  if (lighthouseOn && !onlySome)
    out.push(
      `lighthouse rows: Lighthouse ${lighthouseVersion()} mobile (simulated throttling) in headless Chromium, one run per page on the default catalogue; Δ = change of the performance score; HTML reports in ${path.relative(repo, lighthouseDir)}/`,
    )
  if (libraryOn && (!onlySome || onlyLibrary))
    out.push(
      `library rows: bench/library.ts (see bench/README.md); import and rescan are \`npm run import\` child processes timed wall-clock beside a cp -r of the same archive; renders are single HTTP requests to the service with LIBRARY_DIR (p50 and p95 ms); archives kept in ${path.relative(repo, libraryCacheDir)}/`,
    )
  if (largeMode === 'skip') out.push('large catalogue: skipped (BENCH_LARGE=0)')
  if (lighthouseFindings) out.push('', 'lighthouse: top failing audits of the pages below target', lighthouseFindings)
  if (report.warnings.length > 0) out.push('', 'warnings:', ...report.warnings.map((w) => `  - ${w}`))
  if (report.problems.length > 0) out.push('', 'problems:', ...report.problems.map((p) => `  - ${p}`))
  console.log(out.filter((line, i) => line !== '' || out[i - 1] !== '').join('\n'))
}

/** The committed baseline is formatted as `npm run lint` (prettier) wants it. */
async function formatJson(file: string, text: string): Promise<string> {
  try {
    const prettier = await import('prettier')
    const options = (await prettier.resolveConfig(file)) ?? {}
    return await prettier.format(text, { ...options, filepath: file })
  } catch {
    return text
  }
}

async function main(): Promise<number> {
  const baseline = readBaseline()
  const date = new Date().toISOString()
  const loadAtStart = loadavg()[0] ?? 0
  const busy = loadAtStart > 0.5 * cpus().length
  if (busy)
    warnings.push(
      `the machine was busy before the run (1-minute load average ${loadAtStart.toFixed(2)} on ${cpus().length} CPUs): figures may be low and noisy`,
    )
  try {
    if (!onlySome) {
      await buildGallery()
      await javascriptSection()
    }
    if (onlyMillion || onlyPostgres) await measureHello()
    else await defaultCatalogue()
    if (!onlySome) await thumbnailRenders()
    if (!onlySome || onlyPostgres) await postgresSection()
    if (!onlySome || onlyLibrary) await librarySection()
    if (!onlySome)
      try {
        await largeCatalogue()
      } catch (err) {
        problems.push(`large catalogue: ${errorText(err)}`)
        rows.push(errorRow('search (200k)', errorText(err), TARGETS.largeSearch))
      }
    await millionCatalogue()
    if (!onlySome || onlyLibrary) await largeLibrarySection()
  } catch (err) {
    problems.push(`run: ${errorText(err)}`)
  } finally {
    for (const server of [...started].reverse()) await server.stop().catch(() => undefined)
  }

  const report: Report = {
    date,
    env: environment(loadAtStart),
    settings: { durationS, warmupS, connections: CONNECTIONS },
    hello,
    rows,
    problems,
    warnings,
  }
  printReport(report, baseline)
  await mkdir(path.dirname(resultsFile), { recursive: true })
  await writeFile(resultsFile, JSON.stringify(report, null, 2) + '\n')
  console.log(`\nfigures written to ${path.relative(repo, resultsFile)}`)

  const force = process.env.BENCH_BASELINE === 'write'
  if (problems.length === 0 && (force || !baseline)) {
    if (force || (durationS >= 10 && largeMode !== 'skip' && !busy && !onlySome)) {
      await writeFile(baselineFile, await formatJson(baselineFile, JSON.stringify(report, null, 2) + '\n'))
      console.log(`baseline written to ${path.relative(repo, baselineFile)}`)
    } else {
      console.log(
        'no baseline written: it needs a full run (BENCH_DURATION ≥ 10, large catalogue on) on a quiet machine, or BENCH_BASELINE=write',
      )
    }
  }
  return problems.length === 0 ? 0 : 1
}

process.on('exit', killAllChildren)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    killAllChildren()
    process.exit(130)
  })

process.exitCode = await main()
