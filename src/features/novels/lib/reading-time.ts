import { t } from '../../../lib/i18n/i18n.ts'
import { NOVEL_CHARS_PER_MINUTE } from '../../../tunables.ts'
import '../../../lib/i18n/messages/en/novels.ts'

/** Minutes a novel of `textLength` characters takes to read, at least one. */
export function readingMinutes(textLength: number): number {
  return Math.max(1, Math.round(Math.max(0, textLength) / NOVEL_CHARS_PER_MINUTE))
}

/** "8 min", "1 h", "2 h 5 min" ("8分", "2時間5分"): short enough for a card's meta line. */
export function formatReadingTime(textLength: number): string {
  const minutes = readingMinutes(textLength)
  if (minutes < 60) return t('novels.readingTime.minutes', { minutes })
  const hours = Math.floor(minutes / 60)
  const m = minutes % 60
  return m === 0
    ? t('novels.readingTime.hours', { hours })
    : t('novels.readingTime.hoursMinutes', { hours, minutes: m })
}
