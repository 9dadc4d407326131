import type { WireErrorBody, WireTokenErrorBody } from '../../api/wire.ts'
import type { WireAjaxError } from '../../api/wire-responses.ts'

export type ErrorStatus = 400 | 403 | 404 | 405 | 413 | 414 | 415 | 429 | 431 | 503

/** An answer in the App API's error body. Thrown by validation and handlers; turned into JSON by the app. */
export class ApiError extends Error {
  readonly status: ErrorStatus
  readonly userMessage: string
  readonly headers: Record<string, string>

  constructor(status: ErrorStatus, message: string, userMessage = '', headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.userMessage = userMessage
    this.headers = headers
  }
}

export const errorBody = (message: string, userMessage = ''): WireErrorBody => ({
  error: { user_message: userMessage, message, reason: '', user_message_details: {} },
})

/** The web API's error envelope (`/ajax/…`): the user-facing message where there is one, an empty array as body. */
export const ajaxErrorBody = (message: string, userMessage = ''): WireAjaxError => ({
  error: true,
  message: userMessage || message,
  body: [],
})

const OAUTH = 'Error occurred at the OAuth process. Please check your Access Token to fix this. Error Message:'

export const badRequest = (message: string, userMessage = '') => new ApiError(400, message, userMessage)
export const forbidden = (userMessage: string) => new ApiError(403, 'Forbidden', userMessage)
export const notFound = (userMessage = 'Not found') => new ApiError(404, 'Not found', userMessage)
/** A token that is malformed, forged or expired (reference §14). */
export const invalidGrant = () => new ApiError(400, `${OAUTH} invalid_grant`)
/** An endpoint that needs a signed-in caller, asked without a token. */
export const invalidRequest = () => new ApiError(400, `${OAUTH} invalid_request`)
/** The token endpoints' own error shape (reference §14): with 400, or 429/503 when sign-in is throttled. */
export const tokenError = (error: WireTokenErrorBody['error'], message: string, code: number): WireTokenErrorBody => ({
  has_error: true,
  errors: { system: { message, code } },
  error,
})

export const noEndpoint = () => new ApiError(404, '', "Specified end-point doesn't exist")
