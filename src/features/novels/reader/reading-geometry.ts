// Mapping between a character offset and the laid-out text. Pure: the reader measures its blocks and passes boxes in.
//
// Positions are measured along the reading direction, so one set of functions serves both writing modes:
// horizontal text reads top to bottom (along = y), vertical-rl text reads right to left (along = -x).

/** A block of text as laid out: its source offsets and its extent along the reading direction. */
export interface BlockBox {
  start: number
  end: number
  /** Where the block begins along the reading direction (px; grows as the reader moves on). */
  before: number
  /** Where it ends. */
  after: number
}

/**
 * The source offset at the reading edge (the top of the visible text, or its right edge in vertical writing): inside
 * the first block that reaches past the edge, in proportion to how much of it has gone by. Null without blocks.
 */
/** How far past the edge a block must reach to count as the one being read (px). */
const SUBPIXEL = 1

export function offsetAtEdge(blocks: readonly BlockBox[], edge: number): number | null {
  if (blocks.length === 0) return null
  let i = blocks.findIndex((b) => b.after > edge)
  // Scrolled past all of it: the last block, so going back there shows some text.
  if (i < 0) return blocks[blocks.length - 1]!.start
  // A block reaching less than a pixel past the edge while the next one starts there shows only its rounding: the
  // reader is at the next block (text scrolled to a block's edge lands on fractional pixels, in vertical-rl most).
  const next = blocks[i + 1]
  if (next && blocks[i]!.after - edge < SUBPIXEL && next.before - edge < SUBPIXEL) i++
  const block = blocks[i]!
  if (block.before >= edge || block.after <= block.before) return block.start
  const passed = Math.min(1, (edge - block.before) / (block.after - block.before))
  return block.start + Math.floor(passed * (block.end - block.start))
}

/**
 * How far to move the text forward along the reading direction (px; negative = back) so that `offset` comes to the
 * reading edge. The block holding the offset is found by its source range; within it, by proportion.
 */
export function distanceTo(blocks: readonly BlockBox[], offset: number, edge: number): number {
  if (blocks.length === 0) return 0
  let block = blocks[0]!
  for (const b of blocks) if (b.start <= offset) block = b
  const span = block.end - block.start
  const within = span > 0 ? Math.min(1, Math.max(0, (offset - block.start) / span)) : 0
  // Round down to whole pixels: landing a fraction early never hides the line the reader was on.
  return Math.floor(block.before + within * (block.after - block.before) - edge)
}
