import { useEffect, useRef, useState } from 'react'
import { RateLimitedError } from './api-error.ts'

/**
 * When `error` is a rate limit with a `Retry-After`, counts the seconds down and calls `retry` when they are over.
 * Returns the seconds left, or null when there is nothing to wait for.
 */
export function useRateLimitRetry(error: unknown, retry: () => void): number | null {
  const seconds = error instanceof RateLimitedError ? error.retryAfterSeconds : null
  const [left, setLeft] = useState<{ error: unknown; seconds: number } | null>(null)
  const retryRef = useRef(retry)
  useEffect(() => {
    retryRef.current = retry
  })

  useEffect(() => {
    if (seconds === null) return
    const deadline = Date.now() + seconds * 1000
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setLeft({ error, seconds: remaining })
      if (remaining === 0) {
        clearInterval(timer)
        retryRef.current()
      }
    }
    const timer = setInterval(tick, 250)
    return () => clearInterval(timer)
  }, [error, seconds])

  if (seconds === null) return null
  return left && left.error === error ? left.seconds : seconds
}
