import { useEffect, useRef } from 'react'
import { useT } from '../lib/i18n/i18n.ts'
import { Button } from './button.tsx'
import { Spinner } from './spinner.tsx'
import '../lib/i18n/messages/en/common.ts'
import '../lib/i18n/messages/en/components.ts'

/**
 * The end of a simple (non-grid) infinite list: loads the next page when it scrolls near the viewport, and is a
 * button too, for keyboards and for when the observer is not available. One fetch at a time.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  failed = false,
}: {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  /** The last page failed: wait for the viewer to ask again instead of retrying on every scroll. */
  failed?: boolean
}) {
  const t = useT()
  const ref = useRef<HTMLDivElement>(null)
  const canLoad = hasNextPage && !isFetchingNextPage && !failed

  useEffect(() => {
    const el = ref.current
    if (!el || !canLoad || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage()
      },
      { rootMargin: '800px 0px' },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [canLoad, fetchNextPage])

  if (!hasNextPage) return null
  return (
    <div ref={ref} className="flex justify-center py-6">
      {isFetchingNextPage ? (
        <Spinner label={t('components.loadMore.loading')} />
      ) : (
        <>
          {failed && (
            <p role="alert" className="mr-3 self-center text-sm text-muted">
              {t('components.loadMore.failed')}
            </p>
          )}
          <Button onClick={() => void fetchNextPage()}>{failed ? t('common.tryAgain') : t('common.loadMore')}</Button>
        </>
      )}
    </div>
  )
}
