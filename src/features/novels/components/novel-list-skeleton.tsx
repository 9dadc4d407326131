import { useT } from '../../../lib/i18n/i18n.ts'
import { NovelCardSkeleton } from './novel-card.tsx'
import '../../../lib/i18n/messages/en/novels.ts'

/** Novel cards' placeholders at their final size, while a novel list's code or first page loads. */
export function NovelListSkeleton({ label }: { label?: string }) {
  const t = useT()
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label ? t('novels.list.loadingLabel', { label }) : t('novels.list.loading')}</span>
      {/* The hidden-count line of the list, so the cards start where the list's will. */}
      <div className="mb-2 min-h-6" />
      <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,340px),1fr))] gap-1 sm:gap-2">
        {Array.from({ length: 6 }, (_, i) => (
          <NovelCardSkeleton key={i} />
        ))}
      </div>
    </div>
  )
}
