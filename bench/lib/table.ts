// Plain-text tables with aligned columns.

export interface Column {
  header: string
  align: 'left' | 'right'
}

const width = (s: string) => [...s].length

export function renderTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((c, i) => Math.max(width(c.header), ...rows.map((r) => width(r[i] ?? ''))))
  const pad = (s: string, i: number) => {
    const fill = ' '.repeat((widths[i] ?? 0) - width(s))
    return columns[i]?.align === 'right' ? fill + s : s + fill
  }
  const line = (cells: readonly string[]) =>
    columns
      .map((_, i) => pad(cells[i] ?? '', i))
      .join(' | ')
      .trimEnd()
  const rule = widths.map((w) => '-'.repeat(w)).join('-+-')
  return [line(columns.map((c) => c.header)), rule, ...rows.map(line)].join('\n')
}

/** 12345.6 → "12,346"; undefined → "—" */
export const fmtInt = (n: number | undefined) => (n === undefined ? '—' : Math.round(n).toLocaleString('en-US'))

/** milliseconds with at most two decimals, trailing zeros dropped */
export const fmtMs = (n: number | undefined) =>
  n === undefined ? '—' : (Math.round(n * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })

export const fmtRatio = (n: number | undefined) =>
  n === undefined ? '—' : `${n >= 0.1 ? n.toFixed(2) : n.toPrecision(2)}×`

export const fmtPercent = (n: number | undefined) =>
  n === undefined ? '—' : `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toFixed(1)}%`
