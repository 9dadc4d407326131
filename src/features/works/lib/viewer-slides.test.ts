import { describe, expect, it } from 'vitest'
import { pageCounter, slideIndexOfPage, viewerSlides } from './viewer-slides.ts'

const pages = [1, 2, 3].map((n) => ({ src: `/p${n}.png`, alt: `page ${n}` }))
const size = { width: 800, height: 1200 }

describe('viewerSlides', () => {
  it('puts the pages in order, each with the work size', () => {
    const slides = viewerSlides(pages, size, {})
    expect(slides.map((s) => (s.kind === 'page' ? s.page : s.direction))).toEqual([1, 2, 3])
    expect(slides[0]).toMatchObject({ src: '/p1.png', alt: 'page 1', width: 800, height: 1200 })
  })

  it('brackets the pages with steps to the neighbouring works that exist', () => {
    expect(viewerSlides(pages, size, { prev: 10, next: 12 }).map((s) => s.kind)).toEqual([
      'work',
      'page',
      'page',
      'page',
      'work',
    ])
    expect(viewerSlides(pages, size, { next: 12 }).at(-1)).toEqual({ kind: 'work', direction: 'next', workId: 12 })
    expect(viewerSlides(pages, size, { prev: 10 })[0]).toEqual({ kind: 'work', direction: 'prev', workId: 10 })
  })

  it('has no slides at all for a work without pages', () => {
    expect(viewerSlides([], size, { prev: 1, next: 2 })).toEqual([])
  })
})

describe('slideIndexOfPage and pageCounter', () => {
  const slides = viewerSlides(pages, size, { prev: 10, next: 12 })

  it('finds a page behind the leading step, clamped to the pages', () => {
    expect(slideIndexOfPage(slides, 1)).toBe(1)
    expect(slideIndexOfPage(slides, 3)).toBe(3)
    expect(slideIndexOfPage(slides, 'last')).toBe(3)
    expect(slideIndexOfPage(slides, 0)).toBe(1)
    expect(slideIndexOfPage(slides, 99)).toBe(3)
  })

  it('counts pages only', () => {
    expect(pageCounter(slides, 1)).toBe('1 / 3')
    expect(pageCounter(slides, 3)).toBe('3 / 3')
    expect(pageCounter(slides, 0)).toBeNull()
    expect(pageCounter(slides, 4)).toBeNull()
  })
})
