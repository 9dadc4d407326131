// Times square-thumbnail requests through the real routes: n cold renders of distinct works, then the
// same n URLs again (hot in the memory cache). Milliseconds.

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { createFakeCatalogue } from './fake-catalogue.ts'
import { createImageRoutes } from './image-routes.ts'
import { workImagePaths } from './paths.ts'

type Stats = { p50: number; p95: number }

function percentiles(ms: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? 0
  const round = (x: number) => Math.round(x * 100) / 100
  return { p50: round(at(0.5)), p95: round(at(0.95)) }
}

export async function benchThumbnails(n: number): Promise<{ cold: Stats; cached: Stats }> {
  const types = ['illust', 'illust', 'manga', 'ugoira'] as const
  const base = 1_740_000_000
  const works = Array.from({ length: n + 1 }, (_, i) => {
    const type = types[i % types.length] as (typeof types)[number]
    return {
      id: 1000 + i,
      createdTs: base + i * 3671,
      type,
      pageCount: type === 'manga' ? 3 : 1,
      width: 800 + ((i * 137) % 1400),
      height: 800 + ((i * 251) % 1400),
      ext: i % 3 === 0 ? ('png' as const) : ('jpg' as const),
      frameDelays: type === 'ugoira' ? [80, 80, 120, 80] : null,
    }
  })
  const catalogue = createFakeCatalogue({ works })
  const cacheDir = await mkdtemp(join(tmpdir(), 'easel-img-bench-'))
  try {
    const app = new Hono().route('/', createImageRoutes(catalogue, { cacheDir }))
    const fetchOne = async (path: string) => {
      const t0 = performance.now()
      const res = await app.request(path)
      await res.arrayBuffer()
      const dt = performance.now() - t0
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`)
      return dt
    }
    const paths = works.map((w) => workImagePaths(w, 0).squareMedium)
    // one throwaway render so module/library start-up is not billed to the first sample
    await fetchOne(paths[n] as string)
    const cold: number[] = []
    for (let i = 0; i < n; i++) cold.push(await fetchOne(paths[i] as string))
    const cached: number[] = []
    for (let i = 0; i < n; i++) cached.push(await fetchOne(paths[i] as string))
    return { cold: percentiles(cold), cached: percentiles(cached) }
  } finally {
    await rm(cacheDir, { recursive: true, force: true })
  }
}
