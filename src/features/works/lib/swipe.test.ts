import { describe, expect, it } from 'vitest'
import { classifySwipe, SWIPE_MAX_DURATION_MS, SWIPE_MIN_DISTANCE_PX } from './swipe.ts'

describe('classifySwipe', () => {
  it('reads a quick swipe to the left as next and to the right as previous', () => {
    expect(classifySwipe({ dx: -120, dy: 10, durationMs: 200 })).toBe('next')
    expect(classifySwipe({ dx: 120, dy: -10, durationMs: 200 })).toBe('prev')
  })

  it('ignores short movements (taps, jitter)', () => {
    expect(classifySwipe({ dx: -(SWIPE_MIN_DISTANCE_PX - 1), dy: 0, durationMs: 100 })).toBeNull()
    expect(classifySwipe({ dx: -SWIPE_MIN_DISTANCE_PX, dy: 0, durationMs: 100 })).toBe('next')
    expect(classifySwipe({ dx: 0, dy: 0, durationMs: 50 })).toBeNull()
  })

  it('ignores mostly vertical movements (scrolling)', () => {
    expect(classifySwipe({ dx: -80, dy: 200, durationMs: 200 })).toBeNull()
    expect(classifySwipe({ dx: -100, dy: 70, durationMs: 200 })).toBeNull()
  })

  it('ignores slow drags', () => {
    expect(classifySwipe({ dx: -200, dy: 0, durationMs: SWIPE_MAX_DURATION_MS + 1 })).toBeNull()
  })

  it('honours a custom threshold and rejects broken input', () => {
    expect(classifySwipe({ dx: -70, dy: 0, durationMs: 100 }, 100)).toBeNull()
    expect(classifySwipe({ dx: Number.NaN, dy: 0, durationMs: 100 })).toBeNull()
  })
})
