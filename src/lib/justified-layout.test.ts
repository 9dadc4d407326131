import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { aspectRatio, justifiedLayout, type JustifiedOptions, type LayoutItem } from './justified-layout.ts'

const options: JustifiedOptions = { containerWidth: 1000, targetRowHeight: 200, gap: 8, maxRowHeight: 320 }

const item = (width: number, height: number): LayoutItem => ({ width, height })
const rowRight = (row: { boxes: { x: number; width: number }[] }) => row.boxes.at(-1)!.x + row.boxes.at(-1)!.width

const itemsArb = fc.array(
  fc.record({ width: fc.integer({ min: 1, max: 5000 }), height: fc.integer({ min: 1, max: 5000 }) }),
  { maxLength: 80 },
)
const optionsArb = fc.record({
  containerWidth: fc.integer({ min: 200, max: 2400 }),
  targetRowHeight: fc.integer({ min: 80, max: 400 }),
  gap: fc.integer({ min: 0, max: 16 }),
})

describe('justifiedLayout', () => {
  it('fills every complete row to the container width, with the gap between items', () => {
    const items = [
      item(1200, 800),
      item(800, 1200),
      item(1000, 1000),
      item(1600, 900),
      item(900, 1600),
      item(1000, 700),
    ]
    const { rows } = justifiedLayout(items, options)
    const complete = rows.filter((r) => r.complete)
    expect(complete.length).toBeGreaterThan(0)
    for (const row of complete) {
      expect(row.boxes[0]!.x).toBe(0)
      expect(rowRight(row)).toBe(1000)
      for (let i = 1; i < row.boxes.length; i++) {
        const prev = row.boxes[i - 1]!
        expect(row.boxes[i]!.x - (prev.x + prev.width)).toBeGreaterThanOrEqual(7)
        expect(row.boxes[i]!.x - (prev.x + prev.width)).toBeLessThanOrEqual(9)
      }
    }
  })

  it('keeps each box at its aspect ratio within rounding', () => {
    const items = [item(1200, 800), item(800, 1200), item(1000, 1000), item(1600, 900)]
    const { boxes } = justifiedLayout(items, options)
    boxes.forEach((box, i) => {
      const ratio = items[i]!.width / items[i]!.height
      expect(Math.abs(box.width - ratio * box.height)).toBeLessThanOrEqual(2)
    })
  })

  it('does not stretch the last row beyond the target height', () => {
    const { rows, height } = justifiedLayout([item(1000, 1000), item(1000, 1000)], options)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.complete).toBe(false)
    expect(rows[0]!.height).toBe(200)
    expect(rows[0]!.boxes.map((b) => b.width)).toEqual([200, 200])
    expect(height).toBe(200)
  })

  it('stacks rows with the gap and reports the total height', () => {
    const items = Array.from({ length: 12 }, () => item(1500, 1000))
    const layout = justifiedLayout(items, options)
    expect(layout.rows.length).toBeGreaterThan(1)
    layout.rows.forEach((row, i) => {
      if (i > 0) {
        const prev = layout.rows[i - 1]!
        expect(row.y).toBe(prev.y + prev.height + 8)
      }
      expect(row.boxes.every((b) => b.y === row.y && b.height === row.height)).toBe(true)
    })
    const last = layout.rows.at(-1)!
    expect(layout.height).toBe(last.y + last.height)
    expect(layout.boxes).toHaveLength(12)
    expect(layout.rows.flatMap((r) => r.boxes)).toEqual(layout.boxes)
  })

  it('clamps extreme aspect ratios so a long manga page is no sliver and a panorama no ribbon', () => {
    expect(aspectRatio(item(800, 3000))).toBeCloseTo(0.267, 3)
    expect(aspectRatio(item(800, 4000))).toBe(0.25)
    expect(aspectRatio(item(10000, 100))).toBe(4)
    expect(aspectRatio(item(0, 100))).toBe(1)
    expect(aspectRatio(item(100, 0))).toBe(1)
    const { boxes } = justifiedLayout([item(800, 8000), item(1000, 1000), item(20000, 500)], options)
    // 1:10 and 40:1 are laid out as 1:4 and 4:1.
    expect(Math.abs(boxes[0]!.width - boxes[0]!.height * 0.25)).toBeLessThanOrEqual(1)
    expect(Math.abs(boxes[2]!.width - boxes[2]!.height * 4)).toBeLessThanOrEqual(2)
  })

  it('puts a very wide item in a row of its own when it fills the width below the target', () => {
    const layout = justifiedLayout([item(4000, 1000), item(1000, 1000)], { containerWidth: 600, targetRowHeight: 200 })
    expect(layout.rows[0]).toMatchObject({ start: 0, end: 1, complete: true, height: 150 })
    expect(layout.rows[0]!.boxes[0]!.width).toBe(600)
  })

  it('returns nothing for no items or no width', () => {
    expect(justifiedLayout([], options)).toEqual({ rows: [], boxes: [], height: 0 })
    expect(justifiedLayout([item(1, 1)], { ...options, containerWidth: 0 })).toEqual({ rows: [], boxes: [], height: 0 })
  })

  it('property: appending items never moves an earlier complete row', () => {
    fc.assert(
      fc.property(itemsArb, itemsArb, optionsArb, (first, more, opts) => {
        const before = justifiedLayout(first, opts)
        const after = justifiedLayout([...first, ...more], opts)
        const complete = before.rows.filter((r) => r.complete)
        expect(after.rows.slice(0, complete.length)).toEqual(complete)
      }),
    )
  })

  it('property: complete rows fill the width, stay within the maximum height, and every item gets one box', () => {
    fc.assert(
      fc.property(itemsArb, optionsArb, (items, opts) => {
        const layout = justifiedLayout(items, opts)
        expect(layout.boxes).toHaveLength(items.length)
        const max = opts.targetRowHeight * 1.5
        for (const row of layout.rows) {
          expect(row.height).toBeLessThanOrEqual(Math.round(row.complete ? max : opts.targetRowHeight))
          expect(rowRight(row)).toBeLessThanOrEqual(opts.containerWidth)
          if (row.complete) expect(rowRight(row)).toBe(opts.containerWidth)
          for (const box of row.boxes) expect(box.width).toBeGreaterThan(0)
        }
        const trailing = layout.rows.filter((r) => !r.complete)
        expect(trailing.length).toBeLessThanOrEqual(1)
        if (trailing.length) expect(layout.rows.at(-1)!.complete).toBe(false)
      }),
    )
  })
})
