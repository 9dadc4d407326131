// Lighthouse figures for the gallery: mobile form factor with simulated throttling (Lighthouse's default config),
// categories performance, accessibility and best practices, one run per page in a headless Chromium. Lighthouse 12
// dropped the PWA category and its installability audit, so after each run the same Chromium is asked directly, as
// its install prompt does: CDP `Page.getInstallabilityErrors` (and `Page.getAppManifest` for manifest errors).
//
//   `tsx bench/lighthouse.ts`   starts the service on a fresh DATA_DIR (building dist/ first if it is missing),
//                               visits each page once to warm its thumbnail cache (see warmUp), audits /, /ranking,
//                               /artworks/<a single-page work> and /novels/<a novel>, prints a table and the top
//                               failing audits of every page below target, and writes the HTML reports to
//                               bench/results/lighthouse/.
//
//   CHROME_PATH   the browser (default /usr/bin/chromium)
//
// `runLighthouse` is also used by `npm run bench` (bench/run.ts, unless BENCH_LIGHTHOUSE=0).

import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { getJson } from './lib/inputs.ts'
import { BENCH_CATALOGUE_NOW, killAllChildren, startServerProcess, type ServerProcess } from './lib/proc.ts'
import { fmtMs, renderTable, type Column } from './lib/table.ts'
import type { WireIllustPage } from '../src/api/wire.ts'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.config.ts'

const repo = fileURLToPath(new URL('..', import.meta.url))
const reportDir = path.join(repo, 'bench', 'results', 'lighthouse')

/** The issues' targets for the mobile run (best practices: issue 4, with the page installable). */
// Issue 17's targets: Performance ≥ 0.95 and LCP ≤ 2.0 s on every page, in both languages.
export const LIGHTHOUSE_TARGETS = { performance: 0.95, accessibility: 0.95, bestPractices: 0.95, lcpMs: 2000 } as const

export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

/** A failing audit, reduced to what a front-end engineer needs to find the problem. */
export interface AuditFinding {
  category: 'performance' | 'accessibility' | 'best-practices'
  id: string
  title: string
  score: number | null
  displayValue?: string
  /** estimated savings (performance opportunities) */
  savingsMs?: number
  savingsBytes?: number
  /** CSS selectors of the offending elements (accessibility), or URLs of the offending resources */
  targets: string[]
}

export interface LighthouseFigures {
  path: string
  /** category scores 0…1; null when Lighthouse could not score the category */
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  lcpMs: number | null
  cls: number | null
  tbtMs: number | null
  /** Lighthouse's measure of the machine's speed during the run (`environment.benchmarkIndex`): the simulated CPU
   *  times, and so TBT and the Performance score, scale with it */
  benchmarkIndex: number | null
  /** failing audits, worst first */
  failing: AuditFinding[]
  /** the largest contentful paint element's selector */
  lcpElement?: string
  /** audits that errored (Lighthouse 12.2 with a newer Chromium: the TraceElements gatherer fails) */
  erroredAudits: string[]
  /** the Lighthouse run warnings (e.g. a page that did not settle) */
  runWarnings: string[]
  /** the HTML report, when one was written */
  reportFile?: string
  /** Chromium's installability verdict for the page; null when the check could not run */
  installability: Installability | null
}

/** What Chromium says about installing the page (what its install prompt checks). */
export interface Installability {
  /** `Page.getInstallabilityErrors` ids with their arguments, e.g. `manifest-missing-suitable-icon`; empty: installable */
  errors: string[]
  /** `Page.getAppManifest` parse errors and warnings (e.g. an unknown `display`) */
  manifestErrors: string[]
  /** whether a service worker controlled the page within the wait */
  serviceWorker: boolean
}

export const isInstallable = (i: Installability | null) => i !== null && i.errors.length === 0

type Audit = Result['audits'][string]

const numeric = (audit: Audit | undefined) => (typeof audit?.numericValue === 'number' ? audit.numericValue : null)
const score = (lhr: Result, id: string) => {
  const s = lhr.categories[id]?.score
  return typeof s === 'number' ? s : null
}

interface DetailItem {
  url?: unknown
  node?: { selector?: unknown; snippet?: unknown }
  source?: { url?: unknown }
  /** a nested table (details of type "list") */
  items?: DetailItem[]
}

/** Selectors (or URLs) named by an audit's details table, at most `max`. */
function auditTargets(audit: Audit, max = 5): string[] {
  const details = audit.details as { items?: DetailItem[] } | undefined
  const out: string[] = []
  const items = (details?.items ?? []).flatMap((item) => (Array.isArray(item.items) ? item.items : [item]))
  for (const item of items) {
    const target =
      typeof item.node?.selector === 'string'
        ? item.node.selector
        : typeof item.url === 'string'
          ? item.url
          : typeof item.source?.url === 'string'
            ? item.source.url
            : undefined
    if (target && !out.includes(target)) out.push(target)
    if (out.length >= max) break
  }
  return out
}

const IGNORED_MODES = new Set(['notApplicable', 'informative', 'manual', 'error'])

/** Failing audits of each category: performance by estimated savings, the others by weight. */
export function failingAudits(lhr: Result): AuditFinding[] {
  const findings: AuditFinding[] = []
  for (const category of CATEGORIES) {
    const refs = lhr.categories[category]?.auditRefs ?? []
    const found: (AuditFinding & { weight: number })[] = []
    for (const ref of refs) {
      if (ref.group === 'metrics' || ref.group === 'hidden') continue
      const audit = lhr.audits[ref.id]
      if (!audit || IGNORED_MODES.has(audit.scoreDisplayMode)) continue
      const details = audit.details as { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined
      // metricSavings also holds CLS, which is not in ms: take the time metrics only
      const m = audit.metricSavings ?? {}
      const metricMs = [m.LCP, m.FCP, m.TBT, m.INP].filter((v): v is number => typeof v === 'number')
      const savingsMs = details?.overallSavingsMs ?? (metricMs.length ? Math.max(...metricMs) : undefined)
      const failed = audit.score !== null && audit.score < (category === 'performance' ? 0.9 : 1)
      if (!failed) continue
      found.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        savingsMs: savingsMs || undefined,
        savingsBytes: details?.overallSavingsBytes || undefined,
        targets: auditTargets(audit),
        weight: ref.weight,
      })
    }
    found.sort((a, b) =>
      category === 'performance'
        ? (b.savingsMs ?? 0) - (a.savingsMs ?? 0) || (a.score ?? 1) - (b.score ?? 1)
        : b.weight - a.weight || (a.score ?? 1) - (b.score ?? 1),
    )
    findings.push(...found.map(({ weight: _weight, ...finding }) => finding))
  }
  return findings
}

export function figuresOf(pagePath: string, lhr: Result): LighthouseFigures {
  return {
    path: pagePath,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: numeric(lhr.audits['largest-contentful-paint']),
    cls: numeric(lhr.audits['cumulative-layout-shift']),
    tbtMs: numeric(lhr.audits['total-blocking-time']),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    failing: failingAudits(lhr),
    lcpElement: lhr.audits['largest-contentful-paint-element']
      ? auditTargets(lhr.audits['largest-contentful-paint-element'], 1)[0]
      : undefined,
    erroredAudits: Object.values(lhr.audits)
      .filter((a) => a.scoreDisplayMode === 'error')
      .map((a) => a.id),
    runWarnings: lhr.runWarnings.map(String),
    installability: null,
  }
}

export function meetsTargets(f: LighthouseFigures): boolean {
  return (
    f.performance !== null &&
    f.accessibility !== null &&
    f.performance >= LIGHTHOUSE_TARGETS.performance &&
    f.accessibility >= LIGHTHOUSE_TARGETS.accessibility &&
    f.bestPractices !== null &&
    f.bestPractices >= LIGHTHOUSE_TARGETS.bestPractices &&
    f.lcpMs !== null &&
    f.lcpMs <= LIGHTHOUSE_TARGETS.lcpMs &&
    isInstallable(f.installability)
  )
}

/** How long to wait for the app's service worker: it registers once the page is idle, then claims the page. */
const SW_WAIT_MS = 20_000

/**
 * Opens `url` in a new tab of the Chromium listening on `port` (a normal profile: incognito is never installable),
 * waits for the service worker, and asks Chromium whether the page can be installed.
 */
export async function checkInstallability(port: number, url: string): Promise<Installability> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext())
    const page = await context.newPage()
    try {
      await page.goto(url, { waitUntil: 'load' })
      const serviceWorker = await page
        .waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: SW_WAIT_MS })
        .then(
          () => true,
          () => false,
        )
      const cdp = await context.newCDPSession(page)
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      const { errors } = await cdp.send('Page.getAppManifest')
      return {
        errors: installabilityErrors.map((e) =>
          [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '),
        ),
        manifestErrors: errors.map((e) => `${e.critical ? 'error' : 'warning'}: ${e.message}`),
        serviceWorker,
      }
    } finally {
      await page.close()
    }
  } finally {
    // Disconnects; chrome-launcher owns the process.
    await browser.close()
  }
}

const slug = (pagePath: string) => pagePath.replace(/^\/+|\/+$/g, '').replace(/[^\w.-]+/g, '_') || 'home'

export interface LighthouseOptions {
  chromePath?: string
  /** where to write one HTML report per page (none when undefined) */
  reportDir?: string
  onProgress?: (message: string) => void
  /** The browser's language, which the gallery follows (default: Chromium's own, English) */
  lang?: 'en' | 'ja'
}

/** Chromium's flags for a browser that asks for `lang` first (navigator.languages and Accept-Language). */
const langFlags = (lang: string | undefined) => (lang ? [`--lang=${lang}`, `--accept-lang=${lang}`] : [])

/**
 * Opens each page once as the audited phone would (Lighthouse's mobile screen: 412 × 823 at 1.75 device pixels), so
 * the service has rendered and cached the thumbnails that phone asks for. Otherwise a fresh service encodes them
 * during the audit, on the same two cores as the browser, and Lighthouse counts that as the page's main-thread time
 * (it scales what it observes by four). A gallery's service runs with its thumbnails cached; a phone never shares
 * its CPU with it.
 */
async function warmUp(baseUrl: string, paths: string[], chromePath: string, lang?: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_FLAGS })
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
      ...(lang ? { locale: lang } : {}),
    })
    const page = await context.newPage()
    for (const pagePath of paths) {
      await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'load' })
      await page.waitForLoadState('networkidle')
    }
  } finally {
    await browser.close()
  }
}

/**
 * Audits each path of `baseUrl` in turn (one Chromium for all of them, each run in a fresh tab, after one warm-up
 * visit of every page: see warmUp): mobile, simulated throttling, categories performance, accessibility, best
 * practices; then checks the page's installability (`installability`, null when that check failed: the reason is in
 * `runWarnings`). Throws if Chromium does not start; a page whose run fails throws too.
 */
export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  options: LighthouseOptions = {},
): Promise<LighthouseFigures[]> {
  options.onProgress?.('lighthouse: warming the service up (one visit of each page)')
  await warmUp(baseUrl, paths, options.chromePath ?? CHROMIUM_PATH, options.lang)
  const chrome = await chromeLauncher.launch({
    chromePath: options.chromePath ?? CHROMIUM_PATH,
    chromeFlags: [...CHROME_FLAGS, ...langFlags(options.lang)],
    logLevel: 'silent',
  })
  try {
    const results: LighthouseFigures[] = []
    for (const pagePath of paths) {
      const url = new URL(pagePath, baseUrl).href
      options.onProgress?.(`lighthouse: ${pagePath}`)
      const flags: Flags = {
        port: chrome.port,
        logLevel: 'error',
        output: options.reportDir ? 'html' : 'json',
        onlyCategories: [...CATEGORIES],
      }
      // A trace without its navigation start (NO_NAVSTART) is Lighthouse's own failure to record, seen now and then
      // with this Chromium on a busy machine: that page is audited once more, and any other failure stops the run.
      let run = await lighthouse(url, flags)
      if (run?.lhr.runtimeError?.code === 'NO_NAVSTART') {
        options.onProgress?.(`lighthouse: ${pagePath}: NO_NAVSTART, auditing it again`)
        run = await lighthouse(url, flags)
      }
      if (!run) throw new Error(`lighthouse ${pagePath}: no result`)
      const { lhr } = run
      if (lhr.runtimeError)
        throw new Error(`lighthouse ${pagePath}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
      const figures = figuresOf(pagePath, lhr)
      try {
        figures.installability = await checkInstallability(chrome.port, url)
      } catch (err) {
        figures.runWarnings.push(`installability check failed: ${err instanceof Error ? err.message : String(err)}`)
      }
      if (options.reportDir) {
        await mkdir(options.reportDir, { recursive: true })
        const file = path.join(options.reportDir, `${slug(pagePath)}.html`)
        await writeFile(file, Array.isArray(run.report) ? (run.report[0] ?? '') : run.report)
        figures.reportFile = file
      }
      results.push(figures)
    }
    return results
  } finally {
    chrome.kill()
  }
}

// ---- output ----

const fmtScore = (s: number | null) => (s === null ? '—' : s.toFixed(2))
const judged = (s: number | null, min: number) => `${fmtScore(s)} ${s !== null && s >= min ? '✓' : '✗'}`
const fmtSeconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`)

export function renderLighthouseTable(results: readonly LighthouseFigures[]): string {
  const columns: Column[] = [
    { header: 'path', align: 'left' },
    { header: `perf (≥ ${LIGHTHOUSE_TARGETS.performance.toFixed(2)})`, align: 'right' },
    { header: `a11y (≥ ${LIGHTHOUSE_TARGETS.accessibility.toFixed(2)})`, align: 'right' },
    { header: `best pr. (≥ ${LIGHTHOUSE_TARGETS.bestPractices.toFixed(2)})`, align: 'right' },
    { header: 'installable', align: 'right' },
    { header: `LCP (≤ ${(LIGHTHOUSE_TARGETS.lcpMs / 1000).toFixed(1)} s)`, align: 'right' },
    { header: 'CLS', align: 'right' },
    { header: 'TBT', align: 'right' },
    { header: 'host index', align: 'right' },
  ]
  return renderTable(
    columns,
    results.map((r) => [
      r.path,
      judged(r.performance, LIGHTHOUSE_TARGETS.performance),
      judged(r.accessibility, LIGHTHOUSE_TARGETS.accessibility),
      judged(r.bestPractices, LIGHTHOUSE_TARGETS.bestPractices),
      r.installability === null ? '—' : isInstallable(r.installability) ? 'yes ✓' : 'no ✗',
      `${fmtSeconds(r.lcpMs)} ${r.lcpMs !== null && r.lcpMs <= LIGHTHOUSE_TARGETS.lcpMs ? '✓' : '✗'}`,
      r.cls === null ? '—' : r.cls.toFixed(3),
      r.tbtMs === null ? '—' : `${fmtMs(Math.round(r.tbtMs))} ms`,
      r.benchmarkIndex === null ? '—' : fmtMs(Math.round(r.benchmarkIndex)),
    ]),
  )
}

function findingText(f: AuditFinding): string {
  const figures = [
    f.displayValue,
    f.savingsMs ? `saves ~${Math.round(f.savingsMs)} ms` : '',
    f.savingsBytes && !f.displayValue ? `~${Math.round(f.savingsBytes / 1024)} KiB` : '',
  ].filter(Boolean)
  const head = `[${f.id}] ${f.title}${figures.length ? ` — ${figures.join(', ')}` : ''} (score ${fmtScore(f.score)})`
  return [head, ...f.targets.map((t) => `      ${t}`)].join('\n')
}

/**
 * The top failing audits of the pages below target: performance opportunities, accessibility and best-practices
 * failures, and why Chromium would not install the page.
 */
export function renderFindings(results: readonly LighthouseFigures[], top = 6): string {
  const out: string[] = []
  for (const r of results) {
    const perfLow = r.performance === null || r.performance < LIGHTHOUSE_TARGETS.performance
    const a11yLow = r.accessibility === null || r.accessibility < LIGHTHOUSE_TARGETS.accessibility
    const bpLow = r.bestPractices === null || r.bestPractices < LIGHTHOUSE_TARGETS.bestPractices
    const notInstallable = !isInstallable(r.installability)
    if (!perfLow && !a11yLow && !bpLow && !notInstallable) continue
    out.push(`${r.path}:`)
    if (perfLow) {
      const perf = r.failing.filter((f) => f.category === 'performance').slice(0, top)
      out.push(`  performance ${fmtScore(r.performance)} < ${LIGHTHOUSE_TARGETS.performance}:`)
      if (r.lcpElement) out.push(`    LCP element (${fmtSeconds(r.lcpMs)}): ${r.lcpElement}`)
      out.push(...(perf.length ? perf.map((f) => `    ${findingText(f)}`) : ['    (no failing audit named)']))
    }
    if (a11yLow) {
      const a11y = r.failing.filter((f) => f.category === 'accessibility').slice(0, top)
      out.push(`  accessibility ${fmtScore(r.accessibility)} < ${LIGHTHOUSE_TARGETS.accessibility}:`)
      out.push(...(a11y.length ? a11y.map((f) => `    ${findingText(f)}`) : ['    (no failing audit named)']))
    }
    if (bpLow) {
      const bp = r.failing.filter((f) => f.category === 'best-practices').slice(0, top)
      out.push(`  best practices ${fmtScore(r.bestPractices)} < ${LIGHTHOUSE_TARGETS.bestPractices}:`)
      out.push(...(bp.length ? bp.map((f) => `    ${findingText(f)}`) : ['    (no failing audit named)']))
    }
    if (notInstallable) out.push(`  ${installabilityText(r.installability)}`)
    for (const w of r.runWarnings) out.push(`  warning: ${w}`)
  }
  return out.join('\n')
}

function installabilityText(i: Installability | null): string {
  if (!i) return 'installability: not checked (see the warning)'
  const parts = [
    isInstallable(i) ? 'installable' : `not installable: ${i.errors.join('; ')}`,
    i.serviceWorker ? 'service worker controls the page' : `no service worker within ${SW_WAIT_MS / 1000} s`,
    ...i.manifestErrors.map((e) => `manifest ${e}`),
  ]
  return `installability: ${parts.join(', ')}`
}

/** One line per page: Chromium's installability verdict (for bench/run.ts, beside the findings). */
export function installabilityNote(results: readonly LighthouseFigures[]): string[] {
  return results.map((r) => `${r.path}: ${installabilityText(r.installability)}`)
}

/** A line naming the audits that errored on every page (not scored; the scores leave them out). */
export function erroredNote(results: readonly LighthouseFigures[]): string[] {
  const ids = [...new Set(results.flatMap((r) => r.erroredAudits))]
  return ids.length ? ['', `audits that errored (not scored): ${ids.join(', ')}`] : []
}

// ---- helpers shared with bench/run.ts ----

/** Runs `npx vite build` unless dist/index.html exists. */
export async function ensureDist(progress: (message: string) => void = () => undefined): Promise<void> {
  const index = path.join(repo, 'dist', 'index.html')
  if (existsSync(index)) {
    progress(`dist/ built ${statSync(index).mtime.toISOString()} (not rebuilt)`)
    return
  }
  progress('dist/index.html is missing: npx vite build')
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', ['vite', 'build'], { cwd: repo, stdio: ['ignore', 'inherit', 'inherit'] })
    child.once('error', reject)
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`npx vite build failed (${signal ?? `exit code ${code}`})`)),
    )
  })
}

/** The gallery pages to audit: home, ranking, a visible single-page illustration and a novel of the ranking. */
export async function galleryPaths(origin: string): Promise<string[]> {
  const ranking = await getJson<WireIllustPage>(origin, '/v1/illust/ranking')
  const single =
    ranking.illusts.find((w) => w.page_count === 1 && w.visible !== false && w.type === 'illust') ??
    ranking.illusts.find((w) => w.page_count === 1 && w.visible !== false)
  if (!single) throw new Error('GET /v1/illust/ranking: no single-page work')
  const novels = await getJson<{ novels: { id: number; visible: boolean }[] }>(origin, '/v1/novel/ranking')
  const novel = novels.novels.find((n) => n.visible !== false)
  if (!novel) throw new Error('GET /v1/novel/ranking: no visible novel')
  return ['/', '/ranking', `/artworks/${single.id}`, `/novels/${novel.id}`]
}

// ---- CLI ----

async function main(): Promise<number> {
  const progress = (message: string) => process.stderr.write(`[lighthouse] ${message}\n`)
  await ensureDist(progress)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'easel-lighthouse-'))
  let service: ServerProcess | undefined
  try {
    progress(`starting the service (DATA_DIR ${dataDir})`)
    service = await startServerProcess({
      name: 'service',
      script: 'src/server/main.ts',
      cwd: repo,
      env: { DATA_DIR: dataDir, RATE_LIMIT: '0', LOG_LEVEL: 'error', CATALOGUE_NOW: BENCH_CATALOGUE_NOW },
      readyPath: '/v1/illust/ranking',
      timeoutMs: 120_000,
      onWait: (s) => progress(`still starting after ${s} s`),
    })
    progress(`ready after ${(service.readyMs / 1000).toFixed(1)} s at ${service.origin}`)
    const paths = await galleryPaths(service.origin)
    const lang = process.argv.find((a) => a.startsWith('--lang='))?.slice('--lang='.length)
    if (lang !== undefined && lang !== 'en' && lang !== 'ja') throw new Error(`--lang must be en or ja, not ${lang}`)
    const results = await runLighthouse(service.origin, paths, { reportDir, onProgress: progress, lang })
    const findings = renderFindings(results)
    console.log(
      [
        '',
        `Lighthouse 12 — mobile (simulated throttling), ${lang ?? 'en'}, ${new Date().toISOString()}`,
        `targets: Performance ≥ ${LIGHTHOUSE_TARGETS.performance.toFixed(2)}, Accessibility ≥ ${LIGHTHOUSE_TARGETS.accessibility.toFixed(2)}, Best practices ≥ ${LIGHTHOUSE_TARGETS.bestPractices.toFixed(2)}, installable (Chromium's Page.getInstallabilityErrors)`,
        '',
        renderLighthouseTable(results),
        '',
        ...installabilityNote(results),
        '',
        findings ? `top failing audits of the pages below target:\n${findings}` : 'all pages meet the targets',
        ...erroredNote(results),
        '',
        `HTML reports: ${path.relative(repo, reportDir)}/`,
      ].join('\n'),
    )
    return 0
  } finally {
    await service?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.on('exit', killAllChildren)
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      killAllChildren()
      process.exit(130)
    })
  try {
    process.exitCode = await main()
  } catch (err) {
    console.error(`[lighthouse] ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
    process.exitCode = 1
  }
}
