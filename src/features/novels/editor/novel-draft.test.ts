import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  clearNovelDraft,
  draftKey,
  draftSaver,
  parseNovelDraft,
  readNovelDraft,
  writeNovelDraft,
} from './novel-draft.ts'
import { EMPTY_NOVEL, type NovelValues } from './novel-values.ts'

const written: NovelValues = {
  ...EMPTY_NOVEL,
  title: '夜の図書館',
  text: '[chapter:第一章]\n[[rb:司書 > ししょ]]は言った。',
  tags: ['ファンタジー', '図書館'],
  restrict: 'mypixiv',
  xRestrict: 'r18',
  aiType: 'ai',
  isOriginal: true,
  coverUploadId: 12,
  series: 'new',
  seriesTitle: '図書館の夜',
}

beforeEach(() => localStorage.clear())
afterEach(() => vi.useRealTimers())

describe('the novel draft store', () => {
  it('gives back what was written, for the same account and novel only', () => {
    expect(writeNovelDraft(1, 'new', written, EMPTY_NOVEL, 1000)).toBe(true)
    expect(readNovelDraft(1, 'new')).toEqual({ values: written, savedAt: 1000 })
    // another account, and the same account's edit of a novel, have drafts of their own
    expect(readNovelDraft(2, 'new')).toBeNull()
    expect(readNovelDraft(1, 5)).toBeNull()
    writeNovelDraft(1, 5, { ...written, title: 'edited' })
    expect(readNovelDraft(1, 5)?.values.title).toBe('edited')
    expect(readNovelDraft(1, 'new')?.values.title).toBe('夜の図書館')
  })

  it('keeps no draft that says nothing more than what the form started from', () => {
    writeNovelDraft(1, 'new', written)
    writeNovelDraft(1, 'new', EMPTY_NOVEL)
    expect(localStorage.getItem(draftKey(1, 'new'))).toBeNull()

    // an edit's draft equal to the novel as posted is none either, and one saved before the novel changed to match
    // it is not offered
    writeNovelDraft(1, 7, written, written)
    expect(localStorage.getItem(draftKey(1, 7))).toBeNull()
    writeNovelDraft(1, 7, written, EMPTY_NOVEL)
    expect(readNovelDraft(1, 7, written)).toBeNull()
    expect(readNovelDraft(1, 7, EMPTY_NOVEL)?.values).toEqual(written)
  })

  it('is cleared', () => {
    writeNovelDraft(1, 'new', written)
    clearNovelDraft(1, 'new')
    expect(readNovelDraft(1, 'new')).toBeNull()
  })

  it('reads what it can of a damaged or older draft, and nothing of one that is no draft', () => {
    expect(parseNovelDraft('not json')).toBeNull()
    expect(parseNovelDraft('[]')).toBeNull()
    expect(parseNovelDraft('{"values": 3}')).toBeNull()
    const odd = parseNovelDraft(
      JSON.stringify({
        values: {
          title: 'kept',
          text: 42,
          tags: ['a', 3],
          restrict: 'everyone',
          xRestrict: 'r18g',
          coverUploadId: -1,
          series: 9,
          extra: true,
        },
      }),
    )
    expect(odd).toEqual({
      values: { ...EMPTY_NOVEL, title: 'kept', xRestrict: 'r18g', series: 9 },
      savedAt: 0,
    })
  })

  it('says when the browser would not keep it', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    try {
      expect(writeNovelDraft(1, 'new', written)).toBe(false)
    } finally {
      setItem.mockRestore()
    }
  })
})

describe('the draft saver', () => {
  it('saves the newest value once typing pauses, not on every key', () => {
    vi.useFakeTimers()
    const save = vi.fn()
    const saver = draftSaver<string>(save, 400)
    saver.change('a')
    vi.advanceTimersByTime(300)
    saver.change('ab')
    vi.advanceTimersByTime(300)
    saver.change('abc')
    expect(save).not.toHaveBeenCalled()
    vi.advanceTimersByTime(400)
    expect(save.mock.calls).toEqual([['abc']])
  })

  it('saves at once when flushed (the page is hidden or left), and only what is not saved yet', () => {
    vi.useFakeTimers()
    const save = vi.fn()
    const saver = draftSaver<string>(save, 400)
    saver.change('typed')
    saver.flush()
    expect(save.mock.calls).toEqual([['typed']])
    saver.flush()
    vi.advanceTimersByTime(1000)
    expect(save).toHaveBeenCalledTimes(1)
  })

  it('saves nothing more once cancelled (the novel was posted)', () => {
    vi.useFakeTimers()
    const save = vi.fn()
    const saver = draftSaver<string>(save, 400)
    saver.change('typed')
    saver.cancel()
    saver.flush()
    vi.advanceTimersByTime(1000)
    expect(save).not.toHaveBeenCalled()
  })
})
