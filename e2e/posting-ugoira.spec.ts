// Posting an ugoira, end to end against the real service: a member chooses "Ugoira", picks an animated GIF made here
// (three frames of clearly different colours, shown for 100, 400 and 700 ms) with the file picker, watches it upload,
// sees its three frames with their delays, and posts it. The work's page plays it: its canvas shows each colour in
// turn; the service's ugoira metadata answers the GIF's delays. Its author then changes one delay in the edit form,
// and the metadata answers the new one.

import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures.ts'
import { bearer, MEMBER_PASSWORD, signInAsDemo, signUpMember, type StoredSession, unique } from './helpers.ts'

const DELAYS = [100, 400, 700]
const COLOURS = [
  { name: 'red', rgb: { r: 220, g: 30, b: 30 } },
  { name: 'green', rgb: { r: 30, g: 200, b: 60 } },
  { name: 'blue', rgb: { r: 30, g: 60, b: 220 } },
] as const

/** The animated GIF: one frame per colour, each shown for its delay, looping. */
async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    COLOURS.map(({ rgb }) =>
      sharp({ create: { width: 120, height: 90, channels: 3, background: rgb } })
        .png()
        .toBuffer(),
    ),
  )
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: DELAYS, loop: 0 })
    .toBuffer()
}

async function metadataDelays(page: Page, id: number, author: StoredSession): Promise<number[]> {
  const answer = await page.request.get(`/v1/ugoira/metadata?illust_id=${id}`, { headers: bearer(author) })
  expect(answer.status()).toBe(200)
  const { ugoira_metadata } = (await answer.json()) as { ugoira_metadata: { frames: { delay: number }[] } }
  return ugoira_metadata.frames.map((f) => f.delay)
}

/**
 * The colours the player's canvas shows, sampled at its centre on every animation frame until each of the three has
 * been seen (or `timeout` ms have passed): the names seen, in the order first seen.
 */
function coloursSeen(page: Page, timeout: number): Promise<string[]> {
  return page.evaluate(
    ({ colours, timeout }) =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = []
        const started = performance.now()
        const sample = () => {
          const canvas = document.querySelector<HTMLCanvasElement>('figure[data-ugoira="ready"] canvas')
          const ctx = canvas?.getContext('2d')
          if (canvas && ctx) {
            const [r, g, b] = ctx.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data
            // the frames are JPEGs once stored: the nearest colour
            const nearest = colours
              .map((c) => ({ name: c.name, d: (c.rgb.r - r!) ** 2 + (c.rgb.g - g!) ** 2 + (c.rgb.b - b!) ** 2 }))
              .sort((x, y) => x.d - y.d)[0]!
            if (nearest.d < 60 ** 2 && !seen.includes(nearest.name)) seen.push(nearest.name)
          }
          if (seen.length === colours.length || performance.now() - started > timeout) resolve(seen)
          else requestAnimationFrame(sample)
        }
        sample()
      }),
    { colours: COLOURS, timeout },
  )
}

test('a member posts an ugoira from an animated GIF, watches it play, and changes a frame’s delay', async ({
  page,
}, info) => {
  test.slow()
  const project = info.project.name
  const account = unique('pu', project)
  await signUpMember(page.request, account, `Animator ${project}`)
  const author = await signInAsDemo(page, account, MEMBER_PASSWORD)
  const title = `Three frames ${project}`.slice(0, 32)

  await page.goto('/upload')
  await expect(page.getByRole('heading', { level: 1, name: 'Post a work' })).toBeVisible()
  await page.getByText('Ugoira', { exact: true }).click()
  await expect(page.getByRole('radio', { name: 'Ugoira' })).toBeChecked()
  const post = page.getByRole('button', { name: 'Post', exact: true })
  await expect(post).toHaveAccessibleDescription('Add the animation.')

  // ---- the GIF, chosen with the file picker (the phone's too), uploaded as an ugoira's frames ----
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Choose a file' }).click()
  const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/upload')
  await (await chooser).setFiles({ name: 'colours.gif', mimeType: 'image/gif', buffer: await animatedGif() })
  expect((await uploaded).status()).toBe(200)
  await expect(page.getByRole('progressbar', { name: 'Upload of colours.gif' })).toHaveAttribute('aria-valuenow', '100')
  await expect(page.getByText('3 frames · 120×90', { exact: true })).toBeVisible()
  for (const [i, delay] of DELAYS.entries())
    await expect(page.getByRole('spinbutton', { name: `Frame ${i + 1}, ms` })).toHaveValue(String(delay))

  // ---- posted: its page opens and plays it ----
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await expect(post).toBeEnabled()
  await post.click()
  await expect(page).toHaveURL(/\/artworks\/\d+$/)
  const id = Number(new URL(page.url()).pathname.split('/').pop())
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  expect(await metadataDelays(page, id, author)).toEqual(DELAYS)
  await expect(page.locator('figure[data-ugoira="ready"] canvas')).toBeVisible()
  expect((await coloursSeen(page, 15_000)).sort()).toEqual(['blue', 'green', 'red'])
  expect(await page.evaluate(() => localStorage.getItem('easel.posting.draft'))).toBeNull()

  // ---- its author changes the first frame's delay ----
  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/artworks/${id}/edit$`))
  await expect(page.getByRole('radio', { name: 'Ugoira' })).toBeChecked()
  const first = page.getByRole('spinbutton', { name: 'Frame 1, ms' })
  await expect(first).toHaveValue('100')
  await first.fill('250')
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/easel/illust/edit')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  expect((await saved).status()).toBe(200)
  await expect(page).toHaveURL(new RegExp(`/artworks/${id}$`))
  expect(await metadataDelays(page, id, author)).toEqual([250, 400, 700])
  // It plays on with its new delays (the player's metadata asked again, its frames decoded again).
  await expect(page.locator('figure[data-ugoira="ready"] canvas')).toBeVisible()
  expect((await coloursSeen(page, 15_000)).sort()).toEqual(['blue', 'green', 'red'])

  // ---- the form starts from the delays it plays with now ----
  await page.goto(`/artworks/${id}/edit`)
  await expect(page.getByRole('spinbutton', { name: 'Frame 1, ms' })).toHaveValue('250')

  const deleted = await page.request.post('/v1/easel/illust/delete', {
    form: { illust_id: String(id) },
    headers: bearer(author),
  })
  expect(deleted.status()).toBe(200)
})
