import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BadRequestError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  SignInRequiredError,
} from '../lib/api-error.ts'
import { describeError } from './describe-error.ts'

describe('describeError', () => {
  it('says how long to wait when rate limited, and allows a retry', () => {
    const d = describeError(new RateLimitedError({ status: 429, retryAfterSeconds: 12 }))
    expect(d.message).toBe('Too many requests. Please try again in 12 seconds.')
    expect(d.retryable).toBe(true)
  })

  it('falls back to the generic rate-limit sentence without Retry-After', () => {
    expect(describeError(new RateLimitedError({ status: 429, retryAfterSeconds: null })).message).toMatch(
      /too many requests/i,
    )
  })

  it('marks 404 as not found and not retryable', () => {
    const d = describeError(new NotFoundError({ status: 404 }))
    expect(d).toMatchObject({ notFound: true, retryable: false })
  })

  it('never offers a retry for a refused request, but does for network and server failures', () => {
    expect(describeError(new BadRequestError({ status: 400, userMessage: 'word is required' }))).toMatchObject({
      retryable: false,
      message: 'word is required',
    })
    expect(describeError(new NetworkError({})).retryable).toBe(true)
    expect(describeError(new ServerError({ status: 503 })).retryable).toBe(true)
  })

  it('asks to sign in when the endpoint needs a session', () => {
    expect(describeError(new SignInRequiredError({ status: 401 })).signIn).toBe(true)
  })

  describe('a network failure', () => {
    afterEach(() => vi.restoreAllMocks())

    it('says the viewer is offline when the browser has no connection', () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
      expect(describeError(new NetworkError({}))).toMatchObject({
        title: "You're offline",
        message: expect.stringMatching(/connect to the internet/i),
        retryable: true,
      })
    })

    it('says the server could not be reached when the browser is online', () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
      expect(describeError(new NetworkError({})).title).toBe('Could not connect')
    })
  })
})
