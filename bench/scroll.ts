// The scroll run: Chromium opens one list of the gallery and scrolls it until `target` works are loaded (5,000 by
// default), then reports what the page holds and what scrolling cost: DOM nodes, <img> elements, long tasks (over
// 50 ms), dropped frames, and the JS heap before and after (after a forced garbage collection each time).
//
// Used by bench/run.ts; on its own: npx tsx bench/scroll.ts <origin> <list path> [target]

import { chromium, type Page } from '@playwright/test'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.config.ts'

export interface ScrollFigures {
  listPath: string
  worksLoaded: number
  pagesLoaded: number
  scrollSeconds: number
  before: PageState
  after: PageState
  longTasks: number
  longestTaskMs: number
  frames: number
  droppedFrames: number
}

export interface PageState {
  domNodes: number
  images: number
  heapMB: number
}

/** How long the list may take to load its next page before the run gives up. */
const PAGE_TIMEOUT_MS = 30_000

// Installed before the page's own scripts: long tasks and the frame clock, counted while `window.__scrollBench.on`.
// A frame is dropped when the gap between two animation frames leaves out one or more 60 Hz frames. A string, not a
// function: tsx's transform would wrap named inner functions in a helper the page does not have.
const INSTRUMENT = `(() => {
  const bench = { on: false, longTasks: 0, longest: 0, frames: 0, dropped: 0, last: 0 }
  window.__scrollBench = bench
  new PerformanceObserver((list) => {
    if (!bench.on) return
    for (const entry of list.getEntries()) {
      bench.longTasks++
      bench.longest = Math.max(bench.longest, entry.duration)
    }
  }).observe({ type: 'longtask' })
  const tick = (now) => {
    if (bench.on) {
      if (bench.last > 0) {
        bench.frames++
        const missed = Math.round((now - bench.last) / (1000 / 60)) - 1
        if (missed > 0) bench.dropped += missed
      }
      bench.last = now
    } else bench.last = 0
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
})()`

async function pageState(page: Page, collectGarbage: () => Promise<void>): Promise<PageState> {
  await collectGarbage()
  const heap = await page.evaluate(
    () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
  )
  const { domNodes, images } = await page.evaluate(() => ({
    domNodes: document.getElementsByTagName('*').length,
    images: document.getElementsByTagName('img').length,
  }))
  return { domNodes, images, heapMB: Math.round((heap / 2 ** 20) * 10) / 10 }
}

export async function runScroll(
  origin: string,
  listPath: string,
  { target = 5_000, apiPath = '/v1/', onProgress = (_: string) => {} } = {},
): Promise<ScrollFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    // precise memory info: usedJSHeapSize is otherwise bucketed
    args: [...CHROMIUM_FLAGS, '--enable-precise-memory-info'],
  })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })
    const page = await context.newPage()
    await page.addInitScript({ content: INSTRUMENT })
    const cdp = await context.newCDPSession(page)
    const collectGarbage = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
    }

    let works = 0
    let pages = 0
    page.on('response', (response) => {
      const url = new URL(response.url())
      if (!url.pathname.startsWith(apiPath) || response.request().method() !== 'GET' || response.status() !== 200)
        return
      void response
        .json()
        .then((body: { illusts?: unknown[]; novels?: unknown[] }) => {
          const items = body.illusts ?? body.novels
          if (!Array.isArray(items)) return
          works += items.length
          pages++
        })
        .catch(() => {})
    })

    await page.goto(origin + listPath, { waitUntil: 'load' })
    await page.waitForFunction(() => document.querySelectorAll('main img').length > 0, null, { timeout: 30_000 })
    const before = await pageState(page, collectGarbage)
    onProgress(`scroll run: ${listPath}, ${works} works loaded, ${before.domNodes} DOM nodes before`)

    await page.evaluate(() => ((window as unknown as { __scrollBench: { on: boolean } }).__scrollBench.on = true))
    const started = performance.now()
    let lastReport = 0
    // Scroll like a reader who holds End: a screen at a time, each step waiting for the next frame, until the list
    // has loaded `target` works or stops growing.
    while (works < target) {
      const loadedBefore = works
      const deadline = Date.now() + PAGE_TIMEOUT_MS
      while (works === loadedBefore && Date.now() < deadline) {
        await page.mouse.wheel(0, 2_000)
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
      }
      if (works === loadedBefore) break // the list ended (or stalled): report what loaded
      if (works - lastReport >= 1_000) {
        lastReport = works
        onProgress(`  ${works} works loaded`)
      }
    }
    const scrollSeconds = (performance.now() - started) / 1000
    const bench = await page.evaluate(() => {
      const b = (window as unknown as { __scrollBench: Record<string, number | boolean> }).__scrollBench
      b.on = false
      return { longTasks: b.longTasks, longest: b.longest, frames: b.frames, dropped: b.dropped } as Record<
        string,
        number
      >
    })
    const after = await pageState(page, collectGarbage)
    return {
      listPath,
      worksLoaded: works,
      pagesLoaded: pages,
      scrollSeconds: Math.round(scrollSeconds * 10) / 10,
      before,
      after,
      longTasks: bench.longTasks ?? 0,
      longestTaskMs: Math.round(bench.longest ?? 0),
      frames: bench.frames ?? 0,
      droppedFrames: bench.dropped ?? 0,
    }
  } finally {
    await browser.close()
  }
}

export function describeScroll(f: ScrollFigures): string {
  return [
    `${f.worksLoaded.toLocaleString('en-US')} works in ${f.pagesLoaded} pages, ${f.scrollSeconds} s of scrolling`,
    `DOM nodes ${f.before.domNodes} → ${f.after.domNodes}, <img> ${f.before.images} → ${f.after.images}`,
    `JS heap ${f.before.heapMB} → ${f.after.heapMB} MB`,
    `long tasks ${f.longTasks} (longest ${f.longestTaskMs} ms), dropped frames ${f.droppedFrames} of ${f.frames}`,
  ].join('; ')
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [origin, listPath, target] = process.argv.slice(2)
  if (!origin || !listPath) {
    console.error('usage: npx tsx bench/scroll.ts <origin> <list path> [target works]')
    process.exit(2)
  }
  const figures = await runScroll(origin, listPath, {
    target: target ? Number(target) : undefined,
    onProgress: (m) => process.stderr.write(`[scroll] ${m}\n`),
  })
  console.log(describeScroll(figures))
}
