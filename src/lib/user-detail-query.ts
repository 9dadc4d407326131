// A user's detail, as one query for the two features that show it and may not import each other: the users feature
// (the profile pages) and the settings (the reader's own profile form). One key, so a profile saved in the settings
// shows at once on its page.

import { queryOptions } from '@tanstack/react-query'
import { api } from './api.ts'

/** The key every user query starts with (details, follow lists, user search): the users feature's `all`. */
export const usersKey = () => ['users'] as const

export const userDetailQuery = (userId: number) =>
  queryOptions({
    queryKey: [...usersKey(), 'detail', userId] as const,
    queryFn: ({ signal }) => api.userDetail(userId, { signal }),
  })
