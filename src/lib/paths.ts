// Every in-app href is built here (CONVENTIONS: links are never hand-built strings), on the paths of the route
// registry (src/api/gallery-routes.ts). Filters and sorts live in the query string, so each helper takes them as an
// object and leaves out empty values.

import { routeHref as href } from '../api/gallery-routes.ts'

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
    withQuery(href('home'), {
      tab: tab === 'illust' ? undefined : tab,
      kind: tab === 'following' ? q?.kind : undefined,
    }),
  newest: (tab?: NewestTab) => withQuery(href('newest'), { type: tab === 'illust' ? undefined : tab }),
  ranking: (q?: { mode?: string; date?: string; kind?: 'novel' }) => withQuery(href('ranking'), q),
  search: (q: { word: string } & Query) => withQuery(href('search'), q),
  searchNovels: (q: { word: string } & Query) => withQuery(href('searchNovels'), q),
  searchUsers: (q: { word: string }) => withQuery(href('searchUsers'), q),
  artwork: (id: number, page?: number) => href('artwork', { id }) + (page ? `#p${page}` : ''),
  artworkEdit: (id: number) => href('artworkEdit', { id }),
  /** A novel; with `page`, that page of its text (`?p=`; without it the reader opens where the viewer left off). */
  novel: (id: number, page?: number) => withQuery(href('novel', { id }), { p: page || undefined }),
  novelSeries: (id: number) => href('novelSeries', { id }),
  novelEdit: (id: number) => href('novelEdit', { id }),
  /** Writing a novel. */
  novelUpload: () => href('novelUpload'),
  illustSeries: (userId: number, seriesId: number) => href('illustSeries', { uid: userId, sid: seriesId }),
  user: (id: number) => href('user', { id }),
  userArtworks: (id: number, q?: { type?: 'illust' | 'manga' }) => withQuery(href('userArtworks', { id }), q),
  userNovels: (id: number) => href('userNovels', { id }),
  userFollowing: (id: number, q?: { restrict?: 'private' }) => withQuery(href('userFollowing', { id }), q),
  userFollowers: (id: number) => href('userFollowers', { id }),
  /** The user's my pixiv: mutual follows. */
  userMypixiv: (id: number) => href('userMypixiv', { id }),
  userBookmarks: (id: number, q?: { restrict?: 'private'; tag?: string }) =>
    withQuery(href('userBookmarks', { id }), q),
  /** The signed-in viewer's bookmarks (the sign-in page first when signed out): the app shortcut's target. */
  myBookmarks: () => href('myBookmarks'),
  userNovelBookmarks: (id: number, q?: { restrict?: 'private'; tag?: string }) =>
    withQuery(href('userNovelBookmarks', { id }), q),
  tag: (word: string) => withQuery(href('search'), { word }),
  settings: () => href('settings'),
  /** the owner's library page (an imported catalogue's last scan and skipped files) */
  library: () => href('library'),
  login: (returnTo?: string) => withQuery(href('login'), { return_to: returnTo }),
  /** Posting a work. */
  upload: () => href('upload'),
  /** Sign-up, with an invite link's code, then back to `returnTo`. */
  signup: (q?: { invite?: string; returnTo?: string }) =>
    withQuery(href('signup'), { invite: q?.invite, return_to: q?.returnTo }),
}
