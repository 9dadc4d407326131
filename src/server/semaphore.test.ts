import { describe, expect, it } from 'vitest'
import { QueueFull, Semaphore } from './semaphore.ts'

describe('Semaphore', () => {
  it('never runs more than its limit at once', async () => {
    const sem = new Semaphore(2)
    let active = 0
    let peak = 0
    await Promise.all(
      Array.from({ length: 10 }, () =>
        sem.run(async () => {
          active++
          peak = Math.max(peak, active)
          await new Promise((r) => setTimeout(r, 2))
          active--
        }),
      ),
    )
    expect(peak).toBe(2)
  })

  it('releases its slot when the task throws', async () => {
    const sem = new Semaphore(1)
    await expect(sem.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(sem.run(async () => 42)).resolves.toBe(42)
  })

  it('refuses at once past its queue bound, and takes tasks again once it drains', async () => {
    const sem = new Semaphore(1, 2)
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    const held = [sem.run(() => gate), sem.run(() => gate), sem.run(() => gate)]
    const refused = await sem.run(async () => 1).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(QueueFull)
    expect((refused as QueueFull).waiting).toBe(2)
    release()
    await Promise.all(held)
    await expect(sem.run(async () => 2)).resolves.toBe(2)
  })
})
