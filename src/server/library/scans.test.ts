import { expect, it } from 'vitest'
import { createLogger } from '../log.ts'
import { LibraryScans } from './scans.ts'

// The watcher and the rescan button share one LibraryScans: never two imports at once, and the watcher's scan (whose
// changes may have come after the running scan walked past them) runs after the running one rather than being dropped.

function controlled() {
  const runs: { finish: () => void; progress: (done: number, total: number) => void }[] = []
  let active = 0
  let most = 0
  const scans = new LibraryScans(
    (progress) =>
      new Promise<void>((resolve) => {
        most = Math.max(most, ++active)
        runs.push({
          progress,
          finish: () => {
            active--
            resolve()
          },
        })
      }),
    () => 1_750_000_000,
    createLogger('silent'),
  )
  return { scans, runs, most: () => most }
}

const tick = () => new Promise((r) => setImmediate(r))

it('starts one scan at a time and reports its progress', async () => {
  const { scans, runs } = controlled()
  expect(scans.status()).toEqual({ running: false, done: 0, total: 0, started_at: null, error: null })
  expect(scans.start()).toBe(true)
  expect(scans.start()).toBe(false)
  await tick()
  expect(runs).toHaveLength(1)
  runs[0]!.progress(2, 5)
  expect(scans.status()).toEqual({ running: true, done: 2, total: 5, started_at: 1_750_000_000, error: null })
  runs[0]!.finish()
  await tick()
  expect(scans.status()).toMatchObject({ running: false, done: 2, total: 5 })
  expect(scans.start()).toBe(true)
})

it("runs the watcher's scan after the running one, never beside it", async () => {
  const { scans, runs, most } = controlled()
  scans.start()
  await tick()
  const watcher = scans.next()
  await tick()
  expect(runs).toHaveLength(1)
  runs[0]!.finish()
  await tick()
  await tick()
  expect(runs).toHaveLength(2)
  expect(scans.start()).toBe(false)
  runs[1]!.finish()
  await watcher
  expect(most()).toBe(1)
})

it('a failed scan is logged and reported, and the next one starts afresh', async () => {
  const errors: string[] = []
  const log = { ...createLogger('silent'), error: (msg: string) => void errors.push(msg) }
  let fail = true
  const scans = new LibraryScans(
    () => (fail ? Promise.reject(new Error('the folder is gone')) : Promise.resolve()),
    () => 0,
    log,
  )
  await scans.next()
  expect(errors).toEqual(['library rescan failed'])
  expect(scans.status()).toMatchObject({ running: false, error: 'the folder is gone' })
  fail = false
  expect(scans.start()).toBe(true)
  expect(scans.status().error).toBeNull()
  await scans.next()
  expect(scans.status().error).toBeNull()
})
