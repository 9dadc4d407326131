// The signed-in reader's own account (with its role), as one query for the features that ask whether the reader is an
// admin and may not import each other: the settings (the administration section) and moderation (the admins' tools on
// works, novels, comments and profiles, and its screen). Under the settings' key, so what clears the settings'
// queries (signing out) clears it too. It carries the account client: only code loaded on its own imports it.

import { queryOptions } from '@tanstack/react-query'
import { ACCOUNT_STALE_TIME_MS } from '../tunables.ts'
import { accountApi } from './account-api.ts'

export const accountQuery = () =>
  queryOptions({
    queryKey: ['settings', 'account'] as const,
    queryFn: ({ signal }) => accountApi.account({ signal }),
    staleTime: ACCOUNT_STALE_TIME_MS,
  })
