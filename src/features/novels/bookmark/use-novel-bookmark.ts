import { useQuery, type QueryClient } from '@tanstack/react-query'
import type { Novel } from '../../../api/model.ts'
import { useOptimisticBookmark } from '../../../lib/use-optimistic-bookmark.ts'
import { novelQueries } from '../api/novel-queries.ts'
import { patchNovel, type NovelPatch } from './novel-cache-patch.ts'

/** Applies a patch to every cached copy of the novel (detail, lists, series neighbours), writing only what changes. */
function patchEverywhere(client: QueryClient, id: number, patch: NovelPatch) {
  for (const [key, data] of client.getQueriesData({ queryKey: novelQueries.all() })) {
    if (data === undefined) continue
    const next = patchNovel(data, id, patch)
    if (next !== data) client.setQueryData(key, next)
  }
}

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
 * once everywhere it is cached, and goes back if the service refuses. Changes to one novel run one at a time.
 */
export function useNovelBookmark(novel: Novel) {
  return useOptimisticBookmark({
    kind: 'novel',
    item: novel,
    detailKey: novelQueries.detail(novel.id).queryKey,
    bookmarkKey: novelQueries.bookmarkDetail(novel.id).queryKey,
    patchEverywhere,
  })
}
