import { appendFileSync } from 'node:fs'
import path from 'node:path'

// The reliability suite runs twice over: a fast pass inside `npm test`, and the full pass of `npm run
// test:reliability` (scripts/reliability.mjs sets EASEL_RELIABILITY=full), which also collects every count the
// tests report into one summary.

export const FULL = process.env.EASEL_RELIABILITY === 'full'

/** A count for the fast pass or the full one. */
export const scale = (fast: number, full: number) => (FULL ? full : fast)

/** Prints a figure, and hands it to the summary of `npm run test:reliability` when that is running. */
export function report(name: string, value: number, detail = '') {
  console.log(`[reliability] ${name}: ${value}${detail ? ` (${detail})` : ''}`)
  const dir = process.env.EASEL_RELIABILITY_REPORT
  if (dir) appendFileSync(path.join(dir, 'counts.jsonl'), `${JSON.stringify({ name, value, detail })}\n`)
}
