import {
  ApiError,
  ForbiddenError,
  InvalidTokenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  SignInRequiredError,
} from '../lib/api-error.ts'

export interface ErrorDescription {
  title: string
  message: string
  /** Trying again as is could help (network, server, rate limit); not for 4xx answers. */
  retryable: boolean
  /** Signing in would help. */
  signIn: boolean
  notFound: boolean
}

/** A readable title and sentence for any failure a view can meet. */
export function describeError(error: unknown): ErrorDescription {
  const base = { retryable: false, signIn: false, notFound: false }
  if (error instanceof RateLimitedError) {
    const wait = error.retryAfterSeconds
    return {
      ...base,
      retryable: true,
      title: 'Slow down a little',
      message:
        wait !== null && wait > 0
          ? `Too many requests. Please try again in ${wait} second${wait === 1 ? '' : 's'}.`
          : error.userMessage,
    }
  }
  if (error instanceof NotFoundError) return { ...base, notFound: true, title: 'Not found', message: error.userMessage }
  if (error instanceof SignInRequiredError || error instanceof InvalidTokenError)
    return { ...base, signIn: true, title: 'Sign in needed', message: error.userMessage }
  if (error instanceof ForbiddenError) return { ...base, title: 'Not available', message: error.userMessage }
  if (error instanceof NetworkError) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      return {
        ...base,
        retryable: true,
        title: "You're offline",
        message: "This page hasn't been saved on this device. Connect to the internet and try again.",
      }
    return { ...base, retryable: true, title: 'Could not connect', message: error.userMessage }
  }
  if (error instanceof ApiError)
    return {
      ...base,
      retryable: error.status === 0 || error.status >= 500,
      title: error.status >= 500 ? 'Server problem' : 'Something went wrong',
      message: error.userMessage,
    }
  return { ...base, retryable: true, title: 'Something went wrong', message: 'Please try again.' }
}
