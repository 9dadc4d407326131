import { describe, expect, it } from 'vitest'
import { bookmarkListParams } from './bookmark-controls.tsx'

describe('bookmarkListParams', () => {
  it('asks for private bookmarks only on the viewer’s own page', () => {
    const search = new URLSearchParams('restrict=private')
    expect(bookmarkListParams(search, 7, true)).toEqual({ userId: 7, restrict: 'private' })
    expect(bookmarkListParams(search, 7, false)).toEqual({ userId: 7, restrict: 'public' })
  })

  it('narrows to the tag the URL names, and to none when it is empty', () => {
    expect(bookmarkListParams(new URLSearchParams('tag=cat'), 7, false)).toEqual({
      userId: 7,
      restrict: 'public',
      tag: 'cat',
    })
    expect(bookmarkListParams(new URLSearchParams('tag='), 7, false)).toEqual({ userId: 7, restrict: 'public' })
  })
})
