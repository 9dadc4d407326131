// Classifies a finished pointer gesture as a horizontal swipe to the previous or next work.

/** Far enough to be deliberate, short enough for a thumb on a phone. */
export const SWIPE_MIN_DISTANCE_PX = 60
/** A swipe is mostly sideways: vertical drift may be at most this fraction of the horizontal travel. */
export const SWIPE_MAX_SLOPE = 0.6
/** Slower than this is a drag or a read-and-pan, not a swipe. */
export const SWIPE_MAX_DURATION_MS = 800

export interface Gesture {
  dx: number
  dy: number
  durationMs: number
}

export type SwipeDirection = 'prev' | 'next'

/** 'next' for a swipe to the left (content moves on like a page), 'prev' for one to the right, else null. */
export function classifySwipe(
  { dx, dy, durationMs }: Gesture,
  minDistance = SWIPE_MIN_DISTANCE_PX,
): SwipeDirection | null {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return null
  if (durationMs > SWIPE_MAX_DURATION_MS) return null
  if (Math.abs(dx) < minDistance) return null
  if (Math.abs(dy) > Math.abs(dx) * SWIPE_MAX_SLOPE) return null
  return dx < 0 ? 'next' : 'prev'
}
