// Query options of the search's own answers. Results are lists of works, novels or users, so they live in
// workQueries.search / novelQueries.search / userQueries.search, under those kinds.

import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'

const all = () => ['search'] as const

export const searchQueries = {
  all,

  /** Tags trending now: the way in when there is no word yet. */
  trendingTags: () =>
    queryOptions({
      queryKey: [...all(), 'trending-tags'] as const,
      queryFn: ({ signal }) => api.trendingTags({ signal }),
    }),
}
