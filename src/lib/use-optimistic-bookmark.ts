import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import type { BookmarkDetail, Restrict, WorkKind } from '../api/model.ts'
import { api } from './api.ts'

// The optimistic bookmark of one work or novel, the same for both kinds: the item shows as (un)bookmarked at once
// everywhere it is cached, and goes back to how it was if the service refuses. Changes to one item run one at a
// time (the mutation scope), so quick double clicks reach the service in order.

export interface BookmarkChange {
  /** true: add (or switch the privacy of) the bookmark; false: remove it. */
  bookmarked: boolean
  restrict: Restrict
}

/** What a bookmark changes on every cached copy of the item. */
export interface BookmarkPatch {
  isBookmarked: boolean
  totalBookmarks: (previous: number) => number
}

interface Snapshot {
  wasBookmarked: boolean
  previousDetail: BookmarkDetail | undefined
}

export interface OptimisticBookmarkOptions {
  kind: WorkKind
  item: { id: number; isBookmarked: boolean }
  /** The prefix of every query of this kind, the item's detail query and its bookmark-detail query. */
  allKey: QueryKey
  detailKey: QueryKey
  bookmarkKey: QueryKey
  /**
   * Applies the patch to every copy of the item inside one query's data (of this kind only: ids are shared across
   * kinds), returning the data itself when nothing changed.
   */
  patchData: (data: unknown, id: number, patch: BookmarkPatch) => unknown
}

export function useOptimisticBookmark({
  kind,
  item,
  allKey,
  detailKey,
  bookmarkKey,
  patchData,
}: OptimisticBookmarkOptions) {
  const client = useQueryClient()
  const id = item.id
  const patchEverywhere = (patch: BookmarkPatch) => {
    for (const [key, data] of client.getQueriesData({ queryKey: allKey })) {
      if (data === undefined) continue
      const next = patchData(data, id, patch)
      // Writing only what changed keeps observers of the other queries from re-rendering.
      if (next !== data) client.setQueryData(key, next)
    }
  }
  const counted = (bookmarked: boolean, delta: number): BookmarkPatch => ({
    isBookmarked: bookmarked,
    totalBookmarks: (n) => Math.max(0, n + delta),
  })

  return useMutation({
    scope: { id: `bookmark-${kind}-${id}` },
    mutationFn: ({ bookmarked, restrict }: BookmarkChange) =>
      bookmarked ? api.addBookmark(kind, id, { restrict }) : api.deleteBookmark(kind, id),
    onMutate: async ({ bookmarked, restrict }): Promise<Snapshot> => {
      // A detail fetch already under way would land after this and undo the optimistic state.
      await client.cancelQueries({ queryKey: detailKey })
      const wasBookmarked = (client.getQueryData<{ isBookmarked: boolean }>(detailKey) ?? item).isBookmarked
      const previousDetail = client.getQueryData<BookmarkDetail>(bookmarkKey)
      if (wasBookmarked !== bookmarked) patchEverywhere(counted(bookmarked, bookmarked ? 1 : -1))
      client.setQueryData<BookmarkDetail>(bookmarkKey, (old) =>
        old
          ? { ...old, isBookmarked: bookmarked, restrict }
          : bookmarked
            ? { isBookmarked: true, tags: [], restrict }
            : old,
      )
      return { wasBookmarked, previousDetail }
    },
    onError: (_error, { bookmarked }, snapshot) => {
      if (!snapshot) return
      if (snapshot.wasBookmarked !== bookmarked) patchEverywhere(counted(snapshot.wasBookmarked, bookmarked ? -1 : 1))
      client.setQueryData(bookmarkKey, snapshot.previousDetail)
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: detailKey }),
        client.invalidateQueries({ queryKey: bookmarkKey }),
      ]),
  })
}
