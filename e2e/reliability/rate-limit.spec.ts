import type { Request } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { report } from '../../src/server/testing/reliability.ts'
import { LIMITED } from './servers.ts'

// Rate limiting as a viewer meets it: a real browser against a real service started with a low limit
// (RATE_LIMIT=1, RATE_BURST=4). Anonymous callers are limited per address, so a burst from another client on the
// same address (this test, hammering another endpoint) leaves the gallery's requests answered 429. The gallery
// retries quietly first, then says in words that it is rate limited and counts down to its own retry, and, once the
// burst is over, loads the list by itself, never sooner than each answer's Retry-After asked.

const RANKING = '/v1/illust/ranking'

test('a burst gets 429 with Retry-After; the gallery says so and loads the list after the wait', async ({ page }) => {
  // The other client: back-to-back requests on a few connections, for as long as the burst lasts, so each token the
  // bucket regains is gone again within a millisecond or two.
  let bursting = true
  const burstStatuses: number[] = []
  const burst = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (bursting) {
        const res = await fetch(`${LIMITED.url}/v1/trending-tags/illust`)
        await res.arrayBuffer()
        burstStatuses.push(res.status)
      }
    }),
  )
  await expect.poll(() => burstStatuses.includes(429), { message: 'the burst has emptied the bucket' }).toBe(true)

  // Every finished request for the ranking, with the browser's own timings (epoch ms): when it started, when its
  // answer had arrived.
  const answers: { url: string; status: number; start: number; end: number; retryAfter?: string; body?: any }[] = []
  // Reading an answer's body is asynchronous: the listener's work is kept, and awaited before the answers are read
  // and before the test ends (a body read after the end fails with "Test ended").
  const reading: Promise<void>[] = []
  const record = async (r: Request) => {
    if (new URL(r.url()).pathname !== RANKING) return
    const response = (await r.response())!
    const t = r.timing()
    answers.push({
      url: r.url(),
      status: response.status(),
      start: t.startTime,
      end: t.startTime + t.responseEnd,
      retryAfter: response.headers()['retry-after'],
      body: response.status() === 429 ? await response.json() : undefined,
    })
  }
  const onFinished = (r: Request) => void reading.push(record(r))
  page.on('requestfinished', onFinished)
  const settled = async () => {
    for (let n = 0; n < reading.length; n = reading.length) await Promise.all(reading.slice(n))
  }

  await page.goto('/ranking')
  const notice = page.getByRole('alert').filter({ hasText: /too many requests/i })
  await expect(notice).toBeVisible({ timeout: 30_000 })
  await expect(notice).toContainText(/retrying in \d+ s/i)

  // The notice's own retry, after its countdown, meets the burst too, and the notice stays.
  const refusals = async () => (await settled(), answers.filter((a) => a.status === 429).length)
  const shown = await refusals()
  await expect.poll(refusals, { message: 'the gallery retried after the countdown' }).toBeGreaterThan(shown)
  await expect(notice).toBeVisible()

  // What the service sent the browser: 429, a Retry-After in whole seconds, the spec's error body.
  await settled()
  const refused = answers.filter((a) => a.status === 429)
  expect(refused.length).toBeGreaterThanOrEqual(4)
  for (const a of refused) {
    expect(a.retryAfter).toMatch(/^[1-9]\d*$/)
    expect(Object.keys(a.body.error).sort()).toEqual(['message', 'reason', 'user_message', 'user_message_details'])
  }

  // The burst ends; nobody touches the page. The list loads and the notice goes.
  bursting = false
  await burst
  await expect(page.locator('a[href^="/artworks/"]').first()).toBeVisible({ timeout: 30_000 })
  await expect(notice).toHaveCount(0)
  page.off('requestfinished', onFinished)
  await settled()
  const first = answers.filter((a) => a.url === answers[0]!.url)
  expect(first.at(-1)!.status, 'the first page was loaded in the end').toBe(200)

  // No retry came before the wait its refusal asked for.
  for (const a of refused) {
    const next = answers.find((b) => b.url === a.url && b.start >= a.end)
    if (next)
      expect(next.start - a.end, `time from a 429 to the next request for ${a.url}`).toBeGreaterThanOrEqual(
        Number(a.retryAfter) * 1000 - 50,
      )
  }
  report(
    'rate limiting: 429 answers the gallery met and recovered from',
    refused.length,
    `burst got ${burstStatuses.filter((s) => s === 429).length} more`,
  )
})
