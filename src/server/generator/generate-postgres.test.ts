import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compareTables, connectExact, openSource } from '../data/db-copy.ts'
import { TEST_CATALOGUE_NOW } from '../testing/global-setup.ts'
import { usePostgres } from '../testing/postgres.ts'
import { generateCatalogue } from './generate.ts'

// `npm run generate -- --out postgres://…`: the generator's catalogue in PostgreSQL, the same rows as its SQLite file
// of the same options, and never over a catalogue already there.

const db = usePostgres()
let dir: string
const SIZE = { works: 60, novels: 12, users: 8 }
const ARGS = ['--works', '60', '--novels', '12', '--users', '8', '--seed', '7', '--now', String(TEST_CATALOGUE_NOW)]

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'easel-generate-pg-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The CLI as a process (npm run generate), with its output and exit code; its temporary files in `tmp`. */
function generate(args: string[], tmp: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/generator/cli.ts'), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TMPDIR: tmp },
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, out })),
  )
}

async function withClient<T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectExact(url)
  try {
    return await f(client)
  } finally {
    await client.end()
  }
}

describe('npm run generate into PostgreSQL', () => {
  it('makes the catalogue of its SQLite file, table for table, and leaves no temporary file', async () => {
    const url = await db.createDatabase('generated')
    const tmp = mkdtempSync(path.join(dir, 'tmp-'))
    const run = await generate(['--out', url, ...ARGS], tmp)
    expect(run.out).toMatch(/generated postgres.*: 8 users, 60 works, 12 novels \(seed 7\), \d+ rows; generation/)
    expect(run.code).toBe(0)

    const file = path.join(dir, 'same.db')
    generateCatalogue(file, { seed: 7, ...SIZE, demoPassword: 'demo', now: TEST_CATALOGUE_NOW })
    const lite = openSource(file)
    try {
      // connectExact: int8 as BigInt, as db:copy's own check reads them
      const checks = await withClient(url, (c) => compareTables(lite, c))
      expect(checks.length).toBeGreaterThan(20)
      expect(checks.filter((c) => !c.equal)).toEqual([])
      expect(checks.find((c) => c.table === 'works')?.targetRows).toBe(60)
    } finally {
      lite.close()
    }
    // (tsx keeps a cache of its own there)
    expect(readdirSync(tmp).filter((name) => name.startsWith('easel-'))).toEqual([])
  })

  it('refuses a database that holds a catalogue, and changes nothing in it', async () => {
    const url = await db.createDatabase('taken')
    const tmp = mkdtempSync(path.join(dir, 'tmp-'))
    expect((await generate(['--out', url, ...ARGS], tmp)).code).toBe(0)
    const before = await withClient(url, async (c) => (await c.query('SELECT count(*) AS n FROM works')).rows)
    expect(before).toEqual([{ n: 60n }])
    const again = await generate(['--out', url, '--works', '20', '--users', '4', '--seed', '8'], tmp)
    expect(again.code).toBe(1)
    expect(again.out).toMatch(/already holds a catalogue: generate into an empty database/)
    expect(again.out).not.toMatch(/\bat .+\.ts:\d+/)
    expect(await withClient(url, async (c) => (await c.query('SELECT count(*) AS n FROM works')).rows)).toEqual(before)
  })
})
