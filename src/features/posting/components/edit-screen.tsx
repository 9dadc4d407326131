import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useCallback } from 'react'
import { Link } from 'react-router'
import type { Illust } from '../../../api/model.ts'
import { buttonClass } from '../../../components/button.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { ErrorState, NotFoundState, StatePanel } from '../../../components/states.tsx'
import { NotFoundError } from '../../../lib/api-error.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { postingApi } from '../../../lib/posting-api.ts'
import type { HeldState, Upload, WorkParams } from '../../../lib/posting-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useSession } from '../../../lib/use-session.ts'
import { postingQueries } from '../api/posting-queries.ts'
import { uploadedPage } from '../page-list.ts'
import { editedDelaysOf, type UgoiraUpload } from '../ugoira-rules.ts'
import { pageImages, workValuesOf } from '../work-rules.ts'
import { DeleteWork } from './delete-work.tsx'
import { SignInNeeded } from './sign-in-needed.tsx'
import { pageKey } from './use-page-uploads.ts'
import { WorkForm } from './work-form.tsx'
import '../../../lib/i18n/messages/en/posting.ts'

export interface EditCallbacks {
  /** Saved: the work as it is now (the app refreshes its caches and opens it). */
  onSaved: (work: Illust) => void
  /** Deleted (the app forgets the work and opens its author's profile). */
  onDeleted: (work: Illust) => void
}

/** Said above the form of a work moderators hide. */
function HeldNotice() {
  const t = useT()
  return (
    <p
      role="note"
      className="mb-4 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-ink"
    >
      {t('posting.edit.held')}
    </p>
  )
}

function EditForm({
  work,
  pages,
  held,
  delays,
  onSaved,
  onDeleted,
}: {
  work: Illust
  pages: Upload[]
  held: HeldState | null
  delays: readonly number[] | undefined
} & EditCallbacks) {
  const t = useT()
  const queryClient = useQueryClient()
  const save = useCallback((params: WorkParams) => postingApi.editIllust(work.id, params), [work.id])
  const forget = () => queryClient.removeQueries({ queryKey: postingQueries.pages(work.id).queryKey })
  const images = pageImages(work)
  const animation = pages.length === 1 && pages[0]!.frame_delays ? (pages[0] as UgoiraUpload) : undefined
  const values = workValuesOf(work, held)
  if (animation && delays) values.frameDelays = editedDelaysOf(animation, delays)
  return (
    <>
      {held && <HeldNotice />}
      <WorkForm
        userId={work.user.id}
        initialValues={values}
        initialPages={() => pages.map((upload, i) => uploadedPage(pageKey(), upload, images[i]))}
        submit={save}
        onSubmitted={(saved) => {
          forget()
          onSaved(saved)
        }}
        submitLabel={t('posting.edit.submit')}
        pendingLabel={t('posting.edit.saving')}
        failedLabel={t('posting.edit.failed')}
      />
      <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-line pt-6">
        <Link className={buttonClass('secondary')} to={paths.artwork(work.id)}>
          {t('posting.edit.cancel')}
        </Link>
        <span className="flex-1" />
        <DeleteWork
          work={work}
          onDeleted={(deleted) => {
            forget()
            onDeleted(deleted)
          }}
        />
      </div>
    </>
  )
}

/** The screen's heading, above the form or while it loads (a state that replaces the form has its own). */
function Heading() {
  const t = useT()
  return <h1 className="mb-4 text-2xl font-semibold tracking-tight">{t('posting.edit.title')}</h1>
}

function Loading() {
  return (
    <div aria-busy="true" className="space-y-4">
      <Heading />
      <Skeleton className="h-48" />
      <Skeleton className="h-11" />
      <Skeleton className="h-32" />
    </div>
  )
}

/** The signed-in author's work: its detail and its pages, then the form. */
function EditLoader<K extends QueryKey>({
  illustId,
  userId,
  detail,
  ...callbacks
}: { illustId: number; userId: number; detail: UseQueryOptions<Illust, Error, Illust, K> } & EditCallbacks) {
  const t = useT()
  const work = useQuery(detail)
  const own = work.data?.user.id === userId
  const pages = useQuery({ ...postingQueries.pages(illustId), enabled: own })
  // An ugoira's delays as it plays now: its upload has those it was uploaded with.
  const ugoira = own && work.data?.type === 'ugoira'
  const frames = useQuery({ ...postingQueries.ugoiraFrames(illustId), enabled: ugoira })
  useDocumentTitle(work.data ? t('posting.edit.documentTitle', { title: work.data.title }) : t('posting.edit.title'))

  if (work.isError) {
    if (work.error instanceof NotFoundError) return <NotFoundState />
    return <ErrorState error={work.error} onRetry={() => void work.refetch()} />
  }
  if (!work.data) return <Loading />
  const back = (
    <Link className={buttonClass('primary')} to={paths.artwork(illustId)}>
      {t('posting.edit.back')}
    </Link>
  )
  if (!own)
    return (
      <StatePanel title={t('posting.edit.notYours')} code="403">
        {back}
      </StatePanel>
    )
  if (pages.isError) {
    if (pages.error instanceof NotFoundError) return <StatePanel title={t('posting.edit.notPosted')}>{back}</StatePanel>
    return <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />
  }
  if (!pages.data) return <Loading />
  if (pages.data.pages.length === 0) return <StatePanel title={t('posting.edit.notPosted')}>{back}</StatePanel>
  if (ugoira && frames.isError) return <ErrorState error={frames.error} onRetry={() => void frames.refetch()} />
  if (ugoira && !frames.data) return <Loading />
  return (
    <>
      <Heading />
      <EditForm
        work={work.data}
        pages={pages.data.pages}
        held={pages.data.held}
        delays={frames.data?.frames.map((f) => f.delay)}
        {...callbacks}
      />
    </>
  )
}

/**
 * `/artworks/:id/edit`: the author edits their work: its fields and its pages (reordered, removed, added), saved whole;
 * or deletes it. `detail`: the work's detail query (the works feature's, given by the app, so the form starts from
 * the cached work and the work's page shows the saved one).
 */
export function EditScreen<K extends QueryKey>({
  illustId,
  detail,
  ...callbacks
}: { illustId: number; detail: UseQueryOptions<Illust, Error, Illust, K> } & EditCallbacks) {
  const current = useSession()
  if (!current) return <SignInNeeded />
  return (
    <div className="mx-auto max-w-4xl">
      <EditLoader
        key={`${current.user.id}-${illustId}`}
        illustId={illustId}
        userId={current.user.id}
        detail={detail}
        {...callbacks}
      />
    </div>
  )
}
