// The moderation screen's hrefs. The screen is a view of the settings route (`/settings?view=moderation`): the route
// registry (src/api/gallery-routes.ts) has no route of its own for it. Apart from paths.ts, so that the first script,
// which carries paths.ts, does not carry what only admins open.

import { routeHref } from '../api/gallery-routes.ts'

/** The screen's sections: the reports (open or closed), what is held now, the audit log. */
export type ModerationTab = 'reports' | 'held' | 'log'

/** `/settings?view=moderation`, on a section; the reports' open list by default. */
export function moderationHref(q: { tab?: ModerationTab; state?: 'open' | 'closed' } = {}): string {
  const params = new URLSearchParams({ view: 'moderation' })
  if (q.tab && q.tab !== 'reports') params.set('tab', q.tab)
  if ((!q.tab || q.tab === 'reports') && q.state === 'closed') params.set('state', 'closed')
  return `${routeHref('settings')}?${params}`
}

/** Whether the settings route shows the moderation screen. */
export const isModerationView = (search: URLSearchParams): boolean => search.get('view') === 'moderation'
