import { describe, expect, it } from 'vitest'
import { bookSpreads, spreadIndexOfPage, spreadLabel } from './book-spreads.ts'

describe('bookSpreads', () => {
  it('puts the cover alone and pairs the rest as [2,3], [4,5], …', () => {
    expect(bookSpreads(6)).toEqual([[1], [2, 3], [4, 5], [6]])
    expect(bookSpreads(7)).toEqual([[1], [2, 3], [4, 5], [6, 7]])
  })

  it('handles the smallest books', () => {
    expect(bookSpreads(0)).toEqual([])
    expect(bookSpreads(1)).toEqual([[1]])
    expect(bookSpreads(2)).toEqual([[1], [2]])
    expect(bookSpreads(3)).toEqual([[1], [2, 3]])
  })

  it('holds every page exactly once, in order', () => {
    for (let n = 1; n <= 40; n++) expect(bookSpreads(n).flat()).toEqual(Array.from({ length: n }, (_, i) => i + 1))
  })
})

describe('spreadIndexOfPage', () => {
  it('finds the spread of each page', () => {
    const spreads = bookSpreads(9)
    for (let page = 1; page <= 9; page++) expect(spreads[spreadIndexOfPage(page, 9)]).toContain(page)
  })

  it('clamps pages outside the book', () => {
    expect(spreadIndexOfPage(0, 5)).toBe(0)
    expect(spreadIndexOfPage(99, 5)).toBe(bookSpreads(5).length - 1)
  })
})

describe('spreadLabel', () => {
  it('names a pair by its range and a single page by its number', () => {
    expect(spreadLabel([2, 3])).toBe('2–3')
    expect(spreadLabel([1])).toBe('1')
  })
})
