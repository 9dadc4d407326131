import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useDeferredValue, type ComponentType } from 'react'
import { useParams } from 'react-router'
import type { Illust } from '../../../api/model.ts'
import { ErrorState } from '../../../components/states.tsx'
import { NotFoundError } from '../../../lib/api-error.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { workQueries } from '../api/work-queries.ts'
import { ArtworkDetail } from './detail/artwork-detail.tsx'
import type { AuthorFollow } from './detail/author-card.tsx'
import { ArtworkNotFound, ArtworkSkeleton, ArtworkUnavailable } from './detail/artwork-states.tsx'
import '../../../lib/i18n/messages/en/artwork.ts'
import '../../../lib/i18n/messages/en/works.ts'
import { parseId } from '../../../api/parse-id.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useSession } from '../../../lib/use-session.ts'
import { useSignInHref } from '../../../lib/sign-in-href.ts'

/** A copy of the work from any cached list (lists carry the same work objects, minus a few detail-only fields). */
function cachedListCopy(client: QueryClient, id: number): Illust | undefined {
  for (const [, data] of client.getQueriesData<unknown>({ queryKey: workQueries.all() })) {
    const found = findWork(data, id, 0)
    if (found) return found
  }
  return undefined
}

function findWork(value: unknown, id: number, depth: number): Illust | undefined {
  // Work lists nest a work at most a few levels deep (infinite data → page → illusts → work).
  if (depth > 5 || value === null || typeof value !== 'object') return undefined
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = findWork(v, id, depth + 1)
      if (found) return found
    }
    return undefined
  }
  const obj = value as Record<string, unknown>
  if (obj.id === id && Array.isArray(obj.metaPages) && typeof obj.imageUrls === 'object')
    return obj as unknown as Illust
  for (const key of ['pages', 'illusts', 'rankingIllusts']) {
    const found = key in obj ? findWork(obj[key], id, depth + 1) : undefined
    if (found) return found
  }
  return undefined
}

/**
 * The screen of `/artworks/:id` — the work detail (DESIGN.md §3.4). Given by the route page, which composes the
 * features: `Comments`, the comment section under a viewable work, `Follow`, the author's follow toggle, and
 * `Actions`, more of what can be done about the work (reporting it, moderating it), beside its bookmark button.
 */
export function ArtworkScreen({
  Comments,
  Follow,
  Actions,
}: {
  Comments?: ComponentType<{ work: Illust }>
  Follow?: AuthorFollow
  Actions?: ComponentType<{ work: Illust }>
} = {}) {
  const t = useT()
  const { id: rawId } = useParams()
  const id = parseId(rawId)
  const client = useQueryClient()
  const signedIn = useSession()
  const signInHref = useSignInHref()
  const query = useQuery({
    ...workQueries.detail(id ?? 0),
    enabled: id !== undefined,
    // Opening a work from a list paints at once from the list's copy while the detail loads.
    placeholderData: () => (id === undefined ? undefined : cachedListCopy(client, id)),
  })

  useDocumentTitle(
    query.data?.visible
      ? t('works.byArtist', { title: query.data.title || t('works.untitled'), name: query.data.user.name })
      : t('artwork.documentTitle'),
  )

  // The answer re-renders the page in a transition, which React renders in slices: the detail (caption sanitizing
  // included) is a long task on a phone, and the query's own updates are synchronous.
  const work = useDeferredValue(query.data)

  if (id === undefined) return <ArtworkNotFound />
  if (query.isError) {
    if (query.error instanceof NotFoundError) return <ArtworkNotFound />
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  }
  if (!work) return <ArtworkSkeleton />
  if (!work.visible) {
    return <ArtworkUnavailable signedIn={!!signedIn} signInHref={signInHref} />
  }
  return (
    <ArtworkDetail
      key={work.id}
      work={work}
      comments={Comments && <Comments key={work.id} work={work} />}
      actions={Actions && <Actions key={work.id} work={work} />}
      Follow={Follow}
    />
  )
}
