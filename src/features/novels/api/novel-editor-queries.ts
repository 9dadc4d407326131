// Query options of the novel editor: a posted novel's text as its author wrote it, and the author's novel series. Apart
// from novel-queries.ts, which the route loaders carry: only the editor's chunk holds the posting clients.

import { queryOptions } from '@tanstack/react-query'
import { novelPostingApi } from '../../../lib/novel-posting-api.ts'
import { postingApi } from '../../../lib/posting-api.ts'
import { novelQueries } from './novel-queries.ts'

export const novelEditorQueries = {
  /**
   * One's own posted novel's text as written, its cover's upload, and whether moderators hide it (needs a session; its
   * author's only).
   */
  source: (novelId: number) =>
    queryOptions({
      queryKey: [...novelQueries.all(), 'source', novelId] as const,
      queryFn: ({ signal }) => novelPostingApi.novelSource(novelId, { signal }),
      // What the form starts from: a text from a minute ago would undo an edit saved since.
      staleTime: 0,
    }),

  /**
   * The signed-in member's own novel series, the newest first, to add a novel to (`userId` keys the list: another
   * account signed in on this device has its own).
   */
  ownSeries: (userId: number) =>
    queryOptions({
      queryKey: [...novelQueries.all(), 'own-series', userId] as const,
      queryFn: ({ signal }) => postingApi.ownSeries('novel', { signal }),
      // Asked each time the editor opens: a series started by the last novel is one to add to now.
      staleTime: 0,
    }),
}
