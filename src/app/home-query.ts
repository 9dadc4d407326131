import type { HomeTab } from '../lib/paths.ts'

/** The home tab the URL names; illustrations by default. */
export function homeTab(search: URLSearchParams): HomeTab {
  const tab = search.get('tab')
  return tab === 'manga' || tab === 'novel' ? tab : 'illust'
}
