import { describe, expect, it } from 'vitest'
import { localPage, uploadedPage } from './page-list.ts'
import {
  delayTexts,
  editedDelaysOf,
  loopMs,
  needsClearing,
  parseDelay,
  ugoiraFile,
  ugoiraUpload,
  withAllDelays,
  withDelay,
  type UgoiraUpload,
} from './ugoira-rules.ts'

const animation: UgoiraUpload = { id: 5, width: 120, height: 90, ext: 'zip', bytes: 900, frame_delays: [100, 400, 700] }
const page = (id: number) => uploadedPage(`p${id}`, { id, width: 10, height: 10, ext: 'png', bytes: 10 })
const ugoiraItem = uploadedPage('u', animation)
const file = (name: string, type: string) => new File([new Uint8Array(4)], name, { type })

describe('an ugoira’s upload', () => {
  it('is the one uploaded item with frame delays', () => {
    expect(ugoiraUpload([ugoiraItem])).toBe(animation)
    expect(ugoiraUpload([])).toBeUndefined()
    expect(ugoiraUpload([page(1)])).toBeUndefined()
    expect(ugoiraUpload([ugoiraItem, page(1)])).toBeUndefined()
    expect(ugoiraUpload([localPage('l', file('a.gif', 'image/gif'), undefined, 'ugoira')])).toBeUndefined()
  })

  it('sends an APNG as the PNG it is, and any other file as it is', async () => {
    const apng = ugoiraFile(file('spin.apng', 'image/apng'))
    expect(apng.type).toBe('image/png')
    expect(apng.name).toBe('spin.apng')
    expect((await apng.arrayBuffer()).byteLength).toBe(4)
    const gif = file('a.gif', 'image/gif')
    expect(ugoiraFile(gif)).toBe(gif)
  })
})

describe('the frame delays', () => {
  it('show as the animation played until edited for this upload', () => {
    expect(delayTexts(null, animation)).toEqual(['100', '400', '700'])
    expect(delayTexts({ uploadId: 5, delays: ['1', '2', '3'] }, animation)).toEqual(['1', '2', '3'])
    // Edited for a file since replaced, or for another count of frames: not this upload's.
    expect(delayTexts({ uploadId: 4, delays: ['1', '2', '3'] }, animation)).toEqual(['100', '400', '700'])
    expect(delayTexts({ uploadId: 5, delays: ['1'] }, animation)).toEqual(['100', '400', '700'])
  })

  it('change one at a time, as typed, or all at once', () => {
    const one = withDelay(null, animation, 1, '25')
    expect(one).toEqual({ uploadId: 5, delays: ['100', '25', '700'] })
    expect(withDelay(one, animation, 2, '')).toEqual({ uploadId: 5, delays: ['100', '25', ''] })
    expect(withAllDelays(animation, 80)).toEqual({ uploadId: 5, delays: ['80', '80', '80'] })
  })

  it('are whole milliseconds from 20 to 60,000', () => {
    expect(parseDelay('20')).toBe(20)
    expect(parseDelay(' 60000 ')).toBe(60000)
    for (const bad of ['', '19', '60001', '1.5', '-30', '1e3', 'abc', '123456']) expect(parseDelay(bad)).toBeUndefined()
  })

  it('make a loop of their valid delays', () => {
    expect(loopMs(['100', '400', '700'])).toBe(1200)
    expect(loopMs(['100', '', '700'])).toBe(800)
  })

  it('of a posted ugoira are the form’s only when they differ from its upload’s', () => {
    expect(editedDelaysOf(animation, [100, 400, 700])).toBeNull()
    expect(editedDelaysOf(animation, [250, 400, 700])).toEqual({ uploadId: 5, delays: ['250', '400', '700'] })
    expect(editedDelaysOf(animation, [250, 400])).toBeNull()
  })
})

describe('changing the work’s type', () => {
  it('asks to remove what the new type has no use for', () => {
    expect(needsClearing('ugoira', [])).toBe(false)
    expect(needsClearing('ugoira', [page(1), page(2)])).toBe(true)
    expect(needsClearing('ugoira', [ugoiraItem])).toBe(false)
    expect(needsClearing('manga', [page(1)])).toBe(false)
    expect(needsClearing('illust', [ugoiraItem])).toBe(true)
    // A file still on its way counts as what it is being sent as.
    expect(needsClearing('manga', [localPage('l', file('a.zip', 'application/zip'), undefined, 'ugoira')])).toBe(true)
    expect(needsClearing('ugoira', [localPage('l', file('a.png', 'image/png'))])).toBe(true)
  })
})
