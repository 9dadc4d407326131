// Query options of the account itself (they need a session): its signed-in devices, its role, and an admin's
// invites. Under the settings' key, so what clears the settings' queries (signing out) clears these too.

import { queryOptions } from '@tanstack/react-query'
import { accountApi } from '../../../lib/account-api.ts'
import { accountQuery } from '../../../lib/account-query.ts'
import { settingsQueries } from './settings-queries.ts'

export const accountQueries = {
  /** The signed-in caller's devices (sessions), the most recently used first. */
  sessions: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'sessions'] as const,
      queryFn: ({ signal }) => accountApi.sessions({ signal }),
    }),

  /** The signed-in caller's account, with its role (shared with moderation: src/lib/account-query.ts). */
  account: accountQuery,

  /** How new accounts come in (an admin sets it in the administration section). */
  registration: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'registration'] as const,
      queryFn: ({ signal }) => accountApi.registration(undefined, { signal }),
    }),

  /** An admin's invites, the newest first. */
  invites: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'invites'] as const,
      queryFn: ({ signal }) => accountApi.invites({ signal }),
    }),
}
