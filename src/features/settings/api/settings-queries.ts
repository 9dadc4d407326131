// Query options of the account's settings kept by the service (they need a session): the mute list and the "show
// AI-generated works" choice. The account's own (devices, role, invites) are in account-queries.ts, which the first
// script does not carry.

import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'

const all = () => ['settings'] as const

export const settingsQueries = {
  all,

  /** The signed-in caller's "show AI-generated works" setting. */
  aiShow: () =>
    queryOptions({
      queryKey: [...all(), 'ai-show'] as const,
      queryFn: ({ signal }) => api.aiShowSettings({ signal }),
    }),

  /** The signed-in caller's muted tags and users. */
  muteList: () =>
    queryOptions({
      queryKey: [...all(), 'mutes'] as const,
      queryFn: ({ signal }) => api.muteList({ signal }),
    }),
}
