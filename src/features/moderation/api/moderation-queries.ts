// Query options of moderation (admins only): the reports, what is held now, the audit log (each an offset list paged
// by its next_url), and one target's state for the admins' tools. All under one key, so that an action asks for all
// of them again.

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { Cursor } from '../../../api/cursor.ts'
import type { ModerationTargetKind, ReportState } from '../../../lib/moderation-client.ts'
import { moderationApi } from '../../../lib/moderation-api.ts'
import { nextCursor } from '../../../lib/next-cursor.ts'

const all = () => ['moderation'] as const

export const moderationQueries = {
  all,

  /** The reports, open (the oldest first) or closed (the newest first). */
  reports: (state: ReportState) =>
    infiniteQueryOptions({
      queryKey: [...all(), 'reports', state] as const,
      queryFn: ({ pageParam, signal }) => moderationApi.moderationReports(state, pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** Hidden works, novels and comments, and suspended accounts, the newest first. */
  held: () =>
    infiniteQueryOptions({
      queryKey: [...all(), 'held'] as const,
      queryFn: ({ pageParam, signal }) => moderationApi.moderationHeld(pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** Every moderation action, the newest first. */
  log: () =>
    infiniteQueryOptions({
      queryKey: [...all(), 'log'] as const,
      queryFn: ({ pageParam, signal }) => moderationApi.moderationLog(pageParam, { signal }),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor,
    }),

  /** One work, novel, comment or account as moderation sees it now: whether it is hidden, or suspended. */
  target: (kind: ModerationTargetKind, id: number) =>
    queryOptions({
      queryKey: [...all(), 'target', kind, id] as const,
      queryFn: ({ signal }) => moderationApi.moderationTarget(kind, id, { signal }),
    }),
}
