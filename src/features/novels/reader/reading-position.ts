import { READING_POSITIONS_KEPT } from '../../../tunables.ts'
import { pageAt, type NovelDocument } from '../markup/parse-novel.ts'

// Where the reader left each novel: a character offset into the novel's source text. An offset, not a scroll
// position, so it survives a different font size, line spacing, writing mode or screen. No React: the page's first
// view (src/app/first-view/first-view.ts) asks where the reader will open, too.

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

/** The page a `?p=` value names, or null when it names none of the novel's `count` pages. */
export function parsePage(raw: string | null, count: number): number | null {
  if (!raw || !/^\d{1,6}$/.test(raw)) return null
  const n = Number(raw)
  return n >= 1 && n <= count ? n : null
}

/**
 * Where the reader opens a novel: the page in the URL (`?p=`), else the page the viewer left off on (`saved`), and on
 * that page the saved place, or null for the page's top (a chapter in the URL's hash is shown instead).
 */
export function openingPlace(
  doc: NovelDocument,
  saved: number | null,
  p: string | null,
  hash: string,
): { page: number; offset: number | null } {
  const urlPage = parsePage(p, doc.pages.length)
  const page = urlPage ?? (saved === null ? 1 : pageAt(doc, saved))
  const onThisPage = saved !== null && pageAt(doc, saved) === page && !hash.startsWith('#chapter-')
  // Not read past the first line of the novel: open at the top, with the title and caption, not at the text.
  const untouched = page === 1 && saved !== null && saved <= (doc.pages[0]!.blocks[0]?.start ?? 0)
  return { page, offset: onThisPage && !untouched ? saved : null }
}
