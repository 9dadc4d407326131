// Query options of signing in and up (anonymous): how new accounts come in, for the sign-in page's link and the
// sign-up page.

import { queryOptions } from '@tanstack/react-query'
import { accountApi } from '../../../lib/account-api.ts'

export const authQueries = {
  all: () => ['auth'] as const,

  /** The registration mode, whether the next account is the first, and what `invite` (a link's code) is worth. */
  registration: (invite?: string) =>
    queryOptions({
      queryKey: [...authQueries.all(), 'registration', invite ?? null] as const,
      queryFn: ({ signal }) => accountApi.registration(invite, { signal }),
    }),
}
