import { describe, expect, it } from 'vitest'
import { isNearEnd, trailingPagesWithoutVisible, uniqueById } from './list-paging.ts'

describe('isNearEnd', () => {
  const base = { viewportHeight: 800, distanceViewports: 2 }
  it('asks for more within the distance of the end of the loaded rows', () => {
    expect(isNearEnd({ ...base, scrollY: 0, contentBottom: 2400 })).toBe(true)
    expect(isNearEnd({ ...base, scrollY: 0, contentBottom: 2401 })).toBe(false)
    expect(isNearEnd({ ...base, scrollY: 5000, contentBottom: 7000 })).toBe(true)
  })
  it('asks for more when the rows do not even fill the viewport', () => {
    expect(isNearEnd({ ...base, scrollY: 0, contentBottom: 300 })).toBe(true)
  })
})

describe('uniqueById', () => {
  it('flattens pages in order and keeps the first of a repeated id', () => {
    const pages = [
      {
        illusts: [
          { id: 3, v: 'a' },
          { id: 2, v: 'a' },
        ],
      },
      {
        illusts: [
          { id: 2, v: 'b' },
          { id: 1, v: 'b' },
        ],
      },
    ]
    expect(uniqueById(pages, (p) => p.illusts)).toEqual([
      { id: 3, v: 'a' },
      { id: 2, v: 'a' },
      { id: 1, v: 'b' },
    ])
    expect(uniqueById(undefined, (p: { illusts: { id: number }[] }) => p.illusts)).toEqual([])
  })
})

describe('trailingPagesWithoutVisible', () => {
  it('counts the pages at the end whose works are all hidden', () => {
    const pages = [
      { illusts: [{ id: 1 }, { id: 2 }] },
      { illusts: [{ id: 3 }] },
      { illusts: [{ id: 4 }] },
      { illusts: [] },
    ]
    expect(
      trailingPagesWithoutVisible(
        pages,
        (p) => p.illusts,
        (id) => id === 1,
      ),
    ).toBe(3)
    expect(
      trailingPagesWithoutVisible(
        pages,
        (p) => p.illusts,
        (id) => id === 4,
      ),
    ).toBe(1)
    expect(
      trailingPagesWithoutVisible(
        pages,
        (p) => p.illusts,
        () => false,
      ),
    ).toBe(4)
    expect(
      trailingPagesWithoutVisible(
        undefined,
        (p: { illusts: { id: number }[] }) => p.illusts,
        () => true,
      ),
    ).toBe(0)
  })
})
