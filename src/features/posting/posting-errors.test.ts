import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, BadRequestError, NetworkError, ServerError } from '../../lib/api-error.ts'
import { setLang } from '../../lib/i18n/i18n.ts'
import { blockerMessage, fieldMessage, pageErrorMessage, workFailure } from './posting-errors.ts'

const refused = (field: string, reason: string, userMessage: string, status = 400) =>
  new BadRequestError({ status, message: JSON.stringify({ [field]: [reason] }), userMessage })

describe('what the posting form says', () => {
  afterEach(() => setLang('en'))

  it('puts a refused field’s message beside that field, a list item’s beside its list', () => {
    expect(workFailure(refused('title', 'title must be at most 32 characters', 'x'), 'fallback')).toEqual({
      problems: { title: 'title must be at most 32 characters' },
      form: null,
    })
    expect(workFailure(refused('tags.3', 'each of tags[] must be at most 30 characters', 'x'), 'f').problems).toEqual({
      tags: 'each of tags[] must be at most 30 characters',
    })
    expect(workFailure(refused('upload_ids', 'unknown', 'x'), 'f').problems).toEqual({ upload_ids: 'unknown' })
  })

  it('says anything else above the button, in the error’s words or the fallback', () => {
    const busy = new ServerError({ status: 503, userMessage: 'Try again in a moment.' })
    expect(workFailure(busy, 'fallback')).toEqual({ problems: {}, form: 'Try again in a moment.' })
    expect(workFailure(new TypeError('boom'), 'fallback')).toEqual({ problems: {}, form: 'fallback' })
    expect(workFailure(refused('file', 'x', 'Not an image.'), 'f')).toEqual({ problems: {}, form: 'Not an image.' })
  })

  it('names each refusal in the gallery’s words, in Japanese too', async () => {
    expect(fieldMessage('title', 'required')).toBe('Give the work a title.')
    expect(fieldMessage('title', 'title must be at most 32 characters')).toBe(
      'The title can have at most 32 characters.',
    )
    expect(fieldMessage('tags', 'tags[] must have at most 10 values')).toBe('A work can have at most 10 tags.')
    expect(fieldMessage('upload_ids', 'too large')).toMatch(/larger than 200 MB/)
    expect(fieldMessage('series_id', 'unknown')).toMatch(/not one of yours/)
    expect(fieldMessage('series_id', 'required')).toBe('Choose the series to add it to.')
    await setLang('ja')
    expect(fieldMessage('title', 'required')).toBe('タイトルを入力してください。')
    expect(blockerMessage('uploading')).toBe('すべてのページのアップロードが終わるまでお待ちください。')
  })

  it('tells why a page was not uploaded: the service’s sentence in English, the gallery’s for its status otherwise', async () => {
    const notImage = refused('file', 'x', 'The file is not a JPEG, PNG, GIF or WebP image.', 415)
    expect(pageErrorMessage({ error: notImage })).toBe('The file is not a JPEG, PNG, GIF or WebP image.')
    expect(pageErrorMessage({ refused: 'size' })).toBe('This file is larger than 32 MB.')
    expect(pageErrorMessage({ error: new NetworkError({ message: 'x' }) })).toMatch(/Could not reach the server/)
    await setLang('ja')
    expect(pageErrorMessage({ error: notImage })).toBe('このファイルはJPEG・PNG・GIF・WebP形式の画像ではありません。')
    expect(pageErrorMessage({ error: new ApiError({ status: 413 }) })).toBe('このファイルは32MBを超えています。')
  })
})
