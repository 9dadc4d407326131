// Query options of the novel editor: a posted novel's text as its author wrote it. Apart from novel-queries.ts, which
// the route loaders carry: only the editor's chunk holds the novel posting client.

import { queryOptions } from '@tanstack/react-query'
import { novelPostingApi } from '../../../lib/novel-posting-api.ts'
import { novelQueries } from './novel-queries.ts'

export const novelEditorQueries = {
  /** One's own posted novel's text as written and its cover's upload (needs a session; its author's only). */
  source: (novelId: number) =>
    queryOptions({
      queryKey: [...novelQueries.all(), 'source', novelId] as const,
      queryFn: ({ signal }) => novelPostingApi.novelSource(novelId, { signal }),
      // What the form starts from: a text from a minute ago would undo an edit saved since.
      staleTime: 0,
    }),
}
