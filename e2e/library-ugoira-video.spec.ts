// An imported ugoira kept as a video (gallery-dl's ugoira post-processor: `{id}_p0.webm`) plays in the gallery as the
// video it is: a looping, muted, inline <video> whose time advances. The spec starts its own service on a library
// built here (a real VP8 WebM, src/server/library/fixtures/README.md), beside the demo the config starts.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { request } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../src/server/testing/service-process.ts'
import { requestSession, SESSION_STORAGE_KEY } from './helpers.ts'

let dir: string
let service: ServiceProcess

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-e2e-ugoira-video-'))
  const folder = path.join(dir, 'library', 'pixiv', '88 animator')
  mkdirSync(folder, { recursive: true })
  const file = path.join(folder, '601_p0.webm')
  writeFileSync(file, readFileSync(path.resolve('src/server/library/fixtures/ugoira-64x48.webm')))
  writeFileSync(
    `${file}.json`,
    JSON.stringify({
      category: 'pixiv',
      id: 601,
      type: 'ugoira',
      title: 'A converted ugoira',
      user: { id: 88, name: 'Animator', account: 'animator' },
      tags: ['うごイラ'],
      create_date: '2025-04-02T10:20:30+09:00',
      width: 640,
      height: 480,
      num: 0,
      extension: 'webm',
      frames: [
        { file: '000000.jpg', delay: 100 },
        { file: '000001.jpg', delay: 100 },
      ],
    }),
  )
  service = await startServiceProcess({
    dataDir: path.join(dir, 'data'),
    // a free port: each project's worker runs this spec at the same time
    port: await freePort(),
    env: {
      LIBRARY_DIR: path.join(dir, 'library'),
      OWNER_PASSWORD: 'pw',
      // the gallery the config's web server built
      STATIC_DIR: path.resolve(process.env.E2E_DIST_DIR ?? 'dist'),
    },
  })
})

test.afterAll(async () => {
  await service?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

test('an ugoira kept as a webm plays as a looping, muted, inline video', async ({ page }) => {
  const api = await request.newContext({ baseURL: service.url })
  const session = await requestSession(api, 'owner', 'pw')
  await api.dispose()
  await page.goto(`${service.url}/robots.txt`)
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: SESSION_STORAGE_KEY,
    value: JSON.stringify(session),
  })

  await page.goto(`${service.url}/artworks/601`)
  const video = page.locator('figure[data-ugoira="video"] video')
  await expect(video).toBeVisible()
  expect(
    await video.evaluate((v: HTMLVideoElement) => ({ loop: v.loop, muted: v.muted, inline: v.playsInline })),
  ).toEqual({ loop: true, muted: true, inline: true })
  await expect(video).toHaveAttribute('src', /\/img-original\/img\/.*\/601_ugoira\.webm$/)
  // it plays: its time advances
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3)

  // Pause stops it
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true')
  const stopped = await video.evaluate((v: HTMLVideoElement) => v.paused)
  expect(stopped).toBe(true)
})
