/// <reference lib="dom" />
// DOM types for the callbacks that run in the page (evaluate); tsconfig.node.json has none.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { expect, test } from './fixtures.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../src/server/testing/service-process.ts'
import { writeGalleryDlNovel, writePixivUtil2Novel } from '../src/server/testing/novel-archives.ts'

// The gallery's novel reader on an imported library: a service of its own (LIBRARY_DIR pointed at archives this spec
// writes in gallery-dl's and PixivUtil2's formats, src/server/testing/novel-archives.ts), on a free port of its own,
// serving the SPA the e2e web server built. The reader must show the text, a chapter heading, ruby, the cover and an
// embedded image, all from the archive's files.

const USER = { id: 880001, name: '物書き', account: 'writer_a' }
const TEXT =
  '[chapter:第一章 はじまり]\n吾輩は[[rb:猫 > ねこ]]である。名前はまだ無い。\n[uploadedimage:55501]\nどこで生れたかとんと見当がつかぬ。'

let dir: string
let service: ServiceProcess

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-e2e-novels-'))
  const lib = path.join(dir, 'library')
  const solid = (w: number, h: number, background: string) =>
    sharp({ create: { width: w, height: h, channels: 3, background } })
      .png()
      .toBuffer()
  writeGalleryDlNovel(
    lib,
    { id: 9001, title: '吾輩は猫である', createDate: '2024-03-01T10:00:00+09:00', user: USER, text: TEXT },
    {
      cover: { data: await solid(300, 420, '#cc0000'), ext: 'png' },
      images: [{ imageId: 55501, data: await solid(400, 200, '#00aa00'), ext: 'png' }],
    },
  )
  writePixivUtil2Novel(lib, {
    id: 9101,
    title: 'PixivUtil2 の小説',
    createDate: '2023-01-01T00:00:00+00:00',
    user: { id: 880002, name: 'PU2 Author', account: 'unused' },
    text: '[chapter:序章]\n[[rb:漢字 > かんじ]]の本文。',
  })
  service = await startServiceProcess({
    dataDir: path.join(dir, 'data'),
    // a free port: each project's worker runs this spec at the same time
    port: await freePort(),
    env: {
      LIBRARY_DIR: lib,
      OWNER_PASSWORD: 'pw',
      // the SPA the e2e web server built (playwright.config.ts)
      STATIC_DIR: path.resolve(process.env.E2E_DIST_DIR ?? 'dist'),
    },
  })
})

test.afterAll(async () => {
  await service?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

test('an imported gallery-dl novel reads with its chapter, ruby, cover and embedded image', async ({ page }) => {
  await page.goto(`${service.url}/novels/9001`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('吾輩は猫である')
  const reader = page.locator('[data-reader]')
  await expect(reader.getByRole('heading', { level: 2 })).toHaveText('第一章 はじまり')
  await expect(reader.locator('ruby', { hasText: '猫' }).locator('rt')).toHaveText('ねこ')
  await expect(reader).toContainText('どこで生れたかとんと見当がつかぬ。')
  await expect(reader).not.toContainText('[[rb:')

  // the embedded image and the cover, loaded from the archive's files
  const image = reader.locator('figure[data-embed="image"] img')
  await image.scrollIntoViewIfNeeded()
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  const cover = page.locator('article header img').first()
  await expect.poll(() => cover.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  expect(await cover.getAttribute('src')).toContain('/novel-cover-master/')
  // rendered from the real cover (red), not drawn: read its pixels back through the page
  const red = await cover.evaluate((el) => {
    const img = el as HTMLImageElement
    const canvas = document.createElement('canvas')
    canvas.width = img.naturalWidth
    canvas.height = img.naturalHeight
    const ctx = canvas.getContext('2d')!
    ctx.drawImage(img, 0, 0)
    const [r, g, b] = ctx.getImageData(Math.floor(img.naturalWidth / 2), Math.floor(img.naturalHeight / 2), 1, 1).data
    return { r, g, b }
  })
  expect(red.r).toBeGreaterThan(180)
  expect(red.g).toBeLessThan(60)
})

test('an imported PixivUtil2 novel page reads with its chapter and ruby', async ({ page }) => {
  await page.goto(`${service.url}/novels/9101`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PixivUtil2 の小説')
  const reader = page.locator('[data-reader]')
  await expect(reader.getByRole('heading', { level: 2 })).toHaveText('序章')
  await expect(reader.locator('ruby', { hasText: '漢字' }).locator('rt')).toHaveText('かんじ')
})
