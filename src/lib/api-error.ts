// Typed errors of the API client. Every failure of a call is one of these (except an abort, which stays the
// platform's AbortError so TanStack Query treats it as a cancellation). `userMessage` is always readable as is, in
// the gallery's language: the service writes its own sentences in English, so another language gets the gallery's
// sentence for the failure instead.

import { currentLang, t } from './i18n/i18n.ts'
import './i18n/messages/en/common.ts'

export interface ApiErrorInit {
  status: number
  /** The server's technical message (`error.message`, or the token endpoint's `errors.system.message`). */
  message?: string
  /** The server's `error.user_message` when it sent one; otherwise a generic sentence for the status. */
  userMessage?: string
  reason?: string
  details?: Record<string, unknown>
  url?: string
  cause?: unknown
}

const GENERIC = {
  400: 'common.apiError.badRequest',
  401: 'common.apiError.signIn',
  403: 'common.apiError.forbidden',
  404: 'common.apiError.notFound',
  413: 'common.apiError.tooLarge',
  429: 'common.apiError.rateLimited',
} as const

export function genericMessage(status: number): string {
  if (status === 0) return t('common.apiError.network')
  if (status >= 500) return t('common.apiError.server')
  const key = GENERIC[status as keyof typeof GENERIC] as (typeof GENERIC)[keyof typeof GENERIC] | undefined
  return key ? t(key) : t('common.apiError.other')
}

export class ApiError extends Error {
  override name = 'ApiError'
  /** HTTP status; 0 when no response arrived. */
  readonly status: number
  /** The service's own sentence (English), or '' when it sent none. */
  readonly serverUserMessage: string
  readonly reason: string
  readonly details: Record<string, unknown>
  readonly url: string | undefined

  constructor(init: ApiErrorInit) {
    super(init.message || init.userMessage || genericMessage(init.status), { cause: init.cause })
    this.status = init.status
    this.serverUserMessage = init.userMessage?.trim() ?? ''
    this.reason = init.reason ?? ''
    this.details = init.details ?? {}
    this.url = init.url
  }

  /** What to tell the viewer: the service's sentence when it wrote one in the gallery's language, else ours. */
  get userMessage(): string {
    return (currentLang() === 'en' && this.serverUserMessage) || this.defaultUserMessage()
  }

  protected defaultUserMessage(): string {
    return genericMessage(this.status)
  }
}

/** 400 with `invalid_grant`: the access token is expired, forged or revoked. Refreshing it may help. */
export class InvalidTokenError extends ApiError {
  override name = 'InvalidTokenError'
  protected override defaultUserMessage() {
    return t('common.apiError.sessionExpired')
  }
}

/** 401, or 400 with `invalid_request`: the endpoint needs a signed-in caller and none was sent. */
export class SignInRequiredError extends ApiError {
  override name = 'SignInRequiredError'
  protected override defaultUserMessage() {
    return t('common.apiError.signIn')
  }
}

/** Any other 400: a parameter the server refused (the user message lists which). */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError'
}

/** 403: not allowed (private lists of others, a ranking the age setting excludes). */
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError'
}

/** 404: no such work, novel, user, series or endpoint. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError'
}

/** 429 (or the App API's "Rate Limit" body). */
export class RateLimitedError extends ApiError {
  override name = 'RateLimitedError'
  /** From `Retry-After` (seconds or an HTTP date); null when the server did not say. */
  readonly retryAfterSeconds: number | null

  constructor(init: ApiErrorInit & { retryAfterSeconds: number | null }) {
    super({ ...init, status: init.status || 429 })
    this.retryAfterSeconds = init.retryAfterSeconds
  }

  protected override defaultUserMessage() {
    return t(GENERIC[429])
  }
}

/** 5xx. */
export class ServerError extends ApiError {
  override name = 'ServerError'
}

/** No response at all: offline, DNS, connection refused, CORS. */
export class NetworkError extends ApiError {
  override name = 'NetworkError'
  constructor(init: Omit<ApiErrorInit, 'status'>) {
    super({ ...init, status: 0 })
  }
}

/** A response whose body is not the JSON the endpoint promises (an HTML error page, a truncated body). */
export class InvalidResponseError extends ApiError {
  override name = 'InvalidResponseError'
  protected override defaultUserMessage() {
    return t('common.apiError.unreadable')
  }
}

export type TokenErrorCode = 'invalid_request' | 'invalid_grant' | 'invalid_client' | (string & {})

/** The token endpoint refused: wrong account or password, a used or expired refresh token, a bad grant type. */
export class TokenRequestError extends ApiError {
  override name = 'TokenRequestError'
  /** The OAuth error, e.g. `invalid_grant`. */
  readonly error: TokenErrorCode
  /** `errors.system.code` (e.g. 1508). */
  readonly code: number | null

  constructor(init: ApiErrorInit & { error: TokenErrorCode; code: number | null }) {
    super(init)
    this.error = init.error
    this.code = init.code
  }

  protected override defaultUserMessage() {
    if (/username or password/i.test(this.message)) return t('common.apiError.wrongPassword')
    if (this.error === 'invalid_grant') return t('common.apiError.sessionExpired')
    return t('common.apiError.signInFailed')
  }
}

/** Failures worth trying again as they are: the network, the server, a rate limit. */
export function isRetryable(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof ServerError || error instanceof RateLimitedError
}

/** How long to wait before retry number `attempt` (0-based): the server's Retry-After, else exponential backoff. */
export function retryDelayMs(attempt: number, error: unknown): number {
  if (error instanceof RateLimitedError && error.retryAfterSeconds !== null) return error.retryAfterSeconds * 1000
  return Math.min(1000 * 2 ** attempt, 30_000)
}

/** `Retry-After` as seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value)
  const date = Date.parse(value)
  if (Number.isNaN(date)) return null
  return Math.max(0, Math.ceil((date - now) / 1000))
}

interface WireErrorShape {
  error?: { user_message?: unknown; message?: unknown; reason?: unknown; user_message_details?: unknown }
}

interface WireTokenErrorShape {
  has_error?: unknown
  errors?: { system?: { message?: unknown; code?: unknown } }
  error?: unknown
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** Whether a parsed body is the App API's error body (the API sometimes signals errors by body alone). */
export function isWireErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const error = (body as WireErrorShape).error
  return typeof error === 'object' && error !== null && ('message' in error || 'user_message' in error)
}

export function isWireTokenErrorBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as WireTokenErrorShape).has_error === true
}

export interface ErrorResponse {
  status: number
  /** The parsed JSON body, or undefined when the body was not JSON. */
  body: unknown
  headers: { get(name: string): string | null }
  url?: string
}

/** Turns a failed response (status and parsed body) into the matching error class. */
export function errorFromResponse({ status, body, headers, url }: ErrorResponse): ApiError {
  if (isWireTokenErrorBody(body)) {
    const b = body as WireTokenErrorShape
    const system = b.errors?.system
    const code = typeof system?.code === 'number' ? system.code : null
    return new TokenRequestError({
      status,
      message: str(system?.message) || str(b.error),
      userMessage: tokenUserMessage(str(b.error), str(system?.message)),
      error: str(b.error) || 'invalid_request',
      code,
      url,
    })
  }

  const wire = isWireErrorBody(body) ? (body as WireErrorShape).error! : undefined
  const message = str(wire?.message)
  const details = wire?.user_message_details
  const init: ApiErrorInit = {
    status,
    message,
    userMessage: str(wire?.user_message),
    reason: str(wire?.reason),
    details: typeof details === 'object' && details !== null ? (details as Record<string, unknown>) : {},
    url,
  }

  if (status === 429 || /^rate limit/i.test(message)) {
    return new RateLimitedError({ ...init, retryAfterSeconds: parseRetryAfter(headers.get('retry-after')) })
  }
  if (status === 401 || /\binvalid_request\b/.test(message)) return new SignInRequiredError(init)
  if (/\binvalid_grant\b/.test(message)) return new InvalidTokenError(init)
  if (status === 403) return new ForbiddenError(init)
  if (status === 404) return new NotFoundError(init)
  if (status >= 500) return new ServerError(init)
  if (body === undefined) return new InvalidResponseError(init)
  if (status >= 400) return new BadRequestError(init)
  return new ApiError(init)
}

/** The service's sentence of a token refusal, unless the gallery has its own for it (TokenRequestError). */
function tokenUserMessage(error: string, system: string): string {
  if (/username or password/i.test(system) || error === 'invalid_grant') return ''
  return system
}
