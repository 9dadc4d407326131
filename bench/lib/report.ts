// The benchmark's figures: one row per measured family, judged against its target, compared with a baseline,
// printed as one table and saved as JSON.

import { fmtInt, fmtMs, fmtPercent, fmtRatio, renderTable, type Column } from './table.ts'
import type { LoadFigures } from './load.ts'
import type { ScrollFigures } from '../scroll.ts'

/** A throughput/latency target of a load row. */
export interface LoadTarget {
  minReqPerSec?: number
  maxP99Ms: number
}

/** A single measured figure with an upper bound (render times, start-up time, gzipped JavaScript). */
export interface Figure {
  label: string
  value: number
  unit: 'ms' | 's' | 'kB' | 'MB'
  max?: number
}

export interface Row {
  family: string
  /** what was requested (load rows) */
  request?: string
  load?: LoadFigures
  /** p50 of non-load rows (render times) */
  p50Ms?: number
  helloReqPerSec?: number
  ratio?: number
  loadTarget?: LoadTarget
  figure?: Figure
  /** Lighthouse rows (mobile): category scores and the page's metrics */
  lighthouse?: LighthouseScores
  /** the scroll run in Chromium */
  scroll?: ScrollFigures & { maxImages: number }
  skipped?: string
  error?: string
  /** what else the row's figures mean (a rate, the baseline beside it), shown after its target */
  note?: string
  /** true/false when there is a target, null when there is none */
  ok: boolean | null
  /** the figure compared with the baseline */
  key?: { value: number; higherIsBetter: boolean }
}

/** What a Lighthouse row keeps of a run (bench/lighthouse.ts): scores 0…1, the metrics, the targets. */
export interface LighthouseScores {
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  lcpMs: number | null
  cls: number | null
  tbtMs: number | null
  minPerformance: number
  minAccessibility: number
  minBestPractices: number
  /** the LCP target (ms); undefined: not judged */
  maxLcpMs?: number
  /** Chromium's verdict (Page.getInstallabilityErrors); null when not checked */
  installable: boolean | null
}

export interface Report {
  date: string
  env: Record<string, string | number>
  settings: { durationS: number; warmupS: number; connections: number }
  hello?: LoadFigures
  rows: Row[]
  /** errors: the run exits non-zero */
  problems: string[]
  /** worth knowing, not errors (timeouts of an overloaded endpoint, a busy machine) */
  warnings: string[]
}

const cleanLoad = (load: LoadFigures) => load.non2xx === 0 && load.errors === 0 && load.timeouts === 0

export function loadRow(
  family: string,
  request: string,
  load: LoadFigures,
  hello: LoadFigures | undefined,
  target?: LoadTarget,
): Row {
  const meets = target
    ? load.reqPerSec >= (target.minReqPerSec ?? 0) && load.p99Ms <= target.maxP99Ms && cleanLoad(load)
    : cleanLoad(load)
      ? null
      : false
  return {
    family,
    request,
    load,
    helloReqPerSec: hello?.reqPerSec,
    ratio: hello && hello.reqPerSec > 0 ? load.reqPerSec / hello.reqPerSec : undefined,
    loadTarget: target,
    ok: meets,
    key: { value: load.reqPerSec, higherIsBetter: true },
  }
}

export function figureRow(family: string, figure: Figure, p50Ms?: number, extra: { note?: string } = {}): Row {
  return {
    family,
    figure,
    p50Ms,
    ...extra,
    ok: figure.max === undefined ? null : figure.value <= figure.max,
    key: { value: figure.value, higherIsBetter: false },
  }
}

export function lighthouseRow(family: string, request: string, scores: LighthouseScores): Row {
  const { performance, accessibility, bestPractices } = scores
  return {
    family,
    request,
    lighthouse: scores,
    ok:
      performance !== null &&
      accessibility !== null &&
      bestPractices !== null &&
      performance >= scores.minPerformance &&
      accessibility >= scores.minAccessibility &&
      bestPractices >= scores.minBestPractices &&
      (scores.maxLcpMs === undefined || (scores.lcpMs !== null && scores.lcpMs <= scores.maxLcpMs)) &&
      scores.installable === true,
    ...(performance === null ? {} : { key: { value: performance, higherIsBetter: true } }),
  }
}

/** The scroll run: judged by the <img> count it leaves (at most `maxImages`) and by loading all it was asked to. */
export function scrollRow(family: string, scroll: ScrollFigures, target: number, maxImages: number): Row {
  return {
    family,
    request: scroll.listPath,
    scroll: { ...scroll, maxImages },
    ok: scroll.worksLoaded >= target && scroll.after.images <= maxImages,
    key: { value: scroll.after.domNodes, higherIsBetter: false },
  }
}

export const errorRow = (family: string, error: string, loadTarget?: LoadTarget): Row => ({
  family,
  error,
  loadTarget,
  ok: false,
})

export const skippedRow = (family: string, why: string, loadTarget?: LoadTarget): Row => ({
  family,
  skipped: why,
  loadTarget,
  ok: null,
})

function targetText(row: Row): string {
  const text = bareTargetText(row)
  if (!row.note) return text
  return text === '—' ? row.note : `${text}; ${row.note}`
}

function bareTargetText(row: Row): string {
  const t = row.loadTarget
  const load = t ? [t.minReqPerSec ? `≥ ${fmtInt(t.minReqPerSec)}/s` : '', `p99 ≤ ${t.maxP99Ms} ms`] : []
  const text = load.filter(Boolean).join(', ')
  if (row.skipped) return `${row.skipped}${text ? ` (${text})` : ''}`
  const lh = row.lighthouse
  if (lh) {
    const sc = (n: number | null) => (n === null ? '—' : n.toFixed(2))
    const metrics = [
      `LCP ${lh.lcpMs === null ? '—' : (lh.lcpMs / 1000).toFixed(1)} s` +
        (lh.maxLcpMs === undefined ? '' : ` ≤ ${(lh.maxLcpMs / 1000).toFixed(1)} s`),
      `CLS ${lh.cls === null ? '—' : lh.cls.toFixed(3)}`,
      `TBT ${lh.tbtMs === null ? '—' : Math.round(lh.tbtMs)} ms`,
    ].join(', ')
    return (
      `perf ${sc(lh.performance)} ≥ ${lh.minPerformance.toFixed(2)}, a11y ${sc(lh.accessibility)} ≥ ` +
      `${lh.minAccessibility.toFixed(2)}, best pr. ${sc(lh.bestPractices)} ≥ ${lh.minBestPractices.toFixed(2)}, ` +
      `installable ${lh.installable === null ? '—' : lh.installable ? 'yes' : 'no'} (${metrics})`
    )
  }
  const sc = row.scroll
  if (sc)
    return (
      `${fmtInt(sc.worksLoaded)} works: DOM ${fmtInt(sc.before.domNodes)}→${fmtInt(sc.after.domNodes)}, ` +
      `<img> ${sc.before.images}→${sc.after.images} ≤ ${sc.maxImages}, heap ${sc.before.heapMB}→${sc.after.heapMB} MB, ` +
      `long tasks ${sc.longTasks} (max ${sc.longestTaskMs} ms), dropped frames ${sc.droppedFrames}/${sc.frames}`
    )
  const f = row.figure
  if (f) {
    const number =
      f.unit === 's'
        ? f.value.toFixed(1)
        : f.unit === 'kB'
          ? f.value.toFixed(2)
          : f.unit === 'MB'
            ? fmtInt(f.value)
            : fmtMs(f.value)
    const value = `${f.label} ${number} ${f.unit}`
    return f.max === undefined ? `${value} (no target)` : `${value} ≤ ${f.max} ${f.unit}`
  }
  return text || '—'
}

function okText(row: Row): string {
  if (row.error) return '✗ error'
  if (row.load?.non2xx) return '✗ non-2xx'
  if (row.load?.errors) return '✗ errors'
  if (row.load?.timeouts) return '✗ timeouts'
  return row.ok === null ? '—' : row.ok ? '✓' : '✗'
}

function delta(row: Row, baseline: Report | undefined): string {
  const before = baseline?.rows.find((r) => r.family === row.family)?.key?.value
  if (!row.key || before === undefined || before === 0) return '—'
  return fmtPercent(((row.key.value - before) / before) * 100)
}

export function renderReport(report: Report, baseline: Report | undefined): string {
  const columns: Column[] = [
    { header: 'family', align: 'left' },
    { header: 'req/s', align: 'right' },
    { header: 'p50 ms', align: 'right' },
    { header: 'p99 ms', align: 'right' },
    { header: 'hello req/s', align: 'right' },
    { header: 'ratio', align: 'right' },
    { header: 'target', align: 'left' },
    { header: 'ok', align: 'left' },
  ]
  if (baseline) columns.push({ header: 'Δ baseline', align: 'right' })
  const rows = report.rows.map((row) => {
    const cells = [
      row.family,
      fmtInt(row.load?.reqPerSec),
      fmtMs(row.load?.p50Ms ?? row.p50Ms),
      fmtMs(row.load?.p99Ms),
      fmtInt(row.helloReqPerSec),
      fmtRatio(row.ratio),
      targetText(row),
      okText(row),
    ]
    if (baseline) cells.push(delta(row, baseline))
    return cells
  })
  return renderTable(columns, rows)
}
