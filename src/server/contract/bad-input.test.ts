import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessTokenFor, openTestApp, type TestApp } from '../testing/harness.ts'
import { TokenSigner } from '../auth/tokens.ts'
import { ENDPOINTS, PAGED, type Endpoint } from '../testing/endpoints.ts'

// Bad input, table-driven over every endpoint: each gets a 4xx with the error body; none gets a 5xx.

const BAD_IDS = [
  '',
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  '99999999999999999999',
  '1 OR 1=1',
  "1'; DROP TABLE works; --",
  '../../etc/passwd',
  '%00',
  '0x10',
  ' 1',
  '１',
]
const BAD_ENUM = ['nope', "' OR '1'='1", '../x', 'DATE_DESC']
const BAD_DATES = ['2025-13-01', '2025-02-30', 'yesterday', '2025/01/01', '20250101', "2025-01-01' OR 1=1"]

interface Case {
  name: string
  endpoint: Endpoint
  params: Record<string, string>
  token?: 'valid' | 'expired' | 'forged' | 'none' | 'garbage'
  expect?: number
  /** extra query string, sent in the URL even for a POST */
  urlQuery?: string
}

function cases(): Case[] {
  const out: Case[] = []
  for (const e of ENDPOINTS) {
    const token = e.auth ? 'valid' : undefined
    for (const id of e.ids) {
      const { [id]: _drop, ...without } = e.params
      void _drop
      out.push({ name: `${e.path} without ${id}`, endpoint: e, params: without, token })
      for (const bad of BAD_IDS)
        out.push({
          name: `${e.path} ${id}=${JSON.stringify(bad)}`,
          endpoint: e,
          params: { ...e.params, [id]: bad },
          token,
        })
      out.push({
        name: `${e.path} ${id} that does not exist`,
        endpoint: e,
        params: { ...e.params, [id]: '987654321' },
        token,
        expect: 404,
      })
    }
    if (PAGED.has(e.path))
      for (const bad of ['5001', '-30', 'x', '1.5', '99999999999999999999'])
        out.push({ name: `${e.path} offset=${bad}`, endpoint: e, params: { ...e.params, offset: bad }, token })
    for (const [k] of Object.entries(e.enums ?? {}))
      for (const bad of BAD_ENUM)
        out.push({ name: `${e.path} ${k}=${bad}`, endpoint: e, params: { ...e.params, [k]: bad }, token })
    for (const k of e.dates ?? [])
      for (const bad of BAD_DATES)
        out.push({ name: `${e.path} ${k}=${bad}`, endpoint: e, params: { ...e.params, [k]: bad }, token })
    if (e.params.word !== undefined) {
      out.push({ name: `${e.path} empty word`, endpoint: e, params: { ...e.params, word: '   ' }, token })
      out.push({
        name: `${e.path} word of 300 chars`,
        endpoint: e,
        params: { ...e.params, word: 'a'.repeat(300) },
        token,
      })
    }
    out.push({
      name: `${e.path} oversized query`,
      endpoint: e,
      params: e.params,
      urlQuery: `junk=${'x'.repeat(3000)}`,
      token,
      expect: 414,
    })
    for (const t of ['expired', 'forged', 'garbage'] as const)
      out.push({ name: `${e.path} with a ${t} token`, endpoint: e, params: e.params, token: t })
    if (e.auth) out.push({ name: `${e.path} without a token`, endpoint: e, params: e.params, token: 'none' })
  }
  return out
}

let app: TestApp
const tokens: Record<string, string | undefined> = {}
beforeAll(async () => {
  app = openTestApp()
  tokens.valid = await app.login('demo')
  tokens.expired = await accessTokenFor(app.services, 1, Math.floor(Date.now() / 1000) - 7200)
  tokens.forged = new TokenSigner(Buffer.alloc(32, 7)).issueAccess(1, 1, Math.floor(Date.now() / 1000))
  tokens.garbage = "x'; DROP TABLE users; --"
})
afterAll(() => app.close())

async function send(c: Case) {
  const qs = new URLSearchParams(c.params).toString()
  const headers: Record<string, string> = {}
  const token = c.token && c.token !== 'none' ? tokens[c.token] : undefined
  if (token) headers.authorization = `Bearer ${token}`
  const extra = c.urlQuery ? `&${c.urlQuery}` : ''
  if (c.endpoint.method === 'GET') return app.fetch(`${c.endpoint.path}?${qs}${extra}`, { headers })
  headers['content-type'] = 'application/x-www-form-urlencoded'
  return app.fetch(`${c.endpoint.path}?${extra.slice(1)}`, { method: 'POST', headers, body: qs })
}

async function expectErrorBody(res: Response, name: string) {
  const text = await res.text()
  expect(res.status, `${name}: ${text}`).toBeGreaterThanOrEqual(400)
  expect(res.status, `${name}: ${text}`).toBeLessThan(500)
  const body = JSON.parse(text)
  expect(Object.keys(body.error).sort(), name).toEqual(['message', 'reason', 'user_message', 'user_message_details'])
  expect(text, name).not.toMatch(/\bat .+\.ts:\d+|node_modules|SqliteError/)
  return body
}

describe('bad input', () => {
  const all = cases()
  it(`${all.length} bad requests across ${ENDPOINTS.length} endpoints each get a 4xx with the error body`, async () => {
    expect(all.length).toBeGreaterThan(500)
    for (const c of all) {
      const res = await send(c)
      await expectErrorBody(res, c.name)
      if (c.expect) expect(res.status, c.name).toBe(c.expect)
      if (c.token === 'expired' || c.token === 'forged' || c.token === 'garbage') expect(res.status, c.name).toBe(400)
    }
  })

  it('bad tokens say invalid_grant, a missing one invalid_request', async () => {
    const forged = await app.fetch('/v1/illust/detail?illust_id=1', {
      headers: { authorization: `Bearer ${tokens.forged}` },
    })
    expect(((await forged.json()) as any).error.message).toMatch(/invalid_grant/)
    const expired = await app.fetch('/v1/illust/detail?illust_id=1', {
      headers: { authorization: `Bearer ${tokens.expired}` },
    })
    expect(((await expired.json()) as any).error.message).toMatch(/invalid_grant/)
    const missing = await app.fetch('/v1/mute/list')
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as any).error.message).toMatch(/invalid_request/)
  })

  it('offset above 5000 is refused with the real message', async () => {
    const res = await app.fetch('/v1/search/illust?word=cat&offset=5030')
    expect(res.status).toBe(400)
    expect(((await res.json()) as any).error.message).toBe('{"offset":["offset must be no more than 5000"]}')
  })

  it('unknown paths and methods answer 404 with the error body', async () => {
    for (const [method, path] of [
      ['GET', '/v1/nope'],
      ['GET', '/v2/illust/nope'],
      ['DELETE', '/v1/illust/detail?illust_id=1'],
      ['PUT', '/v2/illust/bookmark/add'],
      ['PATCH', '/v1/user/detail'],
      ['GET', '/v2/illust/bookmark/add'],
      ['POST', '/v1/illust/detail'],
      ['GET', '/auth/token'],
    ] as const) {
      const res = await app.fetch(path, { method })
      const body = await expectErrorBody(res, `${method} ${path}`)
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(body.error.user_message).toBe("Specified end-point doesn't exist")
    }
  })

  it('bodies that are not forms, or too large, get a 4xx and change nothing', async () => {
    const before = fixtures()
    for (const [type, body] of <[string, string][]>[
      ['application/json', '{"illust_id": 1}'],
      ['application/x-www-form-urlencoded', 'illust_id=%E0%A4%A'],
      ['application/x-www-form-urlencoded', `illust_id=1&tags[]=${'t'.repeat(70_000)}`],
      ['text/plain', 'illust_id=1'],
    ]) {
      const res = await app.fetch('/v2/illust/bookmark/add', {
        method: 'POST',
        headers: { 'content-type': type, authorization: `Bearer ${tokens.valid}` },
        body,
      })
      await expectErrorBody(res, `${type} ${body.slice(0, 30)}`)
    }
    expect(fixtures()).toEqual(before)
  })

  it('a bookmark add with bad tags writes nothing', async () => {
    const before = fixtures()
    const res = await app.post(
      '/v2/illust/bookmark/add',
      [['illust_id', '3'], ...Array.from({ length: 11 }, (_, i) => ['tags[]', `t${i}`] as [string, string])],
      tokens.valid,
    )
    await expectErrorBody(res, 'eleven tags')
    expect(fixtures()).toEqual(before)
  })

  it('text with a NUL character is refused with the error body, and nothing is stored', async () => {
    const total = async () =>
      (
        await app.get<{ total_comments: number }>(
          '/v1/illust/comments?illust_id=3&include_total_comments=true',
          tokens.valid,
        )
      ).total_comments
    const bookmarked = async () =>
      (
        await app.get<{ bookmark_detail: { is_bookmarked: boolean } }>(
          '/v2/illust/bookmark/detail?illust_id=3',
          tokens.valid,
        )
      ).bookmark_detail.is_bookmarked
    const [comments, wasBookmarked] = [await total(), await bookmarked()]
    await expectErrorBody(
      await app.post('/v1/illust/comment/add', { illust_id: '3', comment: 'a\0b' }, tokens.valid),
      'comment',
    )
    await expectErrorBody(
      await app.post(
        '/v2/illust/bookmark/add',
        [
          ['illust_id', '3'],
          ['tags[]', 'x\0'],
        ],
        tokens.valid,
      ),
      'bookmark tag',
    )
    await expectErrorBody(await app.fetch(`/v1/search/illust?word=${encodeURIComponent('猫\0')}`), 'search word')
    // The token endpoint refuses in its own (OAuth) shape.
    const signIn = await app.post('/auth/token', { grant_type: 'password', username: 'demo\0', password: 'demo' })
    expect(signIn.status).toBe(400)
    expect(((await signIn.json()) as { has_error: boolean }).has_error).toBe(true)
    expect(await total()).toBe(comments)
    expect(await bookmarked()).toBe(wasBookmarked)
  })

  it('the token endpoint answers its own error shape for bad grants', async () => {
    for (const fields of <Record<string, string>[]>[
      { grant_type: 'password', username: 'demo', password: 'wrong' },
      { grant_type: 'password', username: "' OR 1=1 --", password: 'demo' },
      { grant_type: 'password' },
      { grant_type: 'refresh_token', refresh_token: 'nope' },
      { grant_type: 'authorization_code', code: 'x' },
      {},
    ]) {
      const res = await app.post('/auth/token', fields)
      expect(res.status, JSON.stringify(fields)).toBe(400)
      const body = (await res.json()) as any
      expect(body.has_error).toBe(true)
      expect(['invalid_grant', 'invalid_request']).toContain(body.error)
      expect(typeof body.errors.system.message).toBe('string')
    }
  })

  function fixtures() {
    return app.services.store.bookmarkOf('illust', 1, 1) ?? null
  }
})
