import { useQuery } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import { Link } from 'react-router'
import type { Novel, Series } from '../../../api/model.ts'
import { buttonClass } from '../../../components/button.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { ErrorState, StatePanel } from '../../../components/states.tsx'
import { NotFoundError } from '../../../lib/api-error.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { novelPostingApi } from '../../../lib/novel-posting-api.ts'
import type { NovelParams, NovelSource } from '../../../lib/novel-posting-client.ts'
import { paths } from '../../../lib/paths.ts'
import { useSignInHref } from '../../../lib/sign-in-href.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useSession } from '../../../lib/use-session.ts'
import { novelEditorQueries } from '../api/novel-editor-queries.ts'
import { novelQueries } from '../api/novel-queries.ts'
import type { Embeds } from '../reader/novel-page-text.tsx'
import { NovelNotFound } from '../reader/novel-states.tsx'
import { DeleteNovel } from './delete-novel.tsx'
import { NovelForm, type AuthorSeries, type SeriesOption, type TagFieldComponent } from './novel-form.tsx'
import { EMPTY_NOVEL, novelValuesOf } from './novel-values.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/editor.ts'

const NO_EMBEDS: Embeds = { images: {}, illusts: {} }
const NO_COVERS: Readonly<Record<number, string>> = {}

/** Signed out on an editor screen: what it needs, and the sign-in page that comes back here. */
function SignInNeeded() {
  const t = useT()
  const signInHref = useSignInHref()
  return (
    <section aria-labelledby="novel-editor-sign-in" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16">
      <h1 id="novel-editor-sign-in" className="text-center text-lg font-semibold">
        {t('editor.signIn.title')}
      </h1>
      <p className="text-center text-muted">{t('editor.signIn.text')}</p>
      <Link className={buttonClass('primary')} to={signInHref}>
        {t('common.signIn')}
      </Link>
    </section>
  )
}

/**
 * The signed-in author's novel series, the newest first, asked for as the form opens; the edited novel's own is there
 * while they come (its count not known yet).
 */
function useAuthorSeries(userId: number, own?: Series | null): AuthorSeries {
  const query = useQuery(novelEditorQueries.ownSeries(userId))
  const { data, isError, refetch } = query
  const list = useMemo(() => {
    const found: SeriesOption[] = data ? [...data] : []
    if (own && !found.some((s) => s.id === own.id)) found.push({ id: own.id, title: own.title, count: null })
    return found
  }, [data, own])
  const retry = useCallback(() => void refetch(), [refetch])
  return { list, status: isError ? 'failed' : data ? 'ready' : 'loading', retry }
}

/** Said above the form of a novel moderators hide. */
function HeldNotice() {
  const t = useT()
  return (
    <p
      role="note"
      className="mb-4 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-ink"
    >
      {t('editor.edit.held')}
    </p>
  )
}

export interface WriteNovelProps {
  TagField: TagFieldComponent
  /** Posted: the novel as it is now (the app refreshes its caches and opens it). */
  onPosted: (novel: Novel) => void
}

const post = (params: NovelParams) => novelPostingApi.addNovel(params)

function WriteForm({ userId, userName, TagField, onPosted }: { userId: number; userName: string } & WriteNovelProps) {
  const t = useT()
  const series = useAuthorSeries(userId)
  return (
    <NovelForm
      userId={userId}
      slot="new"
      base={EMPTY_NOVEL}
      novelId={0}
      authorName={userName}
      embeds={NO_EMBEDS}
      coverUrls={NO_COVERS}
      series={series}
      TagField={TagField}
      submit={post}
      onSubmitted={onPosted}
      submitLabel={t('editor.write.submit')}
      pendingLabel={t('editor.write.posting')}
      failedLabel={t('editor.write.failed')}
    />
  )
}

/**
 * `/novel/upload`: writing a novel, in the novel markup with a toolbar for its tags and a live preview drawn by the
 * reader. What is typed is kept on this device until it is posted.
 */
export function WriteNovelScreen(props: WriteNovelProps) {
  const t = useT()
  const current = useSession()
  useDocumentTitle(t('editor.write.title'))
  if (!current) return <SignInNeeded />
  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="mb-2 text-2xl font-semibold tracking-tight">{t('editor.write.title')}</h1>
      <p className="mb-6 text-sm text-muted">{t('editor.write.intro')}</p>
      <WriteForm key={current.user.id} userId={current.user.id} userName={current.user.name} {...props} />
    </div>
  )
}

export interface EditNovelCallbacks {
  TagField: TagFieldComponent
  /** Saved: the novel as it is now (the app refreshes its caches and opens it). */
  onSaved: (novel: Novel) => void
  /** Deleted (the app forgets the novel and opens its author's novels). */
  onDeleted: (novel: Novel) => void
}

/** The screen's heading, above the form or while it loads (a state that replaces the form has its own). */
function Heading() {
  const t = useT()
  return <h1 className="mb-4 text-2xl font-semibold tracking-tight">{t('editor.edit.title')}</h1>
}

function Loading() {
  return (
    <div aria-busy="true" className="space-y-4">
      <Heading />
      <Skeleton className="h-11" />
      <Skeleton className="h-96" />
      <Skeleton className="h-32" />
    </div>
  )
}

function EditForm({
  novel,
  written,
  embeds,
  userId,
  TagField,
  onSaved,
  onDeleted,
}: { novel: Novel; written: NovelSource; embeds: Embeds; userId: number } & EditNovelCallbacks) {
  const t = useT()
  const series = useAuthorSeries(userId, novel.series)
  const save = useCallback((params: NovelParams) => novelPostingApi.editNovel(novel.id, params), [novel.id])
  const { coverUploadId, held } = written
  const base = useMemo(() => novelValuesOf(novel, written), [novel, written])
  // The posted cover is the one the novel shows.
  const coverUrls = useMemo(
    () => (coverUploadId === null ? NO_COVERS : { [coverUploadId]: novel.imageUrls.medium }),
    [coverUploadId, novel.imageUrls.medium],
  )
  return (
    <>
      {held && <HeldNotice />}
      <NovelForm
        userId={userId}
        slot={novel.id}
        base={base}
        novelId={novel.id}
        authorName={novel.user.name}
        embeds={embeds}
        coverUrls={coverUrls}
        series={series}
        TagField={TagField}
        submit={save}
        onSubmitted={onSaved}
        submitLabel={t('editor.edit.submit')}
        pendingLabel={t('editor.edit.saving')}
        failedLabel={t('editor.edit.failed')}
      >
        <div className="mt-10 flex flex-wrap items-center gap-3 border-t border-line pt-6">
          <Link className={buttonClass('secondary')} to={paths.novel(novel.id)}>
            {t('editor.edit.cancel')}
          </Link>
          <span className="flex-1" />
          <DeleteNovel novel={novel} onDeleted={onDeleted} />
        </div>
      </NovelForm>
    </>
  )
}

/** The signed-in author's novel: its detail and its text as written, then the form. */
function EditLoader({ novelId, userId, ...callbacks }: { novelId: number; userId: number } & EditNovelCallbacks) {
  const t = useT()
  const detail = useQuery(novelQueries.detail(novelId))
  const own = detail.data?.user.id === userId
  const source = useQuery({ ...novelEditorQueries.source(novelId), enabled: own })
  // The images and works the text shows, for the preview (without them it says they are not available).
  const shown = useQuery({ ...novelQueries.text(novelId), enabled: own })
  const embeds = useMemo<Embeds>(
    () => (shown.data ? { images: shown.data.images, illusts: shown.data.illusts } : NO_EMBEDS),
    [shown.data],
  )
  useDocumentTitle(detail.data ? t('editor.edit.documentTitle', { title: detail.data.title }) : t('editor.edit.title'))

  if (detail.isError) {
    if (detail.error instanceof NotFoundError) return <NovelNotFound />
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
  }
  if (!detail.data) return <Loading />
  const back = (
    <Link className={buttonClass('primary')} to={paths.novel(novelId)}>
      {t('editor.edit.back')}
    </Link>
  )
  if (!own)
    return (
      <StatePanel title={t('editor.edit.notYours')} code="403">
        {back}
      </StatePanel>
    )
  if (source.isError) {
    if (source.error instanceof NotFoundError) return <StatePanel title={t('editor.edit.notPosted')}>{back}</StatePanel>
    return <ErrorState error={source.error} onRetry={() => void source.refetch()} />
  }
  if (!source.data) return <Loading />
  return (
    <>
      <Heading />
      <EditForm novel={detail.data} written={source.data} embeds={embeds} userId={userId} {...callbacks} />
    </>
  )
}

/**
 * `/novels/:id/edit`: the author edits their novel (its fields, text and cover, saved whole; the edit kept on this
 * device as a draft until then), or deletes it.
 */
export function EditNovelScreen({ novelId, ...callbacks }: { novelId: number } & EditNovelCallbacks) {
  const current = useSession()
  if (!current) return <SignInNeeded />
  return (
    <div className="mx-auto max-w-7xl">
      <EditLoader key={`${current.user.id}-${novelId}`} novelId={novelId} userId={current.user.id} {...callbacks} />
    </div>
  )
}
