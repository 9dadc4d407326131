import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { reportCounts, runImport } from '../library.ts'
import { BUILDER_VERSION, cachedArchive, realLookingImage, writeArchive } from './library-archive.ts'

// The bench's library rows stand on three things this checks: the archives it builds are ones the importer takes
// whole (a skipped file would make the import rate that of a smaller archive), `npm run import` prints the report
// line the rows read their counts from, and the peak-RSS preload reports the import process's memory.

const scratch = mkdtempSync(path.join(tmpdir(), 'easel-bench-archive-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the bench library archive', () => {
  it('is imported whole by `npm run import`, which a second run finds unchanged, with its peak RSS', async () => {
    const root = path.join(scratch, 'archive')
    const images = [await realLookingImage(48, 64, 'jpg', 1), await realLookingImage(64, 48, 'png', 2)]
    const figures = writeArchive(root, { works: 15, users: 3, images })
    // every 7th work has 3 pages: works 0, 7 and 14
    expect(figures.files).toBe((15 + 3 * 2) * 2)
    const dataDir = path.join(scratch, 'data')
    const first = await runImport(path.resolve('.'), root, dataDir, 60_000)
    expect(first.counts).toEqual({ imported: 15, updated: 0, removed: 0, unchanged: 0, skipped: 0 })
    expect(first.peakRssBytes).toBeGreaterThan(20e6)
    const again = await runImport(path.resolve('.'), root, dataDir, 60_000)
    expect(again.counts).toEqual({ imported: 0, updated: 0, removed: 0, unchanged: 15, skipped: 0 })
  })

  it('reads no counts from output without a report line', () => {
    expect(reportCounts('library /x: nothing to say')).toBeUndefined()
  })

  it('has real-looking images that do not compress to almost nothing, the same for the same seed', async () => {
    const png = await realLookingImage(300, 300, 'png', 5)
    expect(png.bytes.byteLength).toBeGreaterThan(300 * 300 * 3 * 0.2)
    expect((await realLookingImage(300, 300, 'png', 5)).bytes.equals(png.bytes)).toBe(true)
    const meta = await sharp(png.bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 300, 300])
  })

  it('is built once and reused; an interrupted build is not', async () => {
    const cache = path.join(scratch, 'cache')
    const tiny = await realLookingImage(16, 16, 'jpg', 3)
    let builds = 0
    const build = async (dir: string) => {
      builds++
      return writeArchive(dir, { works: 2, images: [tiny] })
    }
    // a build that stopped half way leaves only its temporary folder
    mkdirSync(path.join(cache, `tiny-v${BUILDER_VERSION}.tmp-1`, 'archive'), { recursive: true })
    const made = await cachedArchive(cache, 'tiny', build)
    expect([made.reused, builds, existsSync(made.root)]).toEqual([false, 1, true])
    const reused = await cachedArchive(cache, 'tiny', build)
    expect([reused.reused, builds, reused.root, reused.files]).toEqual([true, 1, made.root, made.files])
    expect(readdirSync(cache).filter((n) => n.includes('.tmp-'))).toEqual([])
  })
})
