import { Skeleton } from '../components/skeleton.tsx'
import { useT } from '../lib/i18n/i18n.ts'
import { RESERVE_VIEWPORTS } from '../tunables.ts'
import '../lib/i18n/messages/en/app.ts'
import '../lib/i18n/messages/en/common.ts'

const WIDTHS = ['w-40', 'w-56', 'w-32', 'w-48', 'w-64', 'w-36', 'w-52', 'w-44']

/** Placeholder rows shaped like the work grid, while its code or first page loads. */
export function GridSkeleton({ label }: { label?: string }) {
  const t = useT()
  return (
    // As tall as the space the grid reserves for its first page, so what sits below (the footer) does not come into
    // view here and then jump away when the grid replaces this (on a phone the page above is short).
    <div role="status" aria-live="polite" className="space-y-2" style={{ minHeight: `${RESERVE_VIEWPORTS * 100}vh` }}>
      <span className="sr-only">{label ? t('app.loadingLabel', { label }) : t('common.loadingEllipsis')}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex gap-2 overflow-hidden">
          {WIDTHS.map((w, i) => (
            <Skeleton key={i} className={`h-48 shrink-0 grow ${WIDTHS[(i + row * 3) % WIDTHS.length] ?? w}`} />
          ))}
        </div>
      ))}
    </div>
  )
}
