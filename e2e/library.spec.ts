/// <reference lib="dom" />
// DOM types for the callbacks that run in the page (evaluate); tsconfig.node.json has none.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from './fixtures.ts'
import { signInAsDemo } from './helpers.ts'
import { writeGalleryDlArchive } from '../src/server/testing/gallery-dl-archive.ts'
import { LIBRARY_FIXTURE as F, writeLibraryFixture } from '../src/server/testing/library-fixture.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../src/server/testing/service-process.ts'

// The gallery on an imported library (issue 15): a service started with LIBRARY_DIR pointed at a gallery-dl archive
// built here (src/server/testing/library-fixture.ts: a 3-page manga, an illustration, an ugoira whose frames have
// their own delays, a work with a cut-off sidecar). Each worker (desktop, phone) has its own archive and service, so
// the rescan test's new works are its own. The SPA is the build the main web server made (playwright.config.ts).

const OWNER = { username: 'owner', password: 'library-e2e' }

interface Library {
  url: string
  /** the archive's folder (LIBRARY_DIR) */
  root: string
}

const it = test.extend<object, { library: Library }>({
  library: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'easel-e2e-library-'))
      const root = path.join(dir, 'gallery-dl')
      await writeLibraryFixture(root)
      let service: ServiceProcess | undefined
      try {
        service = await startServiceProcess({
          dataDir: path.join(dir, 'data'),
          port: await freePort(),
          limitMs: 90_000,
          env: {
            LIBRARY_DIR: root,
            OWNER_USERNAME: OWNER.username,
            OWNER_PASSWORD: OWNER.password,
            STATIC_DIR: path.resolve(process.env.E2E_DIST_DIR ?? 'dist'),
            SEARCH_WORKERS: '0',
          },
        })
        await use({ url: service.url, root })
      } finally {
        await service?.stop()
        rmSync(dir, { recursive: true, force: true })
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ library }, use) => use(library.url),
})

const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 })
const ILLUST_ALT = `${F.illust.title} by Artist 1001` // writeGalleryDlArchive's second work, user 1001

it('a deep link to /artworks/<pixiv id> opens the imported work, its image loaded', async ({ page }) => {
  await page.goto(`/artworks/${F.illust.id}`)
  await expect(heading(page)).toHaveText(F.illust.title)
  const image = page.getByRole('img', { name: ILLUST_ALT, exact: true })
  await expect(image).toBeVisible()
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(F.illust.width)
})

it('a pixiv URL pasted into the search box opens the copy', async ({ page }) => {
  await page.goto('/')
  const box = page.getByRole('searchbox', { name: /search/i })
  await box.fill(`https://www.pixiv.net/en/artworks/${F.manga.id}`)
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/artworks/${F.manga.id}$`))
  await expect(heading(page)).toHaveText(F.manga.title)
  // its three pages, from the archive's files
  const first = page.getByRole('img', { name: `${F.manga.title} by Artist 1000 — page 1`, exact: true })
  await expect(first).toBeVisible()
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  await expect(page.getByRole('img', { name: new RegExp(`^${F.manga.title} by Artist 1000 — page \\d$`) })).toHaveCount(
    F.manga.pages,
  )
})

it('the ugoira plays each frame for its own delay', async ({ page }) => {
  await page.goto(`/artworks/${F.ugoira.id}`)
  await expect(heading(page)).toHaveText(F.ugoira.title)
  const canvas = page.locator('canvas')
  await expect(canvas).toHaveAccessibleName(`${F.ugoira.title} by ${F.ugoira.user.name}`)
  const delays = F.ugoira.frames.map((f) => f.delay)
  const cycle = delays.reduce((a, b) => a + b, 0)
  /** where each frame begins in the cycle (ms) */
  const starts = delays.map((_, i) => delays.slice(0, i).reduce((a, b) => a + b, 0))
  // Which frame the canvas shows (each is one flat colour), sampled every animation frame for two cycles and a bit.
  const samples = await canvas.evaluate(
    async (c: HTMLCanvasElement, { colours, ms }) => {
      const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
      const frameNow = () => {
        probe.drawImage(c, c.width / 2, c.height / 2, 1, 1, 0, 0, 1, 1)
        const [r, g, b] = probe.getImageData(0, 0, 1, 1).data
        const distance = (rgb: number[]) => (rgb[0]! - r!) ** 2 + (rgb[1]! - g!) ** 2 + (rgb[2]! - b!) ** 2
        const d = colours.map(distance)
        return d.indexOf(Math.min(...d))
      }
      const out: { t: number; frame: number }[] = []
      const started = performance.now()
      await new Promise<void>((resolve) => {
        const tick = (now: number) => {
          out.push({ t: now, frame: frameNow() })
          if (now - started < ms) requestAnimationFrame(tick)
          else resolve()
        }
        requestAnimationFrame(tick)
      })
      return out
    },
    { colours: F.ugoira.frames.map((f) => f.rgb), ms: cycle * 2 + 300 },
  )
  // The player keeps time (a frame shows from its start in the cycle until the next's), so a busy machine that skips
  // animation frames loses samples, not timing. The cycle's phase: from the changes of frame seen between two samples
  // close together (the median, against a late one).
  const mod = (x: number) => ((x % cycle) + cycle) % cycle
  const phases: number[] = []
  for (let i = 1; i < samples.length; i++) {
    const [a, b] = [samples[i - 1]!, samples[i]!]
    if (a.frame !== b.frame && b.t - a.t < 40) phases.push(mod(b.t - starts[b.frame]!))
  }
  const seen = JSON.stringify(samples.filter((s, i) => i === 0 || s.frame !== samples[i - 1]!.frame))
  expect(phases.length, `changes of frame seen: ${seen}`).toBeGreaterThanOrEqual(delays.length)
  const offsets = phases.map((p) => mod(p - phases[0]! + cycle / 2) - cycle / 2).sort((x, y) => x - y)
  const phase = phases[0]! + offsets[Math.floor(offsets.length / 2)]!
  const expected = (t: number) => {
    const at = mod(t - phase)
    let frame = 0
    while (frame + 1 < starts.length && starts[frame + 1]! <= at) frame++
    return frame
  }
  // Every frame was shown, each for its own delay: nearly every sample is the frame the delays put at its time (those
  // that are not lie within an animation frame of a change). Equal delays would match 70 % of them, delays of
  // 600, 600 and 1800 ms 90 %.
  expect(new Set(samples.map((s) => s.frame)).size).toBe(delays.length)
  const matching = samples.filter((s) => s.frame === expected(s.t)).length / samples.length
  expect(matching, `changes of frame seen: ${seen}`).toBeGreaterThan(0.95)
})

it.describe('the library page (the owner)', () => {
  it.beforeEach(async ({ page }) => {
    await signInAsDemo(page, OWNER.username, OWNER.password)
  })

  const countOf = (page: import('@playwright/test').Page, label: string) =>
    page
      .getByRole('region', { name: 'Works' })
      .getByRole('term')
      .filter({ hasText: label })
      .locator('xpath=following-sibling::dd[1]')

  it('shows the works per kind and the skipped file with its reason', async ({ page }) => {
    await page.goto('/library')
    await expect(heading(page)).toHaveText('Library')
    await expect(countOf(page, 'Illustrations')).toHaveText(String(F.counts.illust))
    await expect(countOf(page, 'Manga')).toHaveText(String(F.counts.manga))
    await expect(countOf(page, 'Ugoira')).toHaveText(String(F.counts.ugoira))
    const row = page.getByRole('row', { name: new RegExp(F.bad.sidecar.replace(/[.]/g, '\\.')) })
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(/truncated JSON/)
    await expect(page.getByText(/\d+ imported, \d+ updated/)).toContainText('1 skipped')
  })

  it('Rescan imports works added to the archive, showing progress, then the new last scan', async ({
    page,
    library,
  }) => {
    await page.goto('/library')
    const lastScan = page.locator('[data-last-scan] time')
    const before = await lastScan.getAttribute('datetime')
    expect(before).not.toBeNull()
    // a batch of downloads arrives (enough that reading them takes a moment)
    const added = 150
    await writeGalleryDlArchive(library.root, added, 130_000_000)
    const manga = Math.ceil(added / 7) // every 7th work of writeGalleryDlArchive is a manga
    await page.getByRole('button', { name: 'Rescan' }).click()
    const progress = page.getByRole('status').filter({ hasText: /^Scanning since/ })
    await expect(progress).toBeVisible()
    await expect(progress).toContainText(/looking for works|\d+ of \d+ works/)
    await expect(page.getByRole('button', { name: 'Rescan' })).toBeDisabled()
    // ended: the progress gone, a new last scan, the new works counted
    await expect(progress).toHaveCount(0, { timeout: 30_000 })
    await expect(lastScan).not.toHaveAttribute('datetime', before!)
    await expect(countOf(page, 'Illustrations')).toHaveText(String(F.counts.illust + added - manga))
    await expect(countOf(page, 'Manga')).toHaveText(String(F.counts.manga + manga))
    await expect(page.getByRole('button', { name: 'Rescan' })).toBeEnabled()
    // and a new work opens
    await page.goto('/artworks/130000001')
    await expect(heading(page)).toHaveText('work 130000001')
  })
})
