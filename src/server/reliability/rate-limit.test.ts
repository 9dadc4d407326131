import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../server.ts'
import { accessTokenFor, startTestServer } from '../testing/harness.ts'
import { report } from '../testing/reliability.ts'

// Rate limiting on the service side, over real HTTP: a burst beyond the bucket gets 429 with Retry-After and the
// spec's error body; the wait it names is enough; a signed-in caller has a bucket of their own. (The gallery's side,
// a readable message and a retry after the wait, is e2e/reliability/rate-limit.spec.ts.)

const PER_SECOND = 2
const BURST = 5

let server: RunningServer
let token: string
let limited = 0

beforeAll(async () => {
  server = await startTestServer({ rateLimit: { perSecond: PER_SECOND, burst: BURST } })
  // Made by the service rather than fetched from /auth/token, which would take from the anonymous bucket.
  token = await accessTokenFor(server.services, 1)
})
afterAll(async () => {
  report('rate-limited answers (429) checked', limited)
  await server?.close()
})

const get = (path: string, auth?: string) =>
  fetch(`${server.url}${path}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} })

async function burst(n: number, auth?: string) {
  const answers = await Promise.all(Array.from({ length: n }, () => get('/v1/illust/ranking?mode=day', auth)))
  return Promise.all(
    answers.map(async (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: await res.text(),
    })),
  )
}

describe('rate limiting', () => {
  it('answers a burst beyond the bucket with 429, Retry-After and the error body; the named wait is enough', async () => {
    const started = performance.now()
    const answers = await burst(BURST * 4)
    const seconds = (performance.now() - started) / 1000
    const ok = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status === 429)
    expect(ok.length + refused.length).toBe(answers.length)
    // The bucket holds BURST; what it refilled while the burst was being answered (PER_SECOND) may slip in too.
    expect(ok.length).toBeGreaterThanOrEqual(BURST)
    expect(ok.length).toBeLessThanOrEqual(BURST + Math.ceil(seconds * PER_SECOND) + 1)
    for (const a of refused) {
      limited++
      expect(a.retryAfter).toMatch(/^[1-9]\d*$/)
      const { error } = JSON.parse(a.body)
      expect(Object.keys(error).sort()).toEqual(['message', 'reason', 'user_message', 'user_message_details'])
      expect(error.user_message).toMatch(/too many requests/i)
    }
    // Waiting as long as the answer said lets the next request through.
    const wait = Math.max(...refused.map((a) => Number(a.retryAfter)))
    await new Promise((r) => setTimeout(r, wait * 1000))
    expect((await get('/v1/illust/ranking?mode=day')).status).toBe(200)
  })

  it('keeps a signed-in caller in a bucket of their own', async () => {
    const anonymous = await burst(BURST * 3)
    expect(anonymous.some((a) => a.status === 429)).toBe(true)
    limited += anonymous.filter((a) => a.status === 429).length
    expect((await get('/v1/illust/ranking?mode=day', token)).status).toBe(200)
    // …and their own limit.
    const signedIn = await burst(BURST * 3, token)
    expect(signedIn.filter((a) => a.status === 429).length).toBeGreaterThan(0)
    limited += signedIn.filter((a) => a.status === 429).length
  })
})
