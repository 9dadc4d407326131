import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../server.ts'
import { startTestServer } from '../testing/harness.ts'
import { SIGN_IN_LIMITS } from './sign-in-guard.ts'

// The request limits and the sign-in limits are counted by each instance, in its memory (README, "Several
// instances"): a client that used up its share on one instance still has a whole share on another. This holds what
// the README says: each instance limits exactly as one would, and they do not add up.

const BURST = 3

let a: RunningServer
let b: RunningServer
// without request limits, which sign-in requests would reach first
let c: RunningServer
let d: RunningServer

beforeAll(async () => {
  const limited = { rateLimit: { perSecond: 1, burst: BURST } }
  ;[a, b, c, d] = await Promise.all([
    startTestServer(limited),
    startTestServer(limited),
    startTestServer({ rateLimit: null }),
    startTestServer({ rateLimit: null }),
  ])
})
afterAll(async () => {
  await Promise.all([a, b, c, d].map((s) => s?.close()))
})

const statuses = async (server: RunningServer, n: number) =>
  Promise.all(
    Array.from({ length: n }, async () => {
      const res = await fetch(`${server.url}/v1/illust/ranking?mode=day`)
      await res.arrayBuffer()
      return res.status
    }),
  )

const signIn = async (server: RunningServer, password: string) => {
  const body = new URLSearchParams({ grant_type: 'password', username: 'demo', password })
  const res = await fetch(`${server.url}/auth/token`, { method: 'POST', body })
  await res.arrayBuffer()
  return res.status
}

describe('limits with several instances', () => {
  it('each instance gives an anonymous address its own burst, and refuses past it', async () => {
    const onA = await statuses(a, BURST * 2)
    expect(onA.filter((s) => s === 200).length).toBeGreaterThanOrEqual(BURST)
    expect(onA.filter((s) => s === 200).length).toBeLessThanOrEqual(BURST + 1) // one may refill meanwhile
    expect(onA).toContain(429)
    // the same address on the other instance: a whole burst again
    const onB = await statuses(b, BURST * 2)
    expect(onB.filter((s) => s === 200).length).toBeGreaterThanOrEqual(BURST)
    expect(onB).toContain(429)
  })

  it('wrong passwords are counted per instance too', async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.accountAddress; i++) expect(await signIn(c, 'wrong')).toBe(400)
    expect(await signIn(c, 'wrong')).toBe(429)
    expect(await signIn(c, 'demo')).toBe(429) // right or wrong, within the minute
    // D has seen none of them: it checks the password (wrong: 400; right: signed in)
    expect(await signIn(d, 'wrong')).toBe(400)
    expect(await signIn(d, 'demo')).toBe(200)
  })
})
