import { useQuery } from '@tanstack/react-query'
import type { Novel } from '../../../api/model.ts'
import { useOptimisticBookmark } from '../../../lib/use-optimistic-bookmark.ts'
import { novelQueries } from '../api/novel-queries.ts'
import { patchNovel } from './novel-cache-patch.ts'

/** The caller's bookmark of a novel, when signed in and bookmarked: says whether it is private. */
export function useNovelBookmarkDetail(novel: Novel, signedIn: boolean) {
  return useQuery({
    ...novelQueries.bookmarkDetail(novel.id),
    enabled: signedIn && novel.isBookmarked,
    staleTime: 60_000,
  })
}

/**
 * Adds or removes a novel bookmark optimistically, like the works' bookmark: the novel shows as (un)bookmarked at
 * once everywhere it is cached (detail, lists, series neighbours), and goes back if the service refuses. Changes to
 * one novel run one at a time.
 */
export function useNovelBookmark(novel: Novel) {
  return useOptimisticBookmark({
    kind: 'novel',
    item: novel,
    allKey: novelQueries.all(),
    detailKey: novelQueries.detail(novel.id).queryKey,
    bookmarkKey: novelQueries.bookmarkDetail(novel.id).queryKey,
    patchData: patchNovel,
  })
}
