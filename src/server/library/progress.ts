// The import command's progress: on a terminal one line redrawn in place, a bar with the counts, the rate and the time
// left; in a log (not a TTY) the same figures as plain lines, one every few seconds and one at the end.

/** The bar's width in characters. */
const BAR = 24

/** `done` of `total` items after `elapsedS` seconds, with or without the bar. */
export function progressLine(done: number, total: number, elapsedS: number, bar: boolean): string {
  const rate = done / Math.max(elapsedS, 0.001)
  const left = Math.round((total - done) / Math.max(rate, 0.001))
  const figures = `${done}/${total} items, ${rate.toFixed(0)}/s, ETA ${left} s`
  if (!bar) return figures
  const filled = total > 0 ? Math.round((done / total) * BAR) : 0
  const percent = total > 0 ? Math.floor((done / total) * 100) : 0
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR - filled)}] ${String(percent).padStart(3)}% ${figures}`
}
