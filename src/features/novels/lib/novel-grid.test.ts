import { describe, expect, it } from 'vitest'
import { NOVEL_CARD_HEIGHT, NOVEL_CARD_MIN_WIDTH } from '../../../tunables.ts'
import { novelGrid, rowAt, rowsHeight, rowTop } from './novel-grid.ts'

describe('novelGrid', () => {
  it('gives a 360 px phone one column and a desktop main column three', () => {
    expect(novelGrid(336, 30).columns).toBe(1)
    expect(novelGrid(1216, 30).columns).toBe(3)
  })

  it('never lets a card get narrower than the minimum, and never has zero columns', () => {
    for (const width of [0, 1, 200, 320, 640, 999, 1500, 2560]) {
      const { columns, gap } = novelGrid(width, 10)
      expect(columns).toBeGreaterThanOrEqual(1)
      if (columns > 1) expect((width - (columns - 1) * gap) / columns).toBeGreaterThanOrEqual(NOVEL_CARD_MIN_WIDTH)
    }
  })

  it('counts the rows a partly filled last row needs', () => {
    expect(novelGrid(1216, 0).rows).toBe(0)
    expect(novelGrid(1216, 3).rows).toBe(1)
    expect(novelGrid(1216, 4).rows).toBe(2)
    expect(novelGrid(336, 75).rows).toBe(75)
  })

  it('places rows at fixed offsets and finds the row under a y', () => {
    const grid = novelGrid(1216, 30)
    const step = NOVEL_CARD_HEIGHT + grid.gap
    expect(rowTop(grid, 4)).toBe(4 * step)
    expect(rowsHeight(grid, 0)).toBe(0)
    expect(rowsHeight(grid, 2)).toBe(2 * NOVEL_CARD_HEIGHT + grid.gap)
    expect(rowAt(grid, -50)).toBe(0)
    expect(rowAt(grid, step * 3 + 1)).toBe(3)
    expect(rowAt(grid, 1e9)).toBe(grid.rows - 1)
    expect(rowAt(novelGrid(1216, 0), 100)).toBe(-1)
  })
})
