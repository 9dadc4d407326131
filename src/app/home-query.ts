import type { HomeTab, NewestTab } from '../lib/paths.ts'

/** The home tab the URL names; illustrations by default. */
export function homeTab(search: URLSearchParams): HomeTab {
  const tab = search.get('tab')
  return tab === 'manga' || tab === 'novel' || tab === 'following' ? tab : 'illust'
}

/** On the following tab: works (default) or novels (`kind=novel`). */
export function followingKind(search: URLSearchParams): 'illust' | 'novel' {
  return search.get('kind') === 'novel' ? 'novel' : 'illust'
}

/** The newest page's tab (`/new?type=`); illustrations by default. */
export function newestTab(search: URLSearchParams): NewestTab {
  const type = search.get('type')
  return type === 'manga' || type === 'novel' ? type : 'illust'
}
