// The posting rows of `npm run bench` (issue 18): a 20-page manga of 2 MB JPEG pages uploaded to the service (four
// pages at a time, as the gallery sends them) and posted, timed to "posted", with the service's CPU time per page
// read from /proc; beside it the same bodies sent to a hello-world route of the same stack in the same run (the
// transfer alone). Then the derived images of each page (the 540×540 square and the 1200 master), each asked once
// cold (rendered) and once warm (from the cache).

import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { figureRow, type Row } from './lib/report.ts'
import { startServerProcess } from './lib/proc.ts'

const PAGES = 20
const AT_ONCE = 4

/** The process's user + system CPU time, in ms (Linux: /proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** Runs `fn` over 0…n-1, `width` at a time. */
async function pool(n: number, width: number, fn: (i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await fn(next++)
    }),
  )
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** 2 MB pages: 1800×2500 (an A4 manga page at 300 dpi, a little less) of grain, as JPEG. */
async function makePages(): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: PAGES }, (_, i) =>
      sharp({
        create: {
          width: 1800,
          height: 2500,
          channels: 3,
          background: '#000',
          noise: { type: 'gaussian', mean: 100 + i, sigma: 20 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  )
}

const form = (page: Buffer, i: number) => {
  const f = new FormData()
  f.append('file', new Blob([new Uint8Array(page)], { type: 'image/jpeg' }), `page${i}.jpg`)
  return f
}

export async function postingRows(
  service: { origin: string; pid: number },
  repo: string,
  progress: (m: string) => void,
): Promise<Row[]> {
  const pages = await makePages()
  const mb = pages.reduce((s, p) => s + p.length, 0) / PAGES / 1024 / 1024
  const res = await fetch(`${service.origin}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' }),
  })
  const token = ((await res.json()) as { access_token: string }).access_token
  const auth = { authorization: `Bearer ${token}` }

  // the baseline: the same bodies to hello-world's upload route
  const hello = await startServerProcess({
    name: 'hello server (posting)',
    script: 'bench/hello-server.ts',
    cwd: repo,
    env: {},
    readyPath: '/hello',
    timeoutMs: 30_000,
  })
  let helloMs: number
  try {
    const t0 = performance.now()
    await pool(PAGES, AT_ONCE, async (i) => {
      const r = await fetch(`${hello.origin}/upload`, { method: 'POST', body: form(pages[i]!, i) })
      if (r.status !== 200) throw new Error(`hello upload: ${r.status}`)
      await r.arrayBuffer()
    })
    helloMs = performance.now() - t0
  } finally {
    await hello.stop()
  }

  progress(`posting: ${PAGES} pages of ${mb.toFixed(2)} MB, ${AT_ONCE} at a time`)
  const cpu0 = cpuMs(service.pid)
  const t0 = performance.now()
  const ids: number[] = []
  await pool(PAGES, AT_ONCE, async (i) => {
    const r = await fetch(`${service.origin}/v1/easel/upload`, {
      method: 'POST',
      body: form(pages[i]!, i),
      headers: auth,
    })
    if (r.status !== 200) throw new Error(`upload: ${r.status} ${await r.text()}`)
    ids[i] = ((await r.json()) as { upload: { id: number } }).upload.id
  })
  const posted = await fetch(`${service.origin}/v1/easel/illust/add`, {
    method: 'POST',
    headers: auth,
    body: new URLSearchParams([
      ['title', 'Bench manga'],
      ['type', 'manga'],
      ...ids.map((id) => ['upload_ids[]', String(id)]),
    ]),
  })
  if (posted.status !== 200) throw new Error(`post: ${posted.status} ${await posted.text()}`)
  const postMs = performance.now() - t0
  const cpuPerPage = (cpuMs(service.pid) - cpu0) / PAGES
  const { illust } = (await posted.json()) as {
    illust: { meta_pages: { image_urls: { square_medium: string; large: string } }[] }
  }

  // derived images: each page's square thumbnail and 1200 master, cold then warm
  const time = async (url: string) => {
    const t = performance.now()
    const r = await fetch(url)
    await r.arrayBuffer()
    if (r.status !== 200) throw new Error(`${url}: ${r.status}`)
    return performance.now() - t
  }
  const cold: number[] = []
  const warm: number[] = []
  for (const p of illust.meta_pages) {
    cold.push((await time(p.image_urls.square_medium)) + (await time(p.image_urls.large)))
    warm.push((await time(p.image_urls.square_medium)) + (await time(p.image_urls.large)))
  }
  return [
    figureRow(
      `post a ${PAGES}-page manga (${mb.toFixed(1)} MB pages)`,
      { label: 'to posted', value: postMs / 1000, unit: 's' },
      undefined,
      {
        note: `${Math.round(cpuPerPage)} ms service CPU per page; the same bodies to hello-world: ${(helloMs / 1000).toFixed(2)} s`,
      },
    ),
    figureRow(
      'derived images of a posted page (cold)',
      { label: 'p50', value: median(cold), unit: 'ms' },
      median(cold),
      {
        note: `square 540 + master 1200, rendered; warm (cached): p50 ${median(warm).toFixed(1)} ms`,
      },
    ),
  ]
}
