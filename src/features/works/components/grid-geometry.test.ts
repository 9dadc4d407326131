import { describe, expect, it } from 'vitest'
import { GRID_ROW_HEIGHT } from '../../../tunables.ts'
import {
  blocksBackground,
  blocksHeight,
  gridGap,
  gridLayout,
  placeholderBlocks,
  rowIndexAt,
  rowOfItem,
  targetRowHeight,
} from './grid-geometry.ts'

const portrait = { width: 1200, height: 1697 }
const landscape = { width: 1920, height: 1080 }

describe('targetRowHeight', () => {
  it('grows with the container between the narrow and wide widths, per density', () => {
    expect(targetRowHeight(360, 'comfortable')).toBe(GRID_ROW_HEIGHT.comfortable.min)
    expect(targetRowHeight(2560, 'comfortable')).toBe(GRID_ROW_HEIGHT.comfortable.max)
    const mid = targetRowHeight(1200, 'comfortable')
    expect(mid).toBeGreaterThan(GRID_ROW_HEIGHT.comfortable.min)
    expect(mid).toBeLessThan(GRID_ROW_HEIGHT.comfortable.max)
    expect(targetRowHeight(1200, 'compact')).toBeLessThan(mid)
    expect(targetRowHeight(1200, 'spacious')).toBeGreaterThan(mid)
  })
})

describe('gridLayout', () => {
  it('puts about two portrait works in a row on a phone and many on a wide screen', () => {
    const items = Array.from({ length: 60 }, () => portrait)
    const phone = gridLayout(items, 344, 'comfortable')
    const perRowPhone = phone.rows[0]!.end - phone.rows[0]!.start
    expect(perRowPhone).toBeGreaterThanOrEqual(2)
    expect(perRowPhone).toBeLessThanOrEqual(3)
    const wide = gridLayout(items, 2520, 'comfortable')
    expect(wide.rows[0]!.end - wide.rows[0]!.start).toBeGreaterThanOrEqual(10)
  })

  it('fills complete rows to the container width exactly, with the gap between cells', () => {
    const items = Array.from({ length: 40 }, (_, i) => (i % 3 ? portrait : landscape))
    const g = gridLayout(items, 1000, 'comfortable')
    expect(g.gap).toBe(gridGap(1000))
    for (const row of g.rows.filter((r) => r.complete)) {
      const last = row.boxes[row.boxes.length - 1]!
      expect(last.x + last.width).toBe(1000)
      for (let j = 1; j < row.boxes.length; j++) {
        const gapBetween = row.boxes[j]!.x - (row.boxes[j - 1]!.x + row.boxes[j - 1]!.width)
        expect(Math.abs(gapBetween - g.gap)).toBeLessThanOrEqual(1)
      }
    }
  })

  it('keeps complete rows where they were when more items are appended (no jump as pages arrive)', () => {
    const first = Array.from({ length: 30 }, (_, i) => (i % 4 ? portrait : landscape))
    const more = [...first, ...Array.from({ length: 30 }, (_, i) => (i % 2 ? landscape : portrait))]
    const a = gridLayout(first, 1200, 'comfortable')
    const b = gridLayout(more, 1200, 'comfortable')
    for (const row of a.rows.filter((r) => r.complete)) {
      expect(b.rows.find((r) => r.start === row.start)).toEqual(row)
    }
  })

  it('gives an extreme aspect ratio a usable cell', () => {
    const g = gridLayout(
      [
        { width: 800, height: 3000 },
        { width: 6000, height: 500 },
      ],
      1000,
      'comfortable',
    )
    for (const box of g.boxes) expect(box.width).toBeGreaterThanOrEqual(box.height * 0.49)
    for (const box of g.boxes) expect(box.width).toBeLessThanOrEqual(box.height * 2.51)
  })

  it('lays out nothing without a width', () => {
    expect(gridLayout([portrait], 0, 'comfortable').rows).toEqual([])
  })
})

describe('placeholderBlocks', () => {
  it('fills at least the asked height with whole rows as wide as the container', () => {
    const blocks = placeholderBlocks(1000, 'comfortable', 900)
    expect(blocksHeight(blocks)).toBeGreaterThanOrEqual(900 - targetRowHeight(1000, 'comfortable'))
    const rowsY = new Set(blocks.map((b) => b.y))
    for (const y of rowsY) {
      const row = blocks.filter((b) => b.y === y)
      const last = row[row.length - 1]!
      expect(last.x + last.width).toBe(1000)
    }
  })

  it('gives at least one row, and none without a width', () => {
    expect(blocksHeight(placeholderBlocks(800, 'compact', 0))).toBeGreaterThan(0)
    expect(placeholderBlocks(0, 'compact', 500)).toEqual([])
  })

  it('paints blocks as background layers shifted by the offset', () => {
    const css = blocksBackground([{ x: 10, y: 5, width: 100, height: 50 }], 200, 'grey')
    expect(css).toBe('linear-gradient(grey, grey) 10px 205px / 100px 50px no-repeat')
    expect(blocksBackground([], 0, 'grey')).toBe('')
  })
})

describe('row look-ups', () => {
  const rows = [
    { start: 0, end: 3, y: 0, height: 100 },
    { start: 3, end: 5, y: 108, height: 120 },
    { start: 5, end: 9, y: 236, height: 90 },
  ]

  it('finds the row at a y (the gap below a row belongs to it)', () => {
    expect(rowIndexAt(rows, -50, 8)).toBe(0)
    expect(rowIndexAt(rows, 0, 8)).toBe(0)
    expect(rowIndexAt(rows, 107, 8)).toBe(0)
    expect(rowIndexAt(rows, 108, 8)).toBe(1)
    expect(rowIndexAt(rows, 5000, 8)).toBe(2)
    expect(rowIndexAt([], 10)).toBe(-1)
  })

  it('finds the row of an item', () => {
    expect(rowOfItem(rows, 0)).toBe(0)
    expect(rowOfItem(rows, 4)).toBe(1)
    expect(rowOfItem(rows, 8)).toBe(2)
    expect(rowOfItem(rows, 9)).toBe(-1)
  })
})
