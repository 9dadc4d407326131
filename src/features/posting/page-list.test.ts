import { describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../api/posting-endpoints.ts'
import type { Upload } from '../../lib/posting-client.ts'
import {
  heldUploads,
  isUgoiraItem,
  localPage,
  localRefusal,
  pagesReducer,
  totalBytes,
  uploadedPage,
  uploadIds,
  type PageAction,
  type PageItem,
} from './page-list.ts'

const file = (name: string, type = 'image/png', size = 100) => new File([new Uint8Array(size)], name, { type })
const upload = (id: number, bytes = 100): Upload => ({ id, width: 800, height: 600, ext: 'png', bytes })
const run = (pages: readonly PageItem[], ...actions: PageAction[]) => actions.reduce(pagesReducer, pages)
const keys = (pages: readonly PageItem[]) => pages.map((p) => p.key)

const three = () => run([], { type: 'add', pages: ['a', 'b', 'c'].map((k) => localPage(k, file(`${k}.png`))) })

describe('the page list', () => {
  it('adds files as pages on their way, in the order given, after the pages already there', () => {
    const pages = run(three(), { type: 'add', pages: [localPage('d', file('d.png'))] })
    expect(keys(pages)).toEqual(['a', 'b', 'c', 'd'])
    expect(pages.map((p) => [p.name, p.status, p.sent, p.total])).toEqual([
      ['a.png', 'uploading', 0, 100],
      ['b.png', 'uploading', 0, 100],
      ['c.png', 'uploading', 0, 100],
      ['d.png', 'uploading', 0, 100],
    ])
  })

  it('follows a file’s bytes, then holds the service’s upload', () => {
    const start = three()
    let pages = run(start, { type: 'progress', key: 'b', sent: 40, total: 120 })
    expect(pages[1]).toMatchObject({ status: 'uploading', sent: 40, total: 120 })
    // The other pages are the same objects: their tiles need not re-render.
    expect(pages[0]).toBe(start[0])
    expect(pages[2]).toBe(start[2])
    pages = run(pages, { type: 'uploaded', key: 'b', upload: upload(7), at: 1000 })
    expect(pages[1]).toMatchObject({ status: 'uploaded', sent: 120, upload: upload(7), at: 1000 })
    // Late progress of a finished upload changes nothing.
    expect(run(pages, { type: 'progress', key: 'b', sent: 1, total: 120 })).toBe(pages)
  })

  it('keeps a failure with its error, and a retry sends the page again from nothing', () => {
    const error = new Error('offline')
    let pages = run(three(), { type: 'progress', key: 'a', sent: 50, total: 100 }, { type: 'failed', key: 'a', error })
    expect(pages[0]).toMatchObject({ status: 'failed', error })
    pages = run(pages, { type: 'retry', key: 'a' })
    expect(pages[0]).toMatchObject({ status: 'uploading', sent: 0, error: undefined })
    expect(pages[0]!.file?.name).toBe('a.png')
    // Only a failed page is retried.
    expect(run(pages, { type: 'retry', key: 'b' })).toBe(pages)
  })

  it('refuses, without sending, a file that is no accepted image or is too large; it cannot be retried', () => {
    expect(localRefusal({ type: 'application/pdf', size: 10 })).toBe('type')
    expect(localRefusal({ type: 'image/webp', size: MAX_UPLOAD_BYTES + 1 })).toBe('size')
    expect(localRefusal({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES })).toBeUndefined()
    // A type the browser does not know is the service's to read from the bytes.
    expect(localRefusal({ type: '', size: 10 })).toBeUndefined()
    const pages = run([], { type: 'add', pages: [localPage('x', file('x.pdf', 'application/pdf'))] })
    expect(pages[0]).toMatchObject({ status: 'failed', refused: 'type' })
    expect(run(pages, { type: 'retry', key: 'x' })).toBe(pages)
  })

  it('takes an ugoira’s file as an animation or a zip of frames, sent as an ugoira’s, retried as one', () => {
    for (const type of ['image/gif', 'image/webp', 'image/png', 'image/apng', 'application/zip', ''])
      expect(localRefusal({ type, size: 10 }, 'ugoira')).toBeUndefined()
    expect(localRefusal({ type: 'image/jpeg', size: 10 }, 'ugoira')).toBe('type')
    expect(localRefusal({ type: 'video/mp4', size: 10 }, 'ugoira')).toBe('type')
    expect(localRefusal({ type: 'application/zip', size: MAX_UPLOAD_BYTES + 1 }, 'ugoira')).toBe('size')
    // A zip is no page.
    expect(localRefusal({ type: 'application/zip', size: 10 })).toBe('type')
    const coming = localPage('u', file('anim.zip', 'application/zip'), undefined, 'ugoira')
    expect(coming).toMatchObject({ status: 'uploading', kind: 'ugoira' })
    expect(isUgoiraItem(coming)).toBe(true)
    let pages = run([], { type: 'add', pages: [coming] }, { type: 'failed', key: 'u', error: new Error('x') })
    pages = run(pages, { type: 'retry', key: 'u' })
    expect(pages[0]).toMatchObject({ status: 'uploading', kind: 'ugoira' })
    // Restored from a draft, an upload with delays is an ugoira's; one without is a page.
    const restored = uploadedPage('r', { ...upload(3), ext: 'zip', frame_delays: [100, 200] })
    expect(isUgoiraItem(restored)).toBe(true)
    expect(isUgoiraItem(uploadedPage('p', upload(4)))).toBe(false)
    expect(isUgoiraItem(localPage('l', file('l.png')))).toBe(false)
  })

  it('removes a page wherever it is', () => {
    expect(keys(run(three(), { type: 'remove', key: 'b' }))).toEqual(['a', 'c'])
    expect(keys(run(three(), { type: 'remove', key: 'a' }, { type: 'remove', key: 'c' }))).toEqual(['b'])
    expect(keys(run(three(), { type: 'remove', key: 'nope' }))).toEqual(['a', 'b', 'c'])
  })

  it('moves a page one place earlier or later, never past either end', () => {
    expect(keys(run(three(), { type: 'move', key: 'a', by: 1 }))).toEqual(['b', 'a', 'c'])
    expect(keys(run(three(), { type: 'move', key: 'c', by: -1 }))).toEqual(['a', 'c', 'b'])
    const pages = three()
    expect(run(pages, { type: 'move', key: 'a', by: -1 })).toBe(pages)
    expect(run(pages, { type: 'move', key: 'c', by: 1 })).toBe(pages)
  })

  it('moves a dragged page to the place of the page it is dropped on', () => {
    expect(keys(run(three(), { type: 'moveTo', key: 'a', to: 'c' }))).toEqual(['b', 'c', 'a'])
    expect(keys(run(three(), { type: 'moveTo', key: 'c', to: 'a' }))).toEqual(['c', 'a', 'b'])
    expect(keys(run(three(), { type: 'moveTo', key: 'b', to: 'c' }))).toEqual(['a', 'c', 'b'])
    const pages = three()
    expect(run(pages, { type: 'moveTo', key: 'b', to: 'b' })).toBe(pages)
    expect(run(pages, { type: 'moveTo', key: 'gone', to: 'a' })).toBe(pages)
  })

  it('posts the upload ids in the order shown, only once every page is uploaded', () => {
    let pages = three()
    expect(uploadIds(pages)).toBeUndefined()
    pages = run(
      pages,
      { type: 'uploaded', key: 'a', upload: upload(11), at: 1 },
      { type: 'uploaded', key: 'c', upload: upload(13), at: 3 },
    )
    expect(uploadIds(pages)).toBeUndefined()
    pages = run(pages, { type: 'uploaded', key: 'b', upload: upload(12), at: 2 }, { type: 'move', key: 'b', by: 1 })
    expect(uploadIds(pages)).toEqual([11, 13, 12])
    expect(uploadIds([])).toEqual([])
  })

  it('keeps only the uploaded pages, in order, for a draft; restored, they come back uploaded without a preview', () => {
    const pages = run(
      three(),
      { type: 'uploaded', key: 'c', upload: upload(13), at: 30 },
      { type: 'uploaded', key: 'a', upload: upload(11), at: 10 },
      { type: 'move', key: 'c', by: -1 },
    )
    const held = heldUploads(pages)
    expect(held).toEqual([
      { upload: upload(11), at: 10 },
      { upload: upload(13), at: 30 },
    ])
    const restored = run(pages, {
      type: 'reset',
      pages: held.map((h, i) => uploadedPage(`r${i}`, h.upload, undefined, h.at)),
    })
    expect(restored.map((p) => [p.key, p.status, p.preview, p.file, p.upload?.id, p.at])).toEqual([
      ['r0', 'uploaded', undefined, undefined, 11, 10],
      ['r1', 'uploaded', undefined, undefined, 13, 30],
    ])
    expect(uploadIds(restored)).toEqual([11, 13])
  })

  it('counts the pages’ bytes as the service does: an upload’s stored size, else the file’s', () => {
    const pages = run(three(), { type: 'uploaded', key: 'a', upload: upload(1, 70), at: 0 })
    expect(totalBytes(pages)).toBe(270)
  })
})
