import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BadRequestError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
} from '../lib/api-error.ts'
import { MAX_RETRIES, retryDelay, shouldRetry } from './query-client.ts'

describe('shouldRetry', () => {
  it('never retries a 4xx answer', () => {
    for (const error of [
      new BadRequestError({ status: 400 }),
      new ForbiddenError({ status: 403 }),
      new NotFoundError({ status: 404 }),
    ])
      expect(shouldRetry(0, error)).toBe(false)
  })

  it('retries network and server failures, a bounded number of times', () => {
    expect(shouldRetry(0, new NetworkError({}))).toBe(true)
    expect(shouldRetry(MAX_RETRIES - 1, new ServerError({ status: 502 }))).toBe(true)
    expect(shouldRetry(MAX_RETRIES, new ServerError({ status: 502 }))).toBe(false)
  })

  describe('offline', () => {
    afterEach(() => vi.restoreAllMocks())

    it('gives up on a network failure at once, so the view can say it is offline', () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
      expect(shouldRetry(0, new NetworkError({}))).toBe(false)
      // A server failure is an answer: the connection works, whatever the browser believes.
      expect(shouldRetry(0, new ServerError({ status: 502 }))).toBe(true)
    })
  })

  it('retries a rate limit only when the wait is short', () => {
    expect(shouldRetry(0, new RateLimitedError({ status: 429, retryAfterSeconds: 3 }))).toBe(true)
    expect(shouldRetry(0, new RateLimitedError({ status: 429, retryAfterSeconds: 300 }))).toBe(false)
  })
})

describe('retryDelay', () => {
  it('waits what Retry-After says', () => {
    expect(retryDelay(0, new RateLimitedError({ status: 429, retryAfterSeconds: 7 }))).toBe(7000)
  })

  it('backs off exponentially from one second otherwise', () => {
    expect(retryDelay(0, new ServerError({ status: 500 }))).toBe(1000)
    expect(retryDelay(1, new ServerError({ status: 500 }))).toBe(2000)
  })
})
