import { NOVEL_CHARS_PER_MINUTE } from '../../../tunables.ts'

/** Minutes a novel of `textLength` characters takes to read, at least one. */
export function readingMinutes(textLength: number): number {
  return Math.max(1, Math.round(Math.max(0, textLength) / NOVEL_CHARS_PER_MINUTE))
}

/** "8 min", "1 h", "2 h 5 min": short enough for a card's meta line. */
export function formatReadingTime(textLength: number): string {
  const minutes = readingMinutes(textLength)
  if (minutes < 60) return `${minutes} min`
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return m === 0 ? `${h} h` : `${h} h ${m} min`
}
