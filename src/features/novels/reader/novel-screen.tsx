import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, type ComponentType } from 'react'
import { useParams } from 'react-router'
import { ErrorState } from '../../../components/states.tsx'
import { useSession } from '../../../lib/use-session.ts'
import type { Novel } from '../../../api/model.ts'
import { novelQueries } from '../api/novel-queries.ts'
import { NovelReader } from './novel-reader.tsx'
import { NovelNotFound, NovelSkeleton, NovelUnavailable } from './novel-states.tsx'
import { NotFoundError } from '../../../lib/api-error.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import '../../../lib/i18n/messages/en/novels.ts'
import '../../../lib/i18n/messages/en/reader.ts'
import { parseId } from '../../../api/parse-id.ts'
import { useSignInHref } from '../../../lib/sign-in-href.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'

/** A novel's text changes rarely: an open reader does not refetch it under the viewer. */
const TEXT_STALE_TIME_MS = 10 * 60_000

/** What the route page composes into the novel's screen from other features. */
export interface NovelScreenParts {
  /** The caption view (shared with works), given the caption's HTML. */
  Caption: ComponentType<{ html: string }>
  /** The comment section under the reader. */
  Comments?: ComponentType<{ novel: Novel }>
  /** More of what can be done about the novel (reporting it, moderating it), beside its bookmark button. */
  Actions?: ComponentType<{ novel: Novel }>
}

/** The screen of `/novels/:id` — the novel and its reader. */
export function NovelScreen(parts: NovelScreenParts) {
  const id = parseId(useParams().id)
  if (id === undefined) return <NovelNotFound />
  // Keyed by id: another novel starts with its own opening position and page.
  return <NovelPage key={id} id={id} {...parts} />
}

function NovelPage({ id, Caption, Comments, Actions }: { id: number } & NovelScreenParts) {
  const t = useT()
  const session = useSession()
  const detail = useQuery(novelQueries.detail(id))
  // Asked for at once, beside the detail (the loader has usually started both).
  const text = useQuery({ ...novelQueries.text(id), staleTime: TEXT_STALE_TIME_MS })
  // The answers re-render the page in a transition, which React renders in slices: parsing and laying out a novel's
  // page is a long task on a phone, and the queries' own updates are synchronous.
  const novel = useDeferredValue(detail.data)
  const novelText = useDeferredValue(text.data)
  useDocumentTitle(
    detail.data?.visible
      ? t('novels.byAuthor', { title: detail.data.title || t('novels.untitled'), name: detail.data.user.name })
      : t('reader.documentTitle'),
  )

  const signInHref = useSignInHref()
  if (detail.isError) {
    if (detail.error instanceof NotFoundError) return <NovelNotFound />
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
  }
  if (!novel) return <NovelSkeleton />
  if (!novel.visible) return <NovelUnavailable signedIn={!!session} signInHref={signInHref} />
  if (text.isError) {
    if (text.error instanceof NotFoundError) return <NovelUnavailable signedIn={!!session} signInHref={signInHref} />
    return <ErrorState error={text.error} onRetry={() => void text.refetch()} />
  }
  if (!novelText) return <NovelSkeleton />
  return (
    <>
      <NovelReader
        novel={novel}
        text={novelText}
        caption={<Caption html={novel.caption} />}
        actions={Actions && <Actions novel={novel} />}
        signedIn={!!session}
        signInHref={signInHref}
      />
      {Comments && (
        <div className="mx-auto mt-8 max-w-5xl">
          <Comments novel={novel} />
        </div>
      )}
    </>
  )
}
