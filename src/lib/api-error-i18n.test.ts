import { afterEach, describe, expect, it } from 'vitest'
import { errorFromResponse, NotFoundError } from './api-error.ts'
import { setLang } from './i18n/i18n.ts'

const headers = { get: () => null }
const notFound = () =>
  errorFromResponse({
    status: 404,
    body: { error: { user_message: 'Work not found', message: 'Not found', reason: '', user_message_details: {} } },
    headers,
  })

describe('error messages in the gallery’s language', () => {
  afterEach(() => setLang('en'))

  it('in English: the service’s own sentence, else the gallery’s', () => {
    expect(notFound().userMessage).toBe('Work not found')
    expect(errorFromResponse({ status: 503, body: {}, headers }).userMessage).toMatch(/server had a problem/)
  })

  it('in Japanese: the gallery’s sentence for the failure, never the service’s English one', async () => {
    const error = notFound()
    await setLang('ja')
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error.userMessage).toBe('見つかりませんでした。削除された可能性があります。')
    const token = errorFromResponse({
      status: 400,
      body: {
        has_error: true,
        error: 'invalid_grant',
        errors: { system: { message: 'Invalid username or password' } },
      },
      headers,
    })
    expect(token.userMessage).toBe('アカウント名またはパスワードが正しくありません。')
  })
})
