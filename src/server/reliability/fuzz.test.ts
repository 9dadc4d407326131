import fc from 'fast-check'
import net from 'node:net'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TokenSigner } from '../auth/tokens.ts'
import { openPgPool } from '../data/postgres/pool.ts'
import type { RunningServer } from '../server.ts'
import { ENDPOINTS, PAGED, TOKEN_ENDPOINTS, type Endpoint } from '../testing/endpoints.ts'
import { accessTokenFor, startTestServer } from '../testing/harness.ts'
import { report, scale } from '../testing/reliability.ts'
import { POSTED_PREFIX } from '../services/posting.ts'
import { openStorage } from '../storage/storage-url.ts'

// Property-based fuzzing of every endpoint over real HTTP: methods, paths, query strings, form and other bodies,
// headers and tokens drawn by fast-check, mostly near-valid so they get past the first check. Whatever arrives, the
// answer is never a 5xx; every 4xx carries the spec's error body (the token endpoint: its OAuth error body); and a
// refused request writes nothing. FUZZ_SEED=<n> replays a run (fast-check prints the seed of a failure).

const RUNS = scale(20, 200)
const RAW_RUNS = scale(40, 400)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined

const ALL = [...ENDPOINTS, ...TOKEN_ENDPOINTS]

/** Valid values beyond the table's (its enums are all tried), so near-valid requests reach deeper code. */
const VALID: Record<string, string[]> = {
  username: ['demo', 'nobody'],
  password: ['demo', 'wrong'],
  word: ['cat', 'オリジナル', 'girl original', '-cat', '"quoted"', '%', '_', 'a*'],
  date: ['2026-10-31', '2026-10-01', '2024-02-29', '2030-01-01', '1970-01-01'],
}
const IDS = ['1', '2', '7', '8', '150', '299', '300', '301', '1999', '2000', '2001', '9999', '10000', '10001']
const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  '9007199254740993',
  'NaN',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "1' OR '1'='1",
  "'; DROP TABLE works; --",
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\uFEFF1',
  '１',
  '<script>alert(1)</script>',
  '${7*7}',
  '\\',
  'a'.repeat(257),
  'x'.repeat(2100),
]
const GLOBAL_KEYS = [
  'filter',
  'offset',
  'user_id',
  'illust_id',
  'novel_id',
  'restrict',
  'tags[]',
  'word',
  'mode',
  'lang',
]

const printable = (maxLength: number) =>
  fc.string({ unit: 'grapheme-ascii', maxLength }).map((s) => s.replace(/[^\x20-\x7e]/g, ''))

function keysOf(e: Endpoint): string[] {
  return [
    ...new Set([
      ...Object.keys(e.params),
      ...e.ids,
      ...Object.keys(e.enums ?? {}),
      ...(e.dates ?? []),
      ...Object.keys(e.more ?? {}),
      ...(PAGED.has(e.path) ? ['offset'] : []),
    ]),
  ]
}

function validValues(e: Endpoint, key: string): string[] {
  const base = key.replace(/\[\d*\]$/, '')
  const out = new Set<string>()
  // Keys are fuzzed too ("constructor", "__proto__"…): look up own properties only.
  for (const source of [e.params, e.enums ?? {}, e.more ?? {}]) if (Object.hasOwn(source, key)) out.add(source[key]!)
  if (Object.hasOwn(VALID, base)) for (const v of VALID[base]!) out.add(v)
  if (e.enumValues && Object.hasOwn(e.enumValues, key)) for (const v of e.enumValues[key]!) out.add(v)
  if (e.ids.includes(key) || /_ids?$/.test(base)) for (const v of IDS) out.add(v)
  if (e.dates?.includes(key)) for (const v of VALID.date!) out.add(v)
  if (key === 'offset' || /^(max|min|last)_/.test(key) || base.startsWith('bookmark_num'))
    for (const v of ['0', '30', '4980', '5000', '5001', '1234567']) out.add(v)
  if (out.size === 0) out.add('x')
  return [...out]
}

const valueFor = (e: Endpoint, key: string) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...validValues(e, key)) },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
  )

/**
 * The parameters of one request: each the endpoint takes either absent or drawn by valueFor (a required one is
 * usually there), in the table's order, then a few extra entries (unknown keys, repeats). The server reads the first
 * of repeated keys, so the drawn value has to be that first one.
 */
function entriesFor(e: Endpoint) {
  const required = new Set(Object.keys(e.params))
  const perKey = keysOf(e).map((k) =>
    fc
      .oneof(
        { weight: required.has(k) ? 1 : 6, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: valueFor(e, k) },
      )
      .map((v) => (v === undefined ? [] : [[k, v] as [string, string]])),
  )
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...GLOBAL_KEYS) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  )
  const extra = fc.array(
    key.chain((k) => valueFor(e, k).map((v) => [k, v] as [string, string])),
    { maxLength: 3 },
  )
  return fc.tuple(fc.tuple(...perKey), extra).map(([known, more]) => [...known.flat(), ...more])
}

const RAW_TAILS = [
  '',
  '&',
  '&&&',
  '&=',
  '&%',
  '&%zz=1',
  '&word=%E0%A4%A',
  '&illust_id=%00',
  ';x=1',
  '&a[=1',
  '&=&=',
  '&%2526=%26',
]

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS']

function pathFor(e: Endpoint) {
  return fc.oneof(
    { weight: 14, arbitrary: fc.constant(e.path) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        `${e.path}/`,
        e.path.toUpperCase(),
        `/${e.path}`,
        `${e.path}/extra`,
        e.path.replace(/^\/v\d/, '/v3'),
        `${e.path}%20`,
        `${e.path};x`,
        `${e.path}%2F..`,
        `${e.path}/.`,
        e.path.replace('/', '/%76'),
      ),
    },
  )
}

interface Tokens {
  valid: string
  other: string
  expired: string
  forged: string
}

function headersFor(e: Endpoint, tokens: Tokens) {
  const authorization = fc.oneof(
    { weight: e.method === 'POST' ? 1 : 4, arbitrary: fc.constant(undefined) },
    { weight: e.method === 'POST' ? 8 : 4, arbitrary: fc.constant(`Bearer ${tokens.valid}`) },
    { weight: 1, arbitrary: fc.constant(`Bearer ${tokens.other}`) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom(`Bearer ${tokens.expired}`, `Bearer ${tokens.forged}`, 'Bearer', 'Bearer '),
        printable(60).map((s) => `Bearer ${s}`),
        printable(60),
      ),
    },
  )
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/x-www-form-urlencoded') },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'application/x-www-form-urlencoded; charset=utf-8',
        'application/json',
        'text/plain',
        'multipart/form-data; boundary=xyz',
        'application/x-www-form-urlencoded; charset=shift_jis',
      ),
    },
    { weight: 1, arbitrary: printable(40) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
  return fc.record(
    {
      authorization,
      'content-type': contentType,
      'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, deflate, br', 'identity;q=0, *;q=0', 'zstd', 'x'),
      'accept-language': fc.constantFrom('ja', 'en-US,en;q=0.9', '*', ';;;'),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not an ip', '::1'),
      extra: fc.tuple(fc.stringMatching(/^x-[a-z0-9-]{1,20}$/), printable(100)),
    },
    { requiredKeys: [] },
  )
}

interface FuzzRequest {
  method: string
  path: string
  query: string
  headers: Record<string, string>
  body?: string | Uint8Array<ArrayBuffer>
}

/** A tiny valid PNG (a 1×1 pixel), the start of files that are near-valid images. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
)
/** A file part's bytes: a valid image, an image with something after it, a cut one, a signature and noise, noise. */
const fileBytes = fc.oneof(
  fc.constant(PNG_1PX),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.concat([PNG_1PX, a])),
  fc.nat({ max: PNG_1PX.length - 1 }).map((n) => PNG_1PX.subarray(0, n)),
  fc
    .tuple(
      fc.constantFrom('\xff\xd8\xff', 'GIF89a', 'RIFF\0\0\0\0WEBP', '<svg', 'PK\x03\x04'),
      fc.uint8Array({ maxLength: 200 }),
    )
    .map(([head, rest]) => Buffer.concat([Buffer.from(head, 'latin1'), rest])),
  fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
)
const filePart = fc.record({
  bytes: fileBytes,
  name: fc.constantFrom('page.png', 'page.jpg', 'page', '../../etc/passwd', 'a"b.png', 'ページ.png', ''),
  type: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'image/svg+xml', 'text/html', ''),
})

/** A multipart body of text fields and file parts (names escaped as browsers do: quotes and line breaks). */
function multipartBody(
  fields: [string, string][],
  files: { key: string; bytes: Buffer; name: string; type: string }[],
): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = `----fuzz${Math.random().toString(36).slice(2)}`
  const esc = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  const chunks: Buffer[] = []
  for (const [k, v] of fields)
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${esc(k)}"\r\n\r\n${v}\r\n`))
  for (const f of files)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${esc(f.key)}"; filename="${esc(f.name)}"\r\n` +
          (f.type ? `Content-Type: ${f.type}\r\n` : '') +
          '\r\n',
      ),
      f.bytes,
      Buffer.from('\r\n'),
    )
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: new Uint8Array(Buffer.concat(chunks)), type: `multipart/form-data; boundary=${boundary}` }
}

function requestFor(e: Endpoint, tokens: Tokens): fc.Arbitrary<FuzzRequest> {
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant(e.method) },
    { weight: 2, arbitrary: fc.constantFrom(...METHODS) },
    {
      weight: 1,
      arbitrary: fc.stringMatching(/^[A-Z]{1,10}$/).filter((m) => !['CONNECT', 'TRACE', 'TRACK'].includes(m)),
    },
  )
  return fc
    .record({
      method,
      path: pathFor(e),
      entries: entriesFor(e),
      queryEntries: entriesFor(e),
      rawQuery: fc.boolean(),
      tail: fc.constantFrom(...RAW_TAILS),
      headers: headersFor(e, tokens),
      file: filePart,
      bodyKind: fc.oneof(
        { weight: e.files ? 2 : 8, arbitrary: fc.constant('form' as const) },
        { weight: e.files ? 8 : 1, arbitrary: fc.constant('multipart' as const) },
        { weight: 1, arbitrary: fc.constantFrom('json' as const, 'empty' as const, 'huge' as const) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
      ),
    })
    .map((r) => {
      const hasBody = r.method !== 'GET' && r.method !== 'HEAD'
      // A GET endpoint's parameters go in the query string; a POST's in the body, plus whatever rides in the URL.
      const queryEntries = e.method === 'GET' || !hasBody ? r.entries : r.queryEntries.slice(0, 2)
      const query =
        (r.rawQuery
          ? queryEntries
              .map(([k, v]) => `${encodeURIComponent(k)}=${v.replace(/[#\s]/g, encodeURIComponent)}`)
              .join('&')
          : new URLSearchParams(queryEntries).toString()) + r.tail
      const headers: Record<string, string> = {}
      for (const [k, v] of Object.entries(r.headers))
        if (k === 'extra') headers[(v as [string, string])[0]] = (v as [string, string])[1]
        else if (typeof v === 'string') headers[k] = v
      let body: FuzzRequest['body']
      if (hasBody && r.bodyKind === 'multipart') {
        const fields = e.method === 'POST' ? r.entries : r.queryEntries
        const files = (e.files ?? []).map((key) => ({ key, ...r.file, bytes: Buffer.from(r.file.bytes) }))
        const made = multipartBody(
          fields.filter(([k]) => !files.some((f) => f.key === k)),
          files,
        )
        body = made.body
        headers['content-type'] = made.type
      } else if (hasBody)
        body =
          r.bodyKind === 'form'
            ? new URLSearchParams(e.method === 'POST' ? r.entries : r.queryEntries).toString()
            : r.bodyKind === 'json'
              ? JSON.stringify(Object.fromEntries(r.entries))
              : r.bodyKind === 'empty'
                ? ''
                : r.bodyKind === 'huge'
                  ? `illust_id=1&tags[]=${'t'.repeat(70_000)}`
                  : r.bodyKind
      if (!hasBody) delete headers['content-type']
      return { method: r.method, path: r.path, query, headers, body }
    })
}

const ERROR_KEYS = ['message', 'reason', 'user_message', 'user_message_details']
const LEAK = /\bat .+\.ts:\d+|node_modules|SqliteError|DatabaseError|TypeError|ReferenceError/

let server: RunningServer & { databaseUrl?: string }
let tokens: Tokens
const statuses = new Map<number, number>()
let sent = 0
let resets = 0

beforeAll(async () => {
  server = await startTestServer()
  if (server.databaseUrl) {
    reader = openPgPool(server.databaseUrl, { max: 1 })
    await countRowWrites(reader)
  }
  const login = async (username: string) => {
    const res = await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'password', username, password: 'demo' }),
    })
    return ((await res.json()) as { access_token: string }).access_token
  }
  tokens = {
    valid: await login('demo'),
    other: await accessTokenFor(server.services, 2),
    expired: await accessTokenFor(server.services, 1, Math.floor(Date.now() / 1000) - 7200),
    forged: new TokenSigner(Buffer.alloc(32, 7)).issueAccess(1, 1, Math.floor(Date.now() / 1000)),
  }
  // The "no partial writes" check sees a write: a follow made moves it, and so does its undoing.
  for (const op of ['add', 'delete']) {
    const before = await writesSoFar()
    const res = await fetch(`${server.url}/v1/user/follow/${op}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.valid}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'user_id=2',
    })
    expect(res.status).toBe(200)
    expect(await writesSoFar(), `follow/${op} is a write`).not.toBe(before)
  }
})
afterAll(async () => {
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`)
  report(
    'fuzzed requests',
    sent,
    `${byStatus.join(' ')}${resets ? `; ${resets} sent again after a keep-alive reset` : ''}`,
  )
  await reader?.end()
  await server?.close()
})

/**
 * What has been written to the served database so far, as a value that changes with any write: on SQLite the
 * connection's total_changes(); on PostgreSQL the rows that committed inserts, updates and deletes changed, counted
 * by the row triggers countRowWrites puts on every table (a rolled-back write rolls its count back with it).
 */
async function writesSoFar(): Promise<string> {
  if (!reader)
    return String((server.services.store!.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n)
  const { rows } = await reader.query<{ n: string }>('SELECT n FROM fuzz_row_writes')
  return rows[0]!.n
}
let reader: pg.Pool | undefined

/**
 * The test's own counter of changed rows in the served PostgreSQL database: a one-row table and an AFTER … FOR EACH
 * ROW trigger on every table of the catalogue. Reading it costs one row, where comparing the tables themselves
 * (counts and newest row versions) scanned the whole catalogue twice per request.
 */
async function countRowWrites(pool: pg.Pool): Promise<void> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )
  await pool.query(`
    CREATE TABLE fuzz_row_writes (n bigint NOT NULL);
    INSERT INTO fuzz_row_writes VALUES (0);
    CREATE FUNCTION fuzz_count_row_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE fuzz_row_writes SET n = n + 1; RETURN NULL; END $$;
    ${rows
      .map(
        (r) =>
          `CREATE TRIGGER fuzz_row_write AFTER INSERT OR UPDATE OR DELETE ON "${r.name}" ` +
          'FOR EACH ROW EXECUTE FUNCTION fuzz_count_row_write();',
      )
      .join('\n')}`)
}

/**
 * fetch, once more on a new connection when the first attempt met a reset: a kept-alive connection that the server
 * closed for idling just as it was reused (every HTTP client's race). A request the service itself resets fails
 * both times, so this hides nothing.
 */
async function send(url: string, init: RequestInit) {
  try {
    return await fetch(url, init)
  } catch (e) {
    const code = ((e as { cause?: { code?: string } }).cause ?? {}).code
    if (!['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'].includes(code ?? '')) throw e
    resets++
    return fetch(url, init)
  }
}

/** Sends one request and checks the answer; returns nothing, throws (with the request) on a broken rule. */
async function sendAndCheck(e: Endpoint, r: FuzzRequest) {
  const before = await writesSoFar()
  const storedBefore = e.files ? await storedSoFar() : 0
  const url = `${server.url}${r.path}${r.query ? `?${r.query}` : ''}`
  const res = await send(url, { method: r.method, headers: r.headers, body: r.body, redirect: 'manual' })
  const text = r.method === 'HEAD' ? '' : await res.text()
  sent++
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
  const where = `${r.method} ${url.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`
  expect(res.status, where).toBeLessThan(500)
  expect(text, where).not.toMatch(LEAK)
  if (res.status < 400 || r.method === 'HEAD') return
  const body = JSON.parse(text)
  if (TOKEN_ENDPOINTS.includes(e) && r.path === e.path && r.method === 'POST' && 'has_error' in body) {
    expect(body.has_error, where).toBe(true)
    expect(typeof body.errors?.system?.message, where).toBe('string')
  } else {
    expect(Object.keys(body.error ?? {}).sort(), where).toEqual(ERROR_KEYS)
    expect(typeof body.error.message, where).toBe('string')
  }
  if (res.status === 429) expect(res.headers.get('retry-after'), where).toMatch(/^\d+$/)
  // A refused request is refused whole: not one row written.
  expect(await writesSoFar(), `${where}: a refused request wrote to the database`).toBe(before)
  if (e.files) expect(await storedSoFar(), `${where}: a refused upload stored a file`).toBe(storedBefore)
}

/** How many posted pages storage holds. */
async function storedSoFar() {
  let n = 0
  for await (const _ of openStorage(server.services.config.storage).list(POSTED_PREFIX)) n++
  return n
}

describe('fuzzing every endpoint', () => {
  it.each(ALL.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: no 5xx, every 4xx with the error body, no partial writes',
    async (_name, e) => {
      await fc.assert(
        fc.asyncProperty(requestFor(e, tokens), (r) => sendAndCheck(e, r)),
        { numRuns: RUNS, seed: SEED },
      )
    },
  )

  it('raw request lines and headers that Node parses itself', async () => {
    const port = new URL(server.url).port
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(request, 'latin1'))
        let data = ''
        socket.setTimeout(10_000, () => reject(new Error(`no answer to ${JSON.stringify(request.slice(0, 200))}`)))
        socket.on('data', (d) => (data += d.toString('latin1')))
        socket.on('close', () => resolve(data))
        socket.on('error', () => resolve(data))
      })
    const bytes = (max: number) =>
      fc.uint8Array({ maxLength: max }).map((a) =>
        Buffer.from(a)
          .toString('latin1')
          .replace(/[\r\n ]/g, '%'),
      )
    const e = fc.constantFrom(...ENDPOINTS)
    await fc.assert(
      fc.asyncProperty(e, bytes(80), bytes(60), fc.constantFrom('GET', 'POST', 'G T', 'get'), async (ep, q, h, m) => {
        const request = `${m} ${ep.path}?${q} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Fuzz: ${h}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`
        const answer = await raw(request)
        sent++
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1])
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        const where = `${JSON.stringify(request.slice(0, 200))} → ${answer.slice(0, 300)}`
        expect(status, where).toBeGreaterThanOrEqual(200)
        expect(status, where).toBeLessThan(500)
        if (status >= 400) expect(answer, where).toMatch(/"user_message"/)
      }),
      { numRuns: RAW_RUNS, seed: SEED },
    )
  })
})
