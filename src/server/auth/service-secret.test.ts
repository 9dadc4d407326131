import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { catalogueFile } from '../catalogue.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'

// Several instances sign access tokens and image URLs with one secret, TOKEN_SECRET, from configuration: a token or
// URL one instance made checks on any other. Without it each instance made a secret of its own on its own disk.

const HEX = 'ab'.repeat(32)

describe('TOKEN_SECRET', () => {
  it('is read as bytes when hex (a DATA_DIR/token-secret.key copied over), else as its text', () => {
    expect(loadConfig({ TOKEN_SECRET: HEX }).tokenSecret).toEqual(Buffer.alloc(32, 0xab))
    const phrase = 'correct horse battery staple and more words'
    expect(loadConfig({ TOKEN_SECRET: phrase }).tokenSecret).toEqual(Buffer.from(phrase))
    expect(() => loadConfig({ TOKEN_SECRET: 'short' })).toThrow(/at least 32 characters/)
  })

  it('is required with DATABASE_URL, and not without (one SQLite instance keeps the one in DATA_DIR)', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://easel@db/easel' })).toThrow(
      /TOKEN_SECRET is required with DATABASE_URL.*openssl rand -hex 32/,
    )
    expect(loadConfig({ DATABASE_URL: 'postgres://easel@db/easel', TOKEN_SECRET: HEX })).toMatchObject({
      databaseUrl: 'postgres://easel@db/easel',
    })
    expect(loadConfig({}).tokenSecret).toBeUndefined()
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/easel', TOKEN_SECRET: HEX })).toThrow(/postgres:\/\//)
  })

  it('missing, the service on PostgreSQL does not start, and says why', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-secret-'))
    try {
      const start = startServiceProcess({
        dataDir,
        port: await freePort(),
        env: { DATABASE_URL: 'postgres://easel@127.0.0.1:1/easel', TOKEN_SECRET: '' },
      })
      await expect(start).rejects.toThrow(/exited 1: Easel cannot start: TOKEN_SECRET is required with DATABASE_URL/)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

// Two real processes over one catalogue (B's DATA_DIR holds a link to A's file: one database, two disks, as two
// machines over one PostgreSQL), the demo account signed in through A.
describe('two instances over one catalogue', () => {
  let root: string
  let hiddenWork: number
  const started: ServiceProcess[] = []

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'easel-secret-'))
    mkdirSync(path.join(root, 'a'))
    mkdirSync(path.join(root, 'b'))
    copyFileSync(inject('catalogueFile'), catalogueFile(path.join(root, 'a')))
    symlinkSync(catalogueFile(path.join(root, 'a')), catalogueFile(path.join(root, 'b')))
    const db = new Database(catalogueFile(path.join(root, 'a')), { readonly: true })
    // an R-18 work the demo account may see: its images need a signature
    const row = db
      .prepare(
        `SELECT w.id FROM works w, users u WHERE u.account = 'demo' AND w.restrict = 0 AND w.x_restrict = 1
           AND u.x_restrict >= 1 AND w.ai_type <> 2 LIMIT 1`,
      )
      .get() as { id: number } | undefined
    db.close()
    if (!row) throw new Error('the demo catalogue has no R-18 work the demo account sees')
    hiddenWork = row.id
  })

  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()))
    rmSync(root, { recursive: true, force: true })
  })

  async function pair(env: Record<string, string>) {
    const [a, b] = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const s = await startServiceProcess({ dataDir: path.join(root, name), port: await freePort(), env })
        started.push(s)
        return s
      }),
    )
    return { a: a!, b: b! }
  }

  /** Signs in through `a`; what `b` answers to its access token and to the medium image URL `a` gave. */
  async function crossed(a: ServiceProcess, b: ServiceProcess) {
    const form = new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' })
    const signIn = await fetch(`${a.url}/auth/token`, { method: 'POST', body: form })
    expect(signIn.status).toBe(200)
    const token = ((await signIn.json()) as { access_token: string }).access_token
    const headers = { authorization: `Bearer ${token}` }
    const detail = await fetch(`${a.url}/v1/illust/detail?illust_id=${hiddenWork}`, { headers })
    expect(detail.status).toBe(200)
    const medium = ((await detail.json()) as { illust: { image_urls: { medium: string } } }).illust.image_urls.medium
    expect(medium).toMatch(/\?e=\d+&s=/)
    const onA = await fetch(medium)
    expect(onA.status).toBe(200)
    const image = await fetch(medium.replace(a.url, b.url))
    await image.arrayBuffer()
    return {
      token: (await fetch(`${b.url}/v1/mute/list`, { headers })).status,
      image: image.status,
    }
  }

  it('each with a secret of its own disk: B refuses A’s tokens and image URLs', async () => {
    const { a, b } = await pair({})
    expect(await crossed(a, b)).toEqual({ token: 400, image: 404 })
    await Promise.all([a.stop(), b.stop()])
  })

  it('with one TOKEN_SECRET: B accepts A’s tokens and image URLs', async () => {
    const { a, b } = await pair({ TOKEN_SECRET: HEX })
    expect(await crossed(a, b)).toEqual({ token: 200, image: 200 })
    expect(await crossed(b, a)).toEqual({ token: 200, image: 200 })
    await Promise.all([a.stop(), b.stop()])
  })
})
