import { useQuery } from '@tanstack/react-query'
import type { Illust } from '../../../../api/model.ts'
import { useOptimisticBookmark } from '../../../../lib/use-optimistic-bookmark.ts'
import { workQueries } from '../../api/work-queries.ts'
import { patchWork } from '../../lib/cache-patch.ts'

/** The caller's bookmark of a work, when signed in and bookmarked: says whether it is private. */
export function useBookmarkDetail(work: Illust, signedIn: boolean) {
  return useQuery({ ...workQueries.bookmarkDetail(work.id), enabled: signedIn && work.isBookmarked, staleTime: 60_000 })
}

/**
 * Adds or removes a bookmark optimistically: the work shows as (un)bookmarked at once in the detail and in every
 * cached list, and goes back to how it was if the service refuses. Changes to one work run one at a time (scope),
 * so quick double clicks reach the service in order.
 */
export function useBookmark(work: Illust) {
  return useOptimisticBookmark({
    kind: 'illust',
    item: work,
    allKey: workQueries.all(),
    detailKey: workQueries.detail(work.id).queryKey,
    bookmarkKey: workQueries.bookmarkDetail(work.id).queryKey,
    patchData: patchWork,
  })
}
