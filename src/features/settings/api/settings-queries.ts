// Query options of the account's settings kept by the service (they need a session): the mute list, the "show
// AI-generated works" choice and the account's signed-in devices.

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

  /** The signed-in caller's devices (sessions), the most recently used first. */
  sessions: () =>
    queryOptions({
      queryKey: [...all(), 'sessions'] as const,
      queryFn: ({ signal }) => api.sessions({ signal }),
    }),
}
