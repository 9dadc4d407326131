// Query options for comments. Keys carry the kind: a work's and a novel's comments with the same id never share an
// entry, and a reply list is keyed by its parent comment under the kind.

import { infiniteQueryOptions } from '@tanstack/react-query'
import type { Cursor } from '../../../api/cursor.ts'
import type { WorkKind } from '../../../api/model.ts'
import { api } from '../../../lib/api.ts'
import { nextCursor } from '../../../lib/next-cursor.ts'

const all = () => ['comments'] as const

export const commentQueries = {
  all,

  /** Top-level comments of a work or novel, newest first, with the total (replies included) on every page. */
  list: (kind: WorkKind, id: number) =>
    infiniteQueryOptions({
      queryKey: [...all(), kind, 'list', id] as const,
      queryFn: ({ pageParam, signal }) => api.comments(kind, id, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** The prefix of every reply list of a kind (to refresh them all after a post or a delete). */
  allReplies: (kind: WorkKind) => [...all(), kind, 'replies'] as const,

  /** The replies to one comment (one level, as pixiv). */
  replies: (kind: WorkKind, commentId: number) =>
    infiniteQueryOptions({
      queryKey: [...commentQueries.allReplies(kind), commentId] as const,
      queryFn: ({ pageParam, signal }) => api.commentReplies(kind, commentId, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),
}
