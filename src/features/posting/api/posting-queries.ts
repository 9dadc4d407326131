// Query options of posting: a posted work's pages (and an ugoira's delays) as its author edits them, the author's own
// series a work may join, and tag suggestions for the tag field.
// Under their own key: a work's detail and lists are the works feature's (the app refreshes them after a post, an edit
// or a deletion).

import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api.ts'
import { postingApi } from '../../../lib/posting-api.ts'

const all = () => ['posting'] as const

export const postingQueries = {
  all,

  /**
   * One's own posted work's pages, in order, as uploads, and whether moderators hide it (needs a session; its author's
   * only).
   */
  pages: (illustId: number) =>
    queryOptions({
      queryKey: [...all(), 'pages', illustId] as const,
      queryFn: ({ signal }) => postingApi.illustPages(illustId, { signal }),
      // What the form starts from: a page list from a minute ago would name pages an edit has since removed.
      staleTime: 0,
    }),

  /**
   * The signed-in member's own series of works, the newest first (`userId` keys the list: it is the caller's, and
   * another account signed in on this device has its own).
   */
  ownSeries: (userId: number) =>
    queryOptions({
      queryKey: [...all(), 'own-series', userId] as const,
      queryFn: ({ signal }) => postingApi.ownSeries('illust', { signal }),
      // Asked each time a form opens: a series started by the last post is one to join now.
      staleTime: 0,
    }),

  /**
   * A posted ugoira's frames as it plays now, for their delays (its upload's are those it was uploaded with). The
   * works feature's player asks for the same metadata under its own key: this one is the form's, fresh each time.
   */
  ugoiraFrames: (illustId: number) =>
    queryOptions({
      queryKey: [...all(), 'ugoira-frames', illustId] as const,
      queryFn: ({ signal }) => api.ugoiraMetadata(illustId, { signal }),
      staleTime: 0,
    }),

  /** Tags that begin with (or translate) what is being typed. */
  tagSuggestions: (word: string) =>
    queryOptions({
      queryKey: [...all(), 'tag-suggestions', word] as const,
      queryFn: ({ signal }) => api.autocomplete(word, { signal }),
      staleTime: 5 * 60 * 1000,
    }),
}
