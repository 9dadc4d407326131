import { describe, expect, it } from 'vitest'
import type { Illust } from '../../api/model.ts'
import { MAX_CAPTION_LENGTH, MAX_PAGES, MAX_TAGS, MAX_WORK_BYTES } from '../../api/posting-endpoints.ts'
import { localPage, uploadedPage, type PageItem } from './page-list.ts'
import {
  blocker,
  captionHtml,
  captionLength,
  captionText,
  checkWork,
  EMPTY_WORK,
  joinableSeries,
  normalizeTag,
  pageImages,
  splitTags,
  tagProblem,
  workParams,
  workValuesOf,
  type WorkValues,
} from './work-rules.ts'

const upload = (id: number, bytes = 100) => ({ id, width: 10, height: 10, ext: 'png', bytes })
const done = (id: number, bytes?: number) => uploadedPage(`k${id}`, upload(id, bytes), undefined, 0)
const sending = () => localPage('s', new File(['x'], 's.png', { type: 'image/png' }))
const work = (v: Partial<WorkValues>): WorkValues => ({ ...EMPTY_WORK, ...v })

describe('the fields’ rules', () => {
  it('want a title of at most 32 characters, counted trimmed', () => {
    expect(checkWork(work({ title: '   ' }))).toEqual({ title: 'required' })
    expect(checkWork(work({ title: `  ${'a'.repeat(32)}  ` }))).toEqual({})
    expect(checkWork(work({ title: 'a'.repeat(33) }))).toEqual({ title: 'too long' })
  })

  it('count the caption as sent, its line breaks as <br />', () => {
    expect(captionHtml('  one\r\ntwo\nthree  ')).toBe('one<br />two<br />three')
    expect(captionText('one<br />two<br>three<BR/>\nfour')).toBe('one\ntwo\nthree\nfour')
    expect(captionLength('a\nb')).toBe(8)
    const atLimit = 'a'.repeat(MAX_CAPTION_LENGTH - 6) + '\n'
    expect(checkWork(work({ title: 't', caption: atLimit + 'b' })).caption).toBe('too long')
    expect(checkWork(work({ title: 't', caption: 'a'.repeat(MAX_CAPTION_LENGTH) })).caption).toBeUndefined()
  })

  it('want a new series to have a title, and ignore the title when no new series is chosen', () => {
    expect(checkWork(work({ title: 't', series: 'new', seriesTitle: ' ' }))).toEqual({ series_title: 'required' })
    expect(checkWork(work({ title: 't', series: 'new', seriesTitle: 'x'.repeat(33) }))).toEqual({
      series_title: 'too long',
    })
    expect(checkWork(work({ title: 't', series: 'none', seriesTitle: '' }))).toEqual({})
  })

  it('want one of the author’s series chosen when joining one', () => {
    expect(checkWork(work({ title: 't', series: 'existing', seriesId: null }))).toEqual({ series_id: 'required' })
    expect(checkWork(work({ title: 't', series: 'existing', seriesId: 5 }))).toEqual({})
    // a series once chosen is no matter once another choice is made
    expect(checkWork(work({ title: 't', series: 'none', seriesId: null }))).toEqual({})
  })

  it('take a tag once, trimmed and without its #, up to 10 of at most 30 characters', () => {
    expect(normalizeTag('  #オリジナル ')).toBe('オリジナル')
    expect(splitTags('cat dog,bird、魚\u3000 ,  ')).toEqual(['cat', 'dog', 'bird', '魚'])
    expect(tagProblem([], '  ')).toBe('empty')
    expect(tagProblem(['cat'], '#cat')).toBe('duplicate')
    expect(tagProblem(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], 'k')).toBe('too many')
    expect(tagProblem([], 'x'.repeat(31))).toBe('too long')
    expect(tagProblem([], 'x'.repeat(30))).toBeUndefined()
    expect(checkWork(work({ title: 't', tags: Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`) }))).toEqual({
      tags: 'too many',
    })
  })
})

describe('when the work may be sent', () => {
  it('needs a page, every page uploaded, none failed, and a title', () => {
    expect(blocker([], { title: 't' })).toBe('noPages')
    expect(blocker([done(1), sending()], { title: 't' })).toBe('uploading')
    const failed: PageItem = { ...sending(), status: 'failed', error: new Error('x') }
    expect(blocker([done(1), failed, sending()], { title: 't' })).toBe('failed')
    expect(blocker([done(1)], { title: '  ' })).toBe('noTitle')
    expect(blocker([done(1), done(2)], { title: 'Title' })).toBeNull()
  })

  it('needs an ugoira’s one animation, and no animation among a work’s pages', () => {
    const animation = uploadedPage('a', { ...upload(5), ext: 'zip', frame_delays: [100, 200] }, undefined, 0)
    expect(blocker([], { title: 't', type: 'ugoira' })).toBe('noUgoira')
    expect(blocker([animation], { title: 't', type: 'ugoira' })).toBeNull()
    expect(blocker([done(1)], { title: 't', type: 'ugoira' })).toBe('notUgoira')
    expect(blocker([animation, done(1)], { title: 't', type: 'ugoira' })).toBe('notUgoira')
    expect(blocker([animation], { title: 't', type: 'manga' })).toBe('ugoiraPage')
    // Its file on its way is waited for like a page's.
    const coming = localPage('u', new File(['x'], 'a.gif', { type: 'image/gif' }), undefined, 'ugoira')
    expect(blocker([coming], { title: 't', type: 'ugoira' })).toBe('uploading')
    expect(blocker([coming], { title: 't', type: 'illust' })).toBe('uploading')
  })

  it('refuses more pages, or more bytes, than a work may have', () => {
    const many = Array.from({ length: MAX_PAGES + 1 }, (_, i) => done(i + 1))
    expect(blocker(many, { title: 't' })).toBe('tooManyPages')
    expect(blocker([done(1, MAX_WORK_BYTES), done(2, 1)], { title: 't' })).toBe('tooLarge')
  })
})

describe('the work as sent', () => {
  it('is every field, trimmed, with the pages in the order shown', () => {
    const values = work({
      title: '  Three pages ',
      caption: 'line one\nline two',
      type: 'manga',
      tags: ['cat', 'dog'],
      restrict: 'mypixiv',
      xRestrict: 'r18',
      aiType: 'ai',
      bookStyle: 'right_to_left',
      commentAccess: 'followed',
      series: 'new',
      seriesTitle: ' My series ',
    })
    expect(workParams(values, [done(3), done(1), done(2)])).toEqual({
      title: 'Three pages',
      caption: 'line one<br />line two',
      type: 'manga',
      tags: ['cat', 'dog'],
      upload_ids: [3, 1, 2],
      restrict: 'mypixiv',
      x_restrict: 'r18',
      ai_type: 'ai',
      book_style: 'right_to_left',
      comment_access: 'followed',
      series_title: 'My series',
    })
  })

  it('keeps the work’s series by its id, sends no series for none, and no reading direction for an illustration', () => {
    const current = { id: 9, title: 'S' }
    const kept = workParams(work({ title: 't', series: 'current', currentSeries: current }), [done(1)])
    expect(kept.series_id).toBe(9)
    expect(kept).not.toHaveProperty('series_title')
    const none = workParams(work({ title: 't', currentSeries: current, bookStyle: 'right_to_left' }), [done(1)])
    expect(none).not.toHaveProperty('series_id')
    expect(none).not.toHaveProperty('series_title')
    expect(none.book_style).toBe('left_to_right')
  })

  it('joins one of the author’s series by its id, and only when that is the choice', () => {
    const joined = workParams(work({ title: 't', series: 'existing', seriesId: 12, seriesTitle: 'old' }), [done(1)])
    expect(joined.series_id).toBe(12)
    expect(joined).not.toHaveProperty('series_title')
    const named = workParams(work({ title: 't', series: 'new', seriesId: 12, seriesTitle: 'Fresh' }), [done(1)])
    expect(named).not.toHaveProperty('series_id')
    expect(named.series_title).toBe('Fresh')
    const unchosen = workParams(work({ title: 't', series: 'existing', seriesId: null }), [done(1)])
    expect(unchosen).not.toHaveProperty('series_id')
  })

  it('is an ugoira’s one upload, with its delays only when they were changed', () => {
    const animation = uploadedPage('a', { ...upload(5), ext: 'zip', frame_delays: [100, 400, 700] }, undefined, 0)
    const asUploaded = workParams(work({ title: 't', type: 'ugoira', bookStyle: 'right_to_left' }), [animation])
    expect(asUploaded).toMatchObject({ type: 'ugoira', upload_ids: [5], book_style: 'left_to_right' })
    expect(asUploaded).not.toHaveProperty('frame_delays')
    // Typed back to what they were: nothing to send.
    const same = { uploadId: 5, delays: ['100', ' 400', '700'] }
    expect(workParams(work({ title: 't', type: 'ugoira', frameDelays: same }), [animation])).not.toHaveProperty(
      'frame_delays',
    )
    const edited = { uploadId: 5, delays: ['100', '250', '700'] }
    expect(workParams(work({ title: 't', type: 'ugoira', frameDelays: edited }), [animation]).frame_delays).toEqual([
      100, 250, 700,
    ])
    // Delays edited for another upload (the file was replaced) are not this one's.
    const stale = { uploadId: 4, delays: ['20', '20', '20'] }
    expect(workParams(work({ title: 't', type: 'ugoira', frameDelays: stale }), [animation])).not.toHaveProperty(
      'frame_delays',
    )
  })

  it('checks an ugoira’s delays as the service does', () => {
    const animation = uploadedPage('a', { ...upload(5), ext: 'zip', frame_delays: [100, 100] }, undefined, 0)
    const ugoira = (delays: string[]) => work({ title: 't', type: 'ugoira', frameDelays: { uploadId: 5, delays } })
    expect(checkWork(ugoira(['20', '60000']), [animation])).toEqual({})
    expect(checkWork(ugoira(['19', '100']), [animation])).toEqual({ frame_delays: 'invalid' })
    expect(checkWork(ugoira(['100', '']), [animation])).toEqual({ frame_delays: 'invalid' })
    expect(checkWork(ugoira(['100', '60001']), [animation])).toEqual({ frame_delays: 'invalid' })
    expect(checkWork(ugoira(['100', '1.5']), [animation])).toEqual({ frame_delays: 'invalid' })
    expect(() => workParams(ugoira(['100', '']), [animation])).toThrow()
  })

  it('cannot be made while a page is not uploaded', () => {
    expect(() => workParams(work({ title: 't' }), [sending()])).toThrow()
  })
})

describe('a posted work, to edit', () => {
  const posted = {
    id: 5,
    title: 'Posted',
    caption: 'a<br />b',
    type: 'manga',
    tags: [
      { name: 'cat', translatedName: null },
      { name: '猫', translatedName: 'cat' },
    ],
    restrict: 2,
    xRestrict: 1,
    illustAiType: 2,
    illustBookStyle: 1,
    commentAccessControl: 1,
    series: { id: 4, title: 'Saga' },
    imageUrls: { squareMedium: 'sq0', medium: 'm', large: 'l' },
    metaPages: [
      { imageUrls: { squareMedium: 'p0', medium: '', large: '', original: '' } },
      { imageUrls: { squareMedium: 'p1', medium: '', large: '', original: '' } },
    ],
  } as unknown as Illust

  it('fills every field from the detail', () => {
    expect(workValuesOf(posted)).toEqual({
      title: 'Posted',
      caption: 'a\nb',
      type: 'manga',
      tags: ['cat', '猫'],
      restrict: 'private',
      xRestrict: 'r18',
      aiType: 'ai',
      bookStyle: 'right_to_left',
      commentAccess: 'followed',
      series: 'current',
      currentSeries: { id: 4, title: 'Saga' },
      seriesId: null,
      seriesTitle: '',
      frameDelays: null,
    })
    expect(workValuesOf({ ...posted, type: 'ugoira' } as Illust).type).toBe('ugoira')
    const plain = {
      ...posted,
      type: 'illust',
      illustAiType: 1,
      illustBookStyle: 0,
      commentAccessControl: 0,
      series: null,
    }
    expect(workValuesOf(plain as Illust)).toMatchObject({
      type: 'illust',
      aiType: 'not_ai',
      bookStyle: 'left_to_right',
      commentAccess: 'everyone',
      series: 'none',
      currentSeries: null,
    })
  })

  it('holds the restrict its author chose for a work moderators hide, not the private one its detail says', () => {
    expect(workValuesOf(posted, { restrict: 'public' }).restrict).toBe('public')
    expect(workValuesOf({ ...posted, restrict: 0 } as Illust, null).restrict).toBe('public')
    expect(workValuesOf(posted, null).restrict).toBe('private')
  })

  it('offers the author’s other series to join, and keeps one a draft chose that is gone', () => {
    const own = [
      { id: 4, title: 'Saga', count: 3 },
      { id: 2, title: 'Sketches', count: 1 },
    ]
    const none = { currentSeries: null, series: 'none', seriesId: null } as const
    expect(joinableSeries(own, none)).toEqual(own)
    // the series the work is in is its own choice
    expect(joinableSeries(own, { ...none, currentSeries: { id: 4, title: 'Saga' } })).toEqual([own[1]])
    expect(joinableSeries(own, { ...none, series: 'existing', seriesId: 2 })).toEqual(own)
    expect(joinableSeries(own, { ...none, series: 'existing', seriesId: 8 })).toEqual([
      ...own,
      { id: 8, title: null, count: null },
    ])
    expect(joinableSeries([], { ...none, seriesId: 8 })).toEqual([])
  })

  it('shows each page by its own square image; a one-page work by the work’s', () => {
    expect(pageImages(posted)).toEqual(['p0', 'p1'])
    expect(pageImages({ ...posted, metaPages: [] })).toEqual(['sq0'])
  })
})
