import Database from 'better-sqlite3'
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, inject, it, vi } from 'vitest'
import { catalogueFile } from '../catalogue.ts'
import { openPgPool } from '../data/postgres/pool.ts'
import { report, scale } from '../testing/reliability.ts'
import { freePort, startServiceProcess, type ServiceProcess } from '../testing/service-process.ts'
import { newTestDatabase, testEngine } from '../testing/test-engine.ts'

// Durability of posting: a 40-page manga is uploaded page by page (four at a time) and posted, against the real
// service process, which is killed with SIGKILL at a random moment: after some pages, or while the post is in flight,
// or just after it was acknowledged. After each restart the work is there whole (40 pages, every original served) or
// not at all, an acknowledged post is always there, and once the clean-up has run (at start; UPLOAD_CLEANUP_AFTER=0
// here) storage holds exactly the pages the catalogue's uploads name: no orphaned file, no row without its file.

const ROUNDS = scale(3, 8)
const PAGES = 40

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'easel-upload-crash-'))
copyFileSync(inject('catalogueFile'), catalogueFile(dataDir))
const databaseUrl = testEngine() === 'postgres' ? newTestDatabase() : undefined
const reader = databaseUrl ? openPgPool(databaseUrl, { max: 2 }) : undefined
const serviceEnv = {
  UPLOAD_CLEANUP_AFTER: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, TOKEN_SECRET: 'ab'.repeat(32) } : {}),
}
let service: ServiceProcess | undefined
afterAll(async () => {
  await service?.kill()
  await reader?.end()
  rmSync(dataDir, { recursive: true, force: true })
})

type Uploads = { storage_key: string; work_id: number | null }[]
type Work = { id: number; page_count: number }

async function readCatalogue(title: string): Promise<{ uploads: Uploads; works: Work[] }> {
  const uploadsSql = 'SELECT storage_key, work_id FROM uploads ORDER BY id'
  const worksSql = 'SELECT id, page_count FROM works WHERE title = $1'
  if (reader)
    return {
      uploads: (await reader.query<Uploads[number]>(uploadsSql)).rows,
      works: (await reader.query<Work>(worksSql, [title])).rows,
    }
  const db = new Database(catalogueFile(dataDir), { readonly: true })
  try {
    return {
      uploads: db.prepare(uploadsSql).all() as Uploads,
      works: db.prepare(worksSql.replace('$1', '?')).all(title) as Work[],
    }
  } finally {
    db.close()
  }
}

/** The posted pages storage holds (a folder here: DATA_DIR/posted), temporary files included. */
const storedFiles = () => {
  try {
    return readdirSync(path.join(dataDir, 'posted')).sort()
  } catch {
    return []
  }
}

const pages = await Promise.all(
  Array.from({ length: PAGES }, (_, i) =>
    sharp({
      create: {
        width: 400,
        height: 560,
        channels: 3,
        background: { r: i * 6, g: 255 - i * 6, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer(),
  ),
)

async function signIn(url: string) {
  const res = await fetch(`${url}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' }),
  })
  return ((await res.json()) as { access_token: string }).access_token
}

describe('posting durability', () => {
  it(`keeps a 40-page post whole or absent across ${ROUNDS} kill -9s, with no orphaned file (${testEngine()})`, async () => {
    const port = await freePort()
    service = await startServiceProcess({ dataDir, port, env: serviceEnv })
    const outcomes: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const title = `durable ${round}`
      const token = await signIn(service.url)
      // where this round is cut: after `cut` acknowledged uploads; PAGES: during the post; PAGES + 1: after it
      const cut = round === 0 ? PAGES + 1 : round === 1 ? PAGES : Math.floor(Math.random() * (PAGES + 2))
      const ids: number[] = new Array(PAGES)
      let acknowledged = 0
      let killed: Promise<void> | undefined
      const url = service.url
      const uploadOne = async (i: number) => {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(pages[i]!)], { type: 'image/png' }), `page${i}.png`)
        const res = await fetch(`${url}/v1/easel/upload`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        })
        expect(res.status).toBe(200)
        ids[i] = ((await res.json()) as { upload: { id: number } }).upload.id
        if (++acknowledged === cut) killed ??= service!.kill()
      }
      let next = 0
      const workers = Array.from({ length: 4 }, async () => {
        while (next < PAGES && !killed) await uploadOne(next++)
      })
      await Promise.all(workers.map((w) => w.catch(() => undefined)))
      let posted = false
      if (!killed) {
        const body = new URLSearchParams([
          ['title', title],
          ['type', 'manga'],
          ...ids.map((id) => ['upload_ids[]', String(id)]),
        ])
        const post = fetch(`${url}/v1/easel/illust/add`, {
          method: 'POST',
          body,
          headers: { authorization: `Bearer ${token}` },
        }).catch(() => null)
        if (cut === PAGES) {
          // in flight: killed as soon as the request is on its way
          killed = service.kill()
          await post
        } else {
          const res = await post
          expect(res?.status).toBe(200)
          posted = true
          killed = service.kill()
        }
      }
      await killed
      service = await startServiceProcess({ dataDir, port, env: serviceEnv })

      const { works } = await readCatalogue(title)
      if (posted) expect(works, 'an acknowledged post').toHaveLength(1)
      expect(works.length).toBeLessThanOrEqual(1)
      if (works.length === 1) {
        expect(works[0]!.page_count).toBe(PAGES)
        const detail = (await (await fetch(`${service.url}/v1/illust/detail?illust_id=${works[0]!.id}`)).json()) as {
          illust: { meta_pages: { image_urls: { original: string } }[] }
        }
        expect(detail.illust.meta_pages).toHaveLength(PAGES)
        for (const p of detail.illust.meta_pages) expect((await fetch(p.image_urls.original)).status).toBe(200)
      }
      outcomes.push(`cut ${cut}: ${works.length ? 'whole' : 'absent'}`)
      // the clean-up at start: storage and the uploads rows name the same pages, every row a posted page's
      await vi.waitFor(
        async () => {
          const { uploads } = await readCatalogue(title)
          expect(uploads.every((u) => u.work_id !== null)).toBe(true)
          expect(storedFiles()).toEqual(uploads.map((u) => u.storage_key.replace(/^posted\//, '')).sort())
        },
        { timeout: 30_000, interval: 200 },
      )
    }
    report('posting kill -9 rounds', ROUNDS, outcomes.join('; '))
  }, 600_000)

  it(`keeps a novel save whole or absent across ${ROUNDS} kill -9s (${testEngine()})`, async () => {
    // 200,000 characters each: a save takes long enough to be cut
    const textOf = (round: number, version: string) =>
      `[chapter:${version}]\n` + `${round}${version}あいうえお漢字かな`.repeat(14_000).slice(0, 200_000)
    const readNovel = async (title: string) => {
      const sql = 'SELECT n.id, t.text FROM novels n JOIN novel_texts t ON t.novel_id = n.id WHERE n.title = $1'
      if (reader) return (await reader.query<{ id: number; text: string }>(sql, [title])).rows
      const db = new Database(catalogueFile(dataDir), { readonly: true })
      try {
        return db.prepare(sql.replace('$1', '?')).all(title) as { id: number; text: string }[]
      } finally {
        db.close()
      }
    }
    const outcomes: string[] = []
    /** how long an acknowledged save took: the kills fall at random moments within it */
    let saveMs = 100
    service ??= await startServiceProcess({ dataDir, port: await freePort(), env: serviceEnv })
    for (let round = 0; round < ROUNDS; round++) {
      const title = `durable novel ${round}`
      const first = textOf(round, 'first')
      const second = textOf(round, 'second')
      let token = await signIn(service.url)
      const send = (path: string, fields: [string, string][]) =>
        fetch(`${service!.url}${path}`, {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { authorization: `Bearer ${token}` },
        })
      // the post: acknowledged (even rounds) or cut in flight (odd rounds), at a random moment of it
      const started = performance.now()
      const post = send('/v1/easel/novel/add', [
        ['title', title],
        ['text', first],
      ]).catch(() => null)
      let acknowledged = false
      if (round % 2 === 0) {
        expect((await post)?.status).toBe(200)
        acknowledged = true
        saveMs = performance.now() - started
      } else await new Promise((r) => setTimeout(r, Math.random() * saveMs))
      await service.kill()
      await post
      service = await startServiceProcess({ dataDir, port: await freePort(), env: serviceEnv })
      let rows = await readNovel(title)
      expect(rows.length).toBeLessThanOrEqual(1)
      if (acknowledged) expect(rows, 'an acknowledged post').toHaveLength(1)
      if (rows.length === 0) {
        outcomes.push('post: absent')
        continue
      }
      expect(rows[0]!.text).toBe(first)
      // an edit cut in flight: the old text or the new one, whole
      token = await signIn(service.url)
      const edit = send('/v1/easel/novel/edit', [
        ['novel_id', String(rows[0]!.id)],
        ['title', title],
        ['text', second],
      ]).catch(() => null)
      await new Promise((r) => setTimeout(r, Math.random() * saveMs * 1.5))
      await service.kill()
      await edit
      service = await startServiceProcess({ dataDir, port: await freePort(), env: serviceEnv })
      rows = await readNovel(title)
      expect(rows).toHaveLength(1)
      expect([first, second]).toContain(rows[0]!.text)
      outcomes.push(`post: whole; edit: ${rows[0]!.text === second ? 'new' : 'old'}`)
    }
    report('novel save kill -9 rounds', ROUNDS, outcomes.join('; '))
  }, 600_000)
})
