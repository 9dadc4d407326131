import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { BookmarkDetail, Novel, Restrict } from '../../../api/model.ts'
import { api } from '../../../lib/api.ts'
import { novelQueries } from '../api/novel-queries.ts'
import { patchNovel, type NovelPatch } from './novel-cache-patch.ts'

export interface NovelBookmarkChange {
  /** true: add (or switch the privacy of) the bookmark; false: remove it. */
  bookmarked: boolean
  restrict: Restrict
}

interface Snapshot {
  wasBookmarked: boolean
  previousDetail: BookmarkDetail | undefined
}

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
  const client = useQueryClient()
  const id = novel.id
  const detailKey = novelQueries.detail(id).queryKey
  const bookmarkKey = novelQueries.bookmarkDetail(id).queryKey

  return useMutation({
    scope: { id: `bookmark-novel-${id}` },
    mutationFn: ({ bookmarked, restrict }: NovelBookmarkChange) =>
      bookmarked ? api.addBookmark('novel', id, { restrict }) : api.deleteBookmark('novel', id),
    onMutate: async ({ bookmarked, restrict }): Promise<Snapshot> => {
      // A detail fetch already under way would land after this and undo the optimistic state.
      await client.cancelQueries({ queryKey: detailKey })
      const wasBookmarked = (client.getQueryData(detailKey) ?? novel).isBookmarked
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
