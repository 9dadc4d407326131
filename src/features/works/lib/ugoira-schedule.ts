// Which ugoira frame shows at a moment of playback. Frames carry their own delays (ms); playback loops.

/**
 * Browsers clamp tiny GIF delays the same way (anything under about 20 ms plays slower); a 0 ms delay would
 * otherwise make a frame invisible and a loop of all-zero delays spin forever.
 */
export const MIN_FRAME_DELAY_MS = 20

export interface FrameSchedule {
  /** Start time of each frame within one loop, plus the loop's length at the end. */
  starts: number[]
  loopMs: number
}

export function frameSchedule(delays: readonly number[]): FrameSchedule {
  const starts: number[] = []
  let t = 0
  for (const delay of delays) {
    starts.push(t)
    t += Math.max(MIN_FRAME_DELAY_MS, Number.isFinite(delay) ? delay : 0)
  }
  return { starts, loopMs: t }
}

export interface FramePosition {
  /** The frame to show. */
  index: number
  /** Milliseconds until the next frame is due. */
  untilNext: number
}

/** The frame showing `elapsedMs` after playback started (looping), and how long it still shows. */
export function frameAt(schedule: FrameSchedule, elapsedMs: number): FramePosition {
  const { starts, loopMs } = schedule
  if (starts.length === 0 || loopMs <= 0) return { index: 0, untilNext: Infinity }
  const t = ((Math.max(0, elapsedMs) % loopMs) + loopMs) % loopMs
  // Binary search: the last frame whose start is <= t.
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= t) lo = mid
    else hi = mid - 1
  }
  const end = lo + 1 < starts.length ? starts[lo + 1]! : loopMs
  return { index: lo, untilNext: end - t }
}

/** Elapsed time at which `index` starts, so pausing on a frame and resuming continues from it. */
export function startOfFrame(schedule: FrameSchedule, index: number): number {
  return schedule.starts[Math.min(Math.max(0, index), schedule.starts.length - 1)] ?? 0
}
