import { useT } from '../../lib/i18n/i18n.ts'
import { useOnline } from './use-online.ts'
import '../../lib/i18n/messages/en/pwa.ts'

/**
 * A slim bar under the header while the browser has no connection: what is on screen may be from the cache, and
 * what was never opened cannot load. The live region stays in the document so the change is announced.
 */
export function OfflineIndicator() {
  const t = useT()
  const online = useOnline()
  return (
    <div role="status">
      {!online && (
        <p className="flex items-center justify-center gap-2 border-b border-line bg-surface px-3 py-1.5 text-center text-sm text-ink">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-4 shrink-0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path
              strokeLinecap="round"
              d="M2 8.5a15 15 0 0 1 5-3M22 8.5A15 15 0 0 0 11 4.1M5 12.5a10 10 0 0 1 3-2M19 12.5a10 10 0 0 0-4.6-2.5M8.5 16a5 5 0 0 1 6.2-.6M12 20h.01M3 3l18 18"
            />
          </svg>
          <span>{t('pwa.offline')}</span>
        </p>
      )}
    </div>
  )
}
