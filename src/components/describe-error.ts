import {
  ApiError,
  ForbiddenError,
  InvalidTokenError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  SignInRequiredError,
} from '../lib/api-error.ts'
import { t } from '../lib/i18n/i18n.ts'
import '../lib/i18n/messages/en/components.ts'

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
      title: t('components.error.slowDown'),
      message: wait !== null && wait > 0 ? t('components.error.tooManyWait', { count: wait }) : error.userMessage,
    }
  }
  if (error instanceof NotFoundError)
    return { ...base, notFound: true, title: t('components.error.notFound'), message: error.userMessage }
  if (error instanceof SignInRequiredError || error instanceof InvalidTokenError)
    return { ...base, signIn: true, title: t('components.error.signInNeeded'), message: error.userMessage }
  if (error instanceof ForbiddenError)
    return { ...base, title: t('components.error.notAvailable'), message: error.userMessage }
  if (error instanceof NetworkError) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      return {
        ...base,
        retryable: true,
        title: t('components.error.offline'),
        message: t('components.error.offlineMessage'),
      }
    return { ...base, retryable: true, title: t('components.error.couldNotConnect'), message: error.userMessage }
  }
  if (error instanceof ApiError)
    return {
      ...base,
      retryable: error.status === 0 || error.status >= 500,
      title: error.status >= 500 ? t('components.error.serverProblem') : t('components.error.somethingWrong'),
      message: error.userMessage,
    }
  return {
    ...base,
    retryable: true,
    title: t('components.error.somethingWrong'),
    message: t('components.error.pleaseTryAgain'),
  }
}
