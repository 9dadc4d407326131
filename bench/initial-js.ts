// The initial JavaScript budget: the gzipped size of every script that opening `/` fetches. It reads the built
// index.html (the entry and its modulepreloads) and Vite's manifest (`build.manifest`), and follows the static imports
// of the entry and of the modules the `/` route loads lazily at once. Deterministic, so CI can gate on it:
//
//   npx vite build && npx tsx bench/initial-js.ts [distDir]   # exits 1 over the budget

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import { firstViewOf, keepFirstView } from '../src/api/first-views.ts'
import { PRELOAD_TABLE_ID, preloadsFor, type PreloadTable } from '../src/app/first-view/preload-table.ts'

/** Bytes (kB = 1000 B), gzip level 9: the figure most size tools report. */
// Issue 17's target, with the message layer and the English shown on `/` (it was 135 kB while `/` was above it: 133.8 kB
// when the gallery began to speak two languages).
export const INITIAL_JS_BUDGET = 125_000

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
type Manifest = Record<string, ManifestChunk>

interface Sizes {
  gzip: number
  gzip6: number
  brotli: number
  raw: number
}

export interface InitialJs {
  files: ({ file: string } & Sizes)[]
  total: number
  total6: number
  /** Brotli (quality 11): what the service sends browsers, from the build's precompressed twins. */
  totalBrotli: number
  /**
   * The code written into `/`'s page itself (its inline scripts: the theme and language, the app's preloads, the works'
   * first view, src/app/first-view/), gzipped on its own. It comes with the page, not fetched as a script: not in
   * `total` and its budget, and shown beside them.
   */
  inline: Sizes
  /** The same for a novel's page, whose first view holds the reader's parser (src/api/first-views.ts). */
  novelInline: Sizes
}

function sizesOf(bytes: Buffer): Sizes {
  return {
    gzip: gzipSync(bytes, { level: 9 }).length,
    gzip6: gzipSync(bytes, { level: 6 }).length,
    brotli: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length,
    raw: bytes.length,
  }
}

export async function measureInitialJs(distDir: string): Promise<InitialJs> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8')
  const files = new Set<string>()
  // What index.html names: the entry and its modulepreloads (the static imports Vite hoists into links)…
  for (const [, src] of html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.js)"/g)) files.add(src!)
  // …and what the first view preloads for `/` from the table (vite.config.ts, routePreloads): the code `/` loads at once.
  for (const file of routePreloadsOf(html, '/')) files.add(file)
  const rows = await Promise.all(
    [...files].map(async (file) => ({ file, ...sizesOf(await readFile(join(distDir, file))) })),
  )
  rows.sort((a, b) => b.gzip - a.gzip)
  return {
    files: rows,
    total: rows.reduce((sum, r) => sum + r.gzip, 0),
    total6: rows.reduce((sum, r) => sum + r.gzip6, 0),
    totalBrotli: rows.reduce((sum, r) => sum + r.brotli, 0),
    inline: inlineSizes(html, '/'),
    novelInline: inlineSizes(html, '/novels/1'),
  }
}

/** The inline scripts of the page the service sends for `pathname` (its first view's only), and the table of preloads
 *  they read, together. */
function inlineSizes(html: string, pathname: string): Sizes {
  const page = keepFirstView(html, firstViewOf(pathname))
  const code = [
    ...page.matchAll(
      new RegExp(
        `<script(?: [\\w-]+="\\w+"| type="application/json" id="${PRELOAD_TABLE_ID}")?>([\\s\\S]*?)</script>`,
        'g',
      ),
    ),
  ].map((m) => m[1]!)
  return sizesOf(Buffer.from(code.join('\n'), 'utf8'))
}

/** Every JavaScript file of the build, gzipped (level 9), named after its source module where the manifest says. */
/** The files the first view preloads when the page opens at `pathname` (no query), in English. */
export function routePreloadsOf(html: string, pathname: string): string[] {
  const data = new RegExp(`<script type="application/json" id="${PRELOAD_TABLE_ID}">(.*?)</script>`).exec(html)
  if (!data) throw new Error('index.html has no table of preloads (vite.config.ts, routePreloads)')
  const table = JSON.parse(data[1]!) as PreloadTable
  if (!table.routes.some(([pattern, query]) => query === null && new RegExp(pattern).test(pathname)))
    throw new Error(`index.html's table of preloads has no entry for ${pathname}`)
  return preloadsFor(table, pathname, '', 'en').map((file) => file.replace(/^\//, ''))
}

export async function measureChunks(distDir: string): Promise<{ file: string; name: string; gzip: number }[]> {
  const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest
  const chunks = Object.entries(manifest).filter(([, chunk]) => chunk.file.endsWith('.js'))
  const rows = await Promise.all(
    chunks.map(async ([key, chunk]) => ({
      file: chunk.file,
      name: chunk.src ?? key.replace(/^_/, ''),
      gzip: gzipSync(await readFile(join(distDir, chunk.file)), { level: 9 }).length,
    })),
  )
  return rows.sort((a, b) => b.gzip - a.gzip)
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`

async function main() {
  const distDir = process.argv[2] ?? 'dist'
  const { files, total, total6, totalBrotli, inline, novelInline } = await measureInitialJs(distDir)
  const width = Math.max(...files.map((f) => f.file.length), 'total'.length)
  const row = (name: string, ...sizes: number[]) =>
    console.log(`${name.padEnd(width)}  ${sizes.map((n) => kb(n).padStart(10)).join('  ')}`)
  console.log(
    `${'file'.padEnd(width)}  ${['raw', 'gzip -9', 'gzip -6', 'brotli'].map((h) => h.padStart(10)).join('  ')}`,
  )
  for (const f of files) row(f.file, f.raw, f.gzip, f.gzip6, f.brotli)
  row(
    'total',
    files.reduce((sum, f) => sum + f.raw, 0),
    total,
    total6,
    totalBrotli,
  )
  const over = total > INITIAL_JS_BUDGET
  console.log(`budget ${kb(INITIAL_JS_BUDGET)} (gzip -9): ${over ? 'OVER' : 'within'}`)
  row('inline in the page of / (not fetched: not in the total)', inline.raw, inline.gzip, inline.gzip6, inline.brotli)
  const { raw, gzip, gzip6, brotli } = novelInline
  row("inline in a novel's page (its first view holds the reader's parser)", raw, gzip, gzip6, brotli)
  if (over) process.exitCode = 1
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
