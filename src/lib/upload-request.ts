// A file sent to the service as a multipart body, with its upload's progress: XMLHttpRequest, as fetch reports no
// progress of what it sends. Authenticated and renewed as the API client's calls are (api-client.ts): the same token
// getter, and one retry after the session renewed an expired token; failures are the client's typed errors.

import type { ApiClientOptions } from './api-client.ts'
import {
  errorFromResponse,
  InvalidResponseError,
  InvalidTokenError,
  isWireErrorBody,
  NetworkError,
  SignInRequiredError,
} from './api-error.ts'

export interface UploadOptions {
  signal?: AbortSignal
  /** Bytes of the body sent so far, of `total`; again from 0 when the request is sent again (after a renewal). */
  onProgress?: (sent: number, total: number) => void
}

export type UploadAuth = Pick<ApiClientOptions, 'getToken' | 'onUnauthorized'> & {
  /** Injected for tests; defaults to the browser's XMLHttpRequest. */
  xhr?: () => XMLHttpRequest
}

interface Answer {
  status: number
  text: string
  headers: { get(name: string): string | null }
}

const abortError = () => new DOMException('The upload was aborted.', 'AbortError')

function sendOnce(
  url: string,
  body: FormData,
  token: string | null,
  { signal, onProgress }: UploadOptions,
  make: () => XMLHttpRequest,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError())
    const xhr = make()
    const onAbort = () => xhr.abort()
    const settle = () => signal?.removeEventListener('abort', onAbort)
    xhr.open('POST', url)
    xhr.setRequestHeader('Accept', 'application/json')
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded, e.total)
    }
    xhr.onload = () => {
      settle()
      resolve({ status: xhr.status, text: xhr.responseText, headers: { get: (n) => xhr.getResponseHeader(n) } })
    }
    xhr.onerror = xhr.ontimeout = () => {
      settle()
      reject(new NetworkError({ message: 'The upload did not reach the service.', url }))
    }
    xhr.onabort = () => {
      settle()
      reject(abortError())
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    xhr.send(body)
  })
}

/**
 * Posts `fields` (files and text) as a multipart body to `url` and converts the JSON answer; a refusal throws the
 * matching ApiError (api-error.ts), an abort the platform's AbortError.
 */
export async function sendFiles<M>(
  url: string,
  fields: Readonly<Record<string, File | string>>,
  auth: UploadAuth,
  opts: UploadOptions,
  convert: (wire: never) => M,
): Promise<M> {
  const make = auth.xhr ?? (() => new XMLHttpRequest())
  for (let attempt = 0; ; attempt++) {
    const token = (await auth.getToken?.()) ?? null
    // A body of its own for each attempt: the form is read as it is sent.
    const body = new FormData()
    for (const [name, value] of Object.entries(fields)) body.append(name, value)
    const answer = await sendOnce(url, body, token, opts, make)
    let value: unknown
    try {
      value = answer.text.trim() === '' ? undefined : JSON.parse(answer.text)
    } catch {
      value = undefined
    }
    const ok = answer.status >= 200 && answer.status < 300
    if (ok && value !== undefined && !isWireErrorBody(value)) {
      try {
        return convert(value as never)
      } catch (error) {
        throw new InvalidResponseError({
          status: answer.status,
          message: `Unexpected response from ${url}`,
          url,
          cause: error,
        })
      }
    }
    const error = errorFromResponse({ status: answer.status, body: value, headers: answer.headers, url })
    const unauthorized = error instanceof InvalidTokenError || error instanceof SignInRequiredError
    if (unauthorized && attempt === 0 && auth.onUnauthorized) {
      if ((await auth.onUnauthorized(error, { token })) === true) continue
    }
    throw error
  }
}
