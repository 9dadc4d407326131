import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { distanceTo, offsetAtEdge, type BlockBox } from './reading-geometry.ts'

// Three paragraphs of 100, 0 (a blank line) and 50 characters, laid out 200, 20 and 100 px tall, from y = 0.
const blocks: BlockBox[] = [
  { start: 0, end: 100, before: 0, after: 200 },
  { start: 101, end: 101, before: 200, after: 220 },
  { start: 102, end: 152, before: 240, after: 340 },
]

describe('offsetAtEdge', () => {
  it('is the start of the first block when nothing has been read', () => {
    expect(offsetAtEdge(blocks, -50)).toBe(0)
    expect(offsetAtEdge(blocks, 0)).toBe(0)
  })

  it('is in proportion inside the block the edge cuts', () => {
    expect(offsetAtEdge(blocks, 100)).toBe(50)
    expect(offsetAtEdge(blocks, 290)).toBe(127)
  })

  it('in a gap between blocks, is the start of the next block', () => {
    expect(offsetAtEdge(blocks, 230)).toBe(102)
  })

  it('a block reaching a fraction of a pixel past the edge, where the next begins, is passed over', () => {
    // Scrolled so the third block starts at the edge, which landed 0.4 px into the blank line's rounding.
    const edge = 219.6
    const laid = [blocks[0]!, blocks[1]!, { ...blocks[2]!, before: 220, after: 320 }]
    expect(offsetAtEdge(laid, edge)).toBe(102)
    // A block the edge cuts well inside still counts.
    expect(offsetAtEdge(laid, 210)).toBe(101)
  })

  it('past the end, is the last block', () => {
    expect(offsetAtEdge(blocks, 1000)).toBe(102)
  })

  it('is null without blocks', () => {
    expect(offsetAtEdge([], 0)).toBeNull()
  })
})

describe('distanceTo', () => {
  it('brings the block holding the offset to the edge, in proportion inside it', () => {
    expect(distanceTo(blocks, 0, 0)).toBe(0)
    expect(distanceTo(blocks, 50, 0)).toBe(100)
    expect(distanceTo(blocks, 127, 80)).toBe(290 - 80)
    expect(distanceTo(blocks, 101, 0)).toBe(200)
  })

  it('goes back (negative) when the offset is above the edge', () => {
    expect(distanceTo(blocks, 0, 150)).toBe(-150)
  })

  it('an offset before every block goes to the first one', () => {
    expect(distanceTo([{ start: 10, end: 20, before: 5, after: 25 }], 3, 0)).toBe(5)
  })
})

describe('round trip', () => {
  it('an offset moved to the edge reads back as (about) the same offset, whatever the layout', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ chars: fc.integer({ min: 0, max: 400 }), px: fc.integer({ min: 1, max: 600 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 200 }),
        (sizes, wanted, edge) => {
          const laid: BlockBox[] = []
          let at = 0
          let y = 37
          for (const { chars, px } of sizes) {
            laid.push({ start: at, end: at + chars, before: y, after: y + px })
            at += chars + 1
            y += px
          }
          // Offsets as offsetAtEdge gives them: before the end of the last block.
          const last = laid[laid.length - 1]!
          const offset = Math.min(wanted, Math.max(last.start, last.end - 1))
          const moved = distanceTo(laid, offset, edge)
          const shifted = laid.map((b) => ({ ...b, before: b.before - moved, after: b.after - moved }))
          const read = offsetAtEdge(shifted, edge)!
          // Within the one block, one pixel's worth of characters at most.
          const block = [...laid].reverse().find((b) => b.start <= offset) ?? laid[0]!
          const perPx = (block.end - block.start) / (block.after - block.before)
          expect(Math.abs(read - Math.max(offset, laid[0]!.start))).toBeLessThanOrEqual(Math.ceil(perPx) + 1)
        },
      ),
    )
  })
})
