import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { BookmarkDetail, Illust, Restrict } from '../../../../api/model.ts'
import { api } from '../../../../lib/api.ts'
import { workQueries } from '../../api/work-queries.ts'
import { patchWork, type WorkPatch } from '../../lib/cache-patch.ts'

export interface BookmarkChange {
  /** true: add (or switch the privacy of) the bookmark; false: remove it. */
  bookmarked: boolean
  restrict: Restrict
}

interface Snapshot {
  wasBookmarked: boolean
  previousDetail: BookmarkDetail | undefined
}

/** Applies a patch to every cached copy of the work (detail and lists), writing only the queries that change. */
function patchEverywhere(client: QueryClient, id: number, patch: WorkPatch) {
  for (const [key, data] of client.getQueriesData({ queryKey: workQueries.all() })) {
    if (data === undefined) continue
    const next = patchWork(data, id, patch)
    if (next !== data) client.setQueryData(key, next)
  }
}

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
  const client = useQueryClient()
  const id = work.id
  const detailKey = workQueries.detail(id).queryKey
  const bookmarkKey = workQueries.bookmarkDetail(id).queryKey

  return useMutation({
    scope: { id: `bookmark-illust-${id}` },
    mutationFn: ({ bookmarked, restrict }: BookmarkChange) =>
      bookmarked ? api.addBookmark('illust', id, { restrict }) : api.deleteBookmark('illust', id),
    onMutate: async ({ bookmarked, restrict }): Promise<Snapshot> => {
      // A detail fetch already under way would land after this and undo the optimistic state.
      await client.cancelQueries({ queryKey: detailKey })
      const current = client.getQueryData(detailKey) ?? work
      const wasBookmarked = current.isBookmarked
      const previousDetail = client.getQueryData(bookmarkKey)
      if (wasBookmarked !== bookmarked) {
        patchEverywhere(client, id, {
          isBookmarked: bookmarked,
          totalBookmarks: (n) => Math.max(0, n + (bookmarked ? 1 : -1)),
        })
      }
      client.setQueryData(bookmarkKey, (old) =>
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
      if (snapshot.wasBookmarked !== bookmarked) {
        patchEverywhere(client, id, {
          isBookmarked: snapshot.wasBookmarked,
          totalBookmarks: (n) => Math.max(0, n + (bookmarked ? -1 : 1)),
        })
      }
      client.setQueryData(bookmarkKey, snapshot.previousDetail)
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: detailKey }),
        client.invalidateQueries({ queryKey: bookmarkKey }),
      ]),
  })
}
