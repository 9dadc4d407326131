// The states of every collection (infinite-collection.tsx), whatever it holds: the count of what the filters hid, the
// empty and all-hidden messages in place of the rows, one line under them (loading, the end, an error with Retry, or
// "Load more"); and the panel that stands for a collection whose first page failed.

import type { CSSProperties, ReactNode, Ref } from 'react'
import { Link } from 'react-router'
import { ApiError, RateLimitedError } from '../../lib/api-error.ts'
import { t as translate, useT } from '../../lib/i18n/i18n.ts'
import { paths } from '../../lib/paths.ts'
import type { InfiniteList } from '../../lib/use-infinite-list.ts'
import type { RowFocusHandlers } from '../../lib/use-window-rows.ts'
import { Button } from '../button.tsx'
import '../../lib/i18n/messages/en/common.ts'
import '../../lib/i18n/messages/en/components.ts'

/** What a list holds, for its messages. */
export type ListNoun = 'works' | 'novels'

const NOUN = {
  works: {
    allHidden: 'components.list.allHidden.works',
    loading: 'components.list.loading.works',
    failed: 'components.list.failed.works',
  },
  novels: {
    allHidden: 'components.list.allHidden.novels',
    loading: 'components.list.loading.novels',
    failed: 'components.list.failed.novels',
  },
} as const

interface CollectionStatesProps {
  list: InfiniteList<unknown>
  /** What the list holds ("works"), for its messages. */
  noun: ListNoun
  /** Accessible name of the list, e.g. "Search results for cat". */
  label: string
  emptyMessage: string
  /** The rows' container: its ref (geometry), focus handlers (virtualization) and style (height, placeholders). */
  containerRef: Ref<HTMLDivElement>
  focusHandlers: RowFocusHandlers
  style: CSSProperties
  /** The rows, absolutely placed in the container. */
  children: ReactNode
}

export function CollectionStates({
  list,
  noun,
  label,
  emptyMessage,
  containerRef,
  focusHandlers,
  style,
  children,
}: CollectionStatesProps) {
  const t = useT()
  const { loaded, hiddenCount } = list
  return (
    <div>
      <p className="mb-2 min-h-6 text-sm text-muted" data-testid="hidden-count">
        {hiddenCount > 0 && (
          <>
            {t('components.list.hiddenCount', { count: hiddenCount })} ·{' '}
            <Link to={paths.settings()} className="text-accent underline underline-offset-2 hover:no-underline">
              {t('components.list.filterSettings')}
            </Link>
          </>
        )}
      </p>

      {loaded && list.items.length === 0 ? (
        <p className="py-16 text-center text-muted">{emptyMessage}</p>
      ) : loaded && list.visible.length === 0 && !list.hasNextPage ? (
        <p className="py-16 text-center text-muted">
          {t(NOUN[noun].allHidden, { count: hiddenCount })}{' '}
          <Link to={paths.settings()} className="text-accent underline underline-offset-2 hover:no-underline">
            {t('components.list.changeFilterSettings')}
          </Link>
        </p>
      ) : (
        <div
          ref={containerRef}
          role="list"
          aria-label={label}
          aria-busy={list.isPending || list.isFetchingNextPage}
          className="relative w-full"
          {...focusHandlers}
          style={style}
        >
          {children}
        </div>
      )}

      <ListFooter list={list} noun={noun} />
    </div>
  )
}

function errorMessage(error: unknown, retryIn: number | null, noun: ListNoun): string {
  if (error instanceof RateLimitedError && retryIn !== null)
    return translate('components.list.retrying', { seconds: retryIn })
  if (error instanceof ApiError) return error.userMessage
  return translate(NOUN[noun].failed)
}

/** The list's first page failed: what happened, and Retry. */
export function CollectionLoadError({ list, noun }: { list: InfiniteList<unknown>; noun: ListNoun }) {
  const t = useT()
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-line px-4 py-12 text-center">
      <p>{errorMessage(list.error, list.retryIn, noun)}</p>
      <Button variant="primary" onClick={() => void list.refetch()}>
        {t('common.retry')}
      </Button>
    </div>
  )
}

/** One fixed-height line under the rows: loading, the end, an error with Retry, or a "Load more" button. */
function ListFooter({ list, noun }: { list: InfiniteList<unknown>; noun: ListNoun }) {
  const t = useT()
  const { isPending, isFetchingNextPage, hasNextPage, autoPaused, tailError } = list
  let status = ''
  if (isPending) status = t(NOUN[noun].loading)
  else if (isFetchingNextPage) status = t('components.list.loadingMore')
  else if (!tailError && !hasNextPage && list.visible.length > 0) status = t('components.list.end')

  return (
    <div className="flex min-h-16 flex-col items-center justify-center gap-2 py-3 text-sm text-muted">
      <p role="status" className="flex items-center gap-2">
        {(isPending || isFetchingNextPage) && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-line border-t-accent motion-reduce:animate-none"
          />
        )}
        {status}
      </p>
      {tailError && (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-ink">
          <span>{errorMessage(list.error, list.retryIn, noun)}</span>
          <Button onClick={list.retryTail}>{t('common.retry')}</Button>
        </div>
      )}
      {!tailError && autoPaused && hasNextPage && !isFetchingNextPage && (
        <Button onClick={() => void list.fetchNextPage()}>{t('common.loadMore')}</Button>
      )}
    </div>
  )
}
