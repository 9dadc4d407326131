import { afterEach, describe, expect, it } from 'vitest'
import { POSTING_DRAFT_PAGES_TTL_MS } from '../../tunables.ts'
import { clearDraft, DRAFT_KEY, isEmptyDraft, parseDraft, readDraft, writeDraft, type Draft } from './draft.ts'
import { EMPTY_WORK } from './work-rules.ts'

const upload = (id: number) => ({ id, width: 640, height: 480, ext: 'png', bytes: 1234 })
const NOW = 1_800_000_000_000

const draft = (over: Partial<Draft> = {}): Draft => ({
  userId: 7,
  values: { ...EMPTY_WORK, title: 'Half done', tags: ['cat'], type: 'manga' },
  pages: [
    { upload: upload(2), at: NOW - 1000 },
    { upload: upload(1), at: NOW - 2000 },
  ],
  ...over,
})

describe('the posting draft', () => {
  afterEach(() => localStorage.clear())

  it('comes back as it was saved: the fields and the uploaded pages in their order', () => {
    writeDraft(draft())
    expect(readDraft(7, NOW)).toEqual(draft())
  })

  it('keeps an ugoira: its upload with the delays it played with, and the delays as edited', () => {
    const animation = { id: 9, width: 120, height: 90, ext: 'zip', bytes: 900, frame_delays: [100, 400, 700] }
    const ugoira = draft({
      values: { ...EMPTY_WORK, title: 'Spin', type: 'ugoira', frameDelays: { uploadId: 9, delays: ['100', '25', ''] } },
      pages: [{ upload: animation, at: NOW - 1000 }],
    })
    writeDraft(ugoira)
    expect(readDraft(7, NOW)).toEqual(ugoira)
    // Delays that are not a list of texts, or an upload's that are not numbers, are left out.
    const raw = JSON.stringify({
      ...ugoira,
      values: { ...ugoira.values, frameDelays: { uploadId: 9, delays: [1, 2] } },
      pages: [{ upload: { ...animation, frame_delays: 'x' }, at: NOW }],
    })
    expect(parseDraft(raw, 7, NOW)).toMatchObject({ values: { frameDelays: null }, pages: [] })
  })

  it('keeps the series chosen to join, and leaves out a choice or a series that is not one', () => {
    const joining = draft({ values: { ...EMPTY_WORK, title: 'Part 2', series: 'existing', seriesId: 12 } })
    writeDraft(joining)
    expect(readDraft(7, NOW)).toEqual(joining)
    const raw = (values: object) => JSON.stringify({ ...joining, values: { ...joining.values, ...values } })
    expect(parseDraft(raw({ seriesId: '12' }), 7, NOW)?.values).toMatchObject({ series: 'existing', seriesId: null })
    expect(parseDraft(raw({ seriesId: -1 }), 7, NOW)?.values.seriesId).toBeNull()
    // an edit's own series is no new work's
    expect(parseDraft(raw({ series: 'current' }), 7, NOW)?.values.series).toBe('none')
    expect(isEmptyDraft({ values: { ...EMPTY_WORK, series: 'existing' }, pages: [] })).toBe(false)
  })

  it('is not another account’s, and not what cannot be read', () => {
    expect(parseDraft(JSON.stringify(draft()), 8, NOW)).toBeNull()
    expect(parseDraft('{not json', 7, NOW)).toBeNull()
    expect(parseDraft(null, 7, NOW)).toBeNull()
    expect(parseDraft('[1,2]', 7, NOW)).toBeNull()
  })

  it('leaves out pages the service will have deleted (a day after their upload), and pages that are not uploads', () => {
    const old = { upload: upload(3), at: NOW - POSTING_DRAFT_PAGES_TTL_MS }
    const broken = { upload: { id: 'x' }, at: NOW }
    const raw = JSON.stringify({ ...draft(), pages: [old, ...draft().pages, broken] })
    expect(parseDraft(raw, 7, NOW)?.pages.map((p) => p.upload.id)).toEqual([2, 1])
  })

  it('keeps the fields that still fit when a saved one does not', () => {
    const raw = JSON.stringify({ userId: 7, values: { title: 42, caption: 'kept', tags: ['a', 3], type: 'manga' } })
    expect(parseDraft(raw, 7, NOW)?.values).toEqual({ ...EMPTY_WORK, caption: 'kept', type: 'manga' })
  })

  it('is removed when there is nothing in it, and once posted', () => {
    writeDraft(draft())
    expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull()
    writeDraft({ userId: 7, values: EMPTY_WORK, pages: [] })
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull()
    expect(isEmptyDraft({ values: { ...EMPTY_WORK, tags: [] }, pages: [] })).toBe(true)
    expect(isEmptyDraft({ values: { ...EMPTY_WORK, aiType: 'ai' }, pages: [] })).toBe(false)
    writeDraft(draft())
    clearDraft()
    expect(readDraft(7, NOW)).toBeNull()
  })
})
