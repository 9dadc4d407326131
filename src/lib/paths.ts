// Every in-app href is built here (CONVENTIONS: links are never hand-built strings). Filters and sorts live in the
// query string, so each helper takes them as an object and leaves out empty values.

type Query = Record<string, string | number | boolean | undefined | null>

function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const qs = params.toString()
  return qs ? `${path}?${qs}` : path
}

export type HomeTab = 'illust' | 'manga' | 'novel' | 'following'

/** The newest-works page's tabs (`/new?type=`): illustrations by default. */
export type NewestTab = 'illust' | 'manga' | 'novel'

export const paths = {
  /** `kind: 'novel'` on the following tab: novels of the users followed (works otherwise). */
  home: (tab?: HomeTab, q?: { kind?: 'novel' }) =>
    withQuery('/', { tab: tab === 'illust' ? undefined : tab, kind: tab === 'following' ? q?.kind : undefined }),
  newest: (tab?: NewestTab) => withQuery('/new', { type: tab === 'illust' ? undefined : tab }),
  ranking: (q?: { mode?: string; date?: string; kind?: 'novel' }) => withQuery('/ranking', q),
  search: (q: { word: string } & Query) => withQuery('/search', q),
  searchNovels: (q: { word: string } & Query) => withQuery('/search/novels', q),
  searchUsers: (q: { word: string }) => withQuery('/search/users', q),
  artwork: (id: number, page?: number) => (page ? `/artworks/${id}#p${page}` : `/artworks/${id}`),
  /** A novel; with `page`, that page of its text (`?p=`; without it the reader opens where the viewer left off). */
  novel: (id: number, page?: number) => (page ? `/novels/${id}?p=${page}` : `/novels/${id}`),
  novelSeries: (id: number) => `/novel/series/${id}`,
  illustSeries: (userId: number, seriesId: number) => `/user/${userId}/series/${seriesId}`,
  user: (id: number) => `/users/${id}`,
  userArtworks: (id: number, q?: { type?: 'illust' | 'manga' }) => withQuery(`/users/${id}/artworks`, q),
  userNovels: (id: number) => `/users/${id}/novels`,
  userFollowing: (id: number, q?: { restrict?: 'private' }) => withQuery(`/users/${id}/following`, q),
  userFollowers: (id: number) => `/users/${id}/followers`,
  /** The user's my pixiv: mutual follows. */
  userMypixiv: (id: number) => `/users/${id}/mypixiv`,
  userBookmarks: (id: number, q?: { restrict?: 'private'; tag?: string }) =>
    withQuery(`/users/${id}/bookmarks/artworks`, q),
  /** The signed-in viewer's bookmarks (the sign-in page first when signed out): the app shortcut's target. */
  myBookmarks: () => '/bookmarks',
  userNovelBookmarks: (id: number, q?: { restrict?: 'private'; tag?: string }) =>
    withQuery(`/users/${id}/bookmarks/novels`, q),
  tag: (word: string) => withQuery('/search', { word }),
  settings: () => '/settings',
  /** the owner's library page (an imported catalogue's last scan and skipped files) */
  library: () => '/library',
  login: (returnTo?: string) => withQuery('/login', { return_to: returnTo }),
}
