import { READING_POSITIONS_KEPT } from '../../../tunables.ts'

// Where the reader left each novel: a character offset into the novel's source text. An offset, not a scroll
// position, so it survives a different font size, line spacing, writing mode or screen.

const KEY = 'easel.reading-positions'

interface Saved {
  offset: number
  /** When it was saved (ms since the epoch): the oldest entries go first when the store is full. */
  at: number
}

type Positions = Record<string, Saved>

function read(): Positions {
  try {
    const raw = localStorage.getItem(KEY)
    const parsed = raw ? (JSON.parse(raw) as unknown) : null
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Positions) : {}
  } catch {
    return {}
  }
}

/** The saved offset for a novel, or null. */
export function loadReadingPosition(novelId: number): number | null {
  const saved = read()[String(novelId)]
  return saved && Number.isInteger(saved.offset) && saved.offset >= 0 ? saved.offset : null
}

/** Keeps the newest `max` entries of `positions`. */
export function prune(positions: Positions, max: number): Positions {
  const entries = Object.entries(positions)
  if (entries.length <= max) return positions
  entries.sort((a, b) => b[1].at - a[1].at)
  return Object.fromEntries(entries.slice(0, max))
}

export function saveReadingPosition(novelId: number, offset: number, now = Date.now()) {
  const positions = read()
  if (positions[String(novelId)]?.offset === offset) return
  positions[String(novelId)] = { offset, at: now }
  try {
    localStorage.setItem(KEY, JSON.stringify(prune(positions, READING_POSITIONS_KEPT)))
  } catch {
    // Storage full or disabled: the position is simply not remembered.
  }
}
