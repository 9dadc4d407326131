import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

// The generator's heap does not hold a record per work or novel: what later passes read of them sits in typed arrays
// (about 45 bytes an item), and each record is drawn again when it is written. Here 30,000 works and 6,000 novels are
// generated with V8's old space capped at 24 MB. The records alone took about 19 MB of it (some 630 bytes a work),
// and with them the generator ran out of heap at 32 MB; now it fits in 16 MB.

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const dir = mkdtempSync(path.join(tmpdir(), 'easel-gen-memory-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('generates 30,000 works and 6,000 novels within a 24 MB heap', () => {
  const out = path.join(dir, 'catalogue.db')
  const run = spawnSync(
    process.execPath,
    [
      '--max-old-space-size=24',
      '--import',
      'tsx',
      'src/server/generator/cli.ts',
      '--out',
      out,
      '--works',
      '30000',
      '--novels',
      '6000',
      '--users',
      '900',
    ],
    { cwd: repo, encoding: 'utf8', timeout: 120_000 },
  )
  expect(run.stderr, 'the generator ran out of heap').not.toMatch(/heap out of memory/)
  expect(run.status, run.stderr).toBe(0)
  expect(run.stdout).toMatch(/900 users, 30000 works, 6000 novels/)
  expect(statSync(out).size).toBeGreaterThan(50 * 1024 * 1024)
}, 150_000)
