import { describe, expect, it } from 'vitest'
import { frameAt, frameSchedule, MIN_FRAME_DELAY_MS, startOfFrame } from './ugoira-schedule.ts'

describe('frameAt', () => {
  const schedule = frameSchedule([100, 50, 200])

  it('shows each frame for its own delay', () => {
    expect(frameAt(schedule, 0)).toEqual({ index: 0, untilNext: 100 })
    expect(frameAt(schedule, 99).index).toBe(0)
    expect(frameAt(schedule, 100)).toEqual({ index: 1, untilNext: 50 })
    expect(frameAt(schedule, 149).index).toBe(1)
    expect(frameAt(schedule, 150)).toEqual({ index: 2, untilNext: 200 })
    expect(frameAt(schedule, 349)).toEqual({ index: 2, untilNext: 1 })
  })

  it('loops', () => {
    expect(schedule.loopMs).toBe(350)
    expect(frameAt(schedule, 350)).toEqual({ index: 0, untilNext: 100 })
    expect(frameAt(schedule, 350 * 7 + 120).index).toBe(1)
  })

  it('treats negative elapsed time as the start', () => {
    expect(frameAt(schedule, -5).index).toBe(0)
  })

  it('clamps zero and broken delays so every frame is shown and the loop ends', () => {
    const s = frameSchedule([0, 0, Number.NaN])
    expect(s.loopMs).toBe(3 * MIN_FRAME_DELAY_MS)
    expect(frameAt(s, MIN_FRAME_DELAY_MS).index).toBe(1)
    expect(frameAt(s, 2 * MIN_FRAME_DELAY_MS).index).toBe(2)
  })

  it('has nothing to schedule without frames', () => {
    expect(frameAt(frameSchedule([]), 1000)).toEqual({ index: 0, untilNext: Infinity })
  })

  it('agrees with a linear walk over many delays', () => {
    const delays = Array.from({ length: 37 }, (_, i) => 20 + ((i * 37) % 90))
    const s = frameSchedule(delays)
    for (let t = 0; t < s.loopMs * 2; t += 7) {
      let rest = t % s.loopMs
      let index = 0
      while (rest >= delays[index]!) rest -= delays[index++]!
      expect(frameAt(s, t).index).toBe(index)
    }
  })
})

describe('startOfFrame', () => {
  it('gives the elapsed time at which a frame begins', () => {
    const s = frameSchedule([100, 50, 200])
    expect(startOfFrame(s, 0)).toBe(0)
    expect(startOfFrame(s, 2)).toBe(150)
    expect(frameAt(s, startOfFrame(s, 2)).index).toBe(2)
  })
})
