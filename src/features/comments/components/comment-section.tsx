import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState, type ComponentType, type FormEvent } from 'react'
import { Link } from 'react-router'
import { MAX_COMMENT_LENGTH } from '../../../api/catalogue-endpoints.ts'
import type { Comment, WorkKind } from '../../../api/model.ts'
import { Avatar } from '../../../components/avatar.tsx'
import { Button } from '../../../components/button.tsx'
import { describeError } from '../../../components/describe-error.ts'
import { ErrorState } from '../../../components/states.tsx'
import { api } from '../../../lib/api.ts'
import { formatCount, formatDate, formatRelative } from '../../../lib/format.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { useNearViewport } from '../../../lib/use-near-viewport.ts'
import { useSession } from '../../../lib/use-session.ts'
import { useSignInHref } from '../../../lib/sign-in-href.ts'
import { commentQueries } from '../api/comment-queries.ts'
import '../../../lib/i18n/messages/en/comments.ts'

/**
 * How close to the viewport the section must come before its comments are asked for: below the work or the novel,
 * most readers never get there, and the first load should spend its bytes on the work.
 */
const LOAD_WITHIN_PX = 300

const errorMessage = (error: unknown) => describeError(error).message

/**
 * More of what can be done about one comment, composed by the app (reporting it, moderating it): after its own
 * buttons. `onChange`: asks for the comments again, after an action that changed them.
 */
export type CommentActions = ComponentType<{ comment: Comment; onChange: () => Promise<unknown> }>

/**
 * The comments of a work or a novel: newest first, paged, with the total; signed in, the viewer posts, replies (one
 * level, as pixiv) and deletes their own; `Actions` adds to each comment's buttons. Comment text is untrusted: it is
 * only ever rendered as text (line breaks kept, nothing linkified). Render it with the item's id as its key.
 */
export function CommentSection({
  kind,
  id,
  initialTotal,
  Actions,
}: {
  kind: WorkKind
  id: number
  initialTotal?: number
  Actions?: CommentActions
}) {
  const t = useT()
  const section = useRef<HTMLElement>(null)
  const near = useNearViewport(section, LOAD_WITHIN_PX)
  const viewerId = useSession()?.user.id ?? null
  const signInHref = useSignInHref()
  const headingId = useId()
  const query = useInfiniteQuery({ ...commentQueries.list(kind, id), enabled: near })
  const comments = useMemo(() => query.data?.pages.flatMap((p) => p.comments) ?? [], [query.data])
  const total = query.data?.pages[0]?.totalComments ?? initialTotal

  return (
    <section ref={section} aria-labelledby={headingId} className="flex flex-col gap-4" data-comments>
      <h2 id={headingId} className="text-lg font-semibold">
        {total === undefined ? t('comments.heading') : t('comments.headingWithTotal', { total: formatCount(total) })}
      </h2>
      {viewerId !== null ? (
        <CommentForm kind={kind} id={id} label={t('comments.write')} submitLabel={t('comments.post')} />
      ) : (
        <p className="text-sm text-muted">
          <Link to={signInHref} className="inline-flex min-h-11 items-center font-medium text-ink underline sm:min-h-0">
            {t('comments.signIn')}
          </Link>
        </p>
      )}
      {query.isError && comments.length === 0 ? (
        <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
      ) : !near || query.isPending ? (
        <p className="text-sm text-muted">{t('comments.loading')}</p>
      ) : comments.length === 0 ? (
        <p className="text-sm text-muted">{t('comments.empty')}</p>
      ) : (
        <ul aria-label={t('comments.list')} className="flex flex-col gap-4">
          {comments.map((c) => (
            <CommentItem key={c.id} kind={kind} workId={id} comment={c} viewerId={viewerId} Actions={Actions} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <div className="flex items-center gap-3">
          <Button
            disabled={query.isFetchingNextPage}
            onClick={() => !query.isFetchingNextPage && void query.fetchNextPage()}
          >
            {query.isFetchingNextPage ? t('comments.loadingMore') : t('comments.more')}
          </Button>
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(query.error)}
            </p>
          )}
        </div>
      )}
    </section>
  )
}

/** After a post or a delete: the list (counts, `hasReplies`) and every reply list of the item are asked again. */
function useRefreshComments(kind: WorkKind, workId: number) {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: commentQueries.list(kind, workId).queryKey }),
      client.invalidateQueries({ queryKey: commentQueries.allReplies(kind) }),
    ])
}

function CommentForm({
  kind,
  id,
  parentId,
  label,
  submitLabel,
  onDone,
}: {
  kind: WorkKind
  id: number
  parentId?: number
  label: string
  submitLabel: string
  onDone?: () => void
}) {
  const t = useT()
  const [text, setText] = useState('')
  const fieldId = useId()
  const countId = useId()
  const refresh = useRefreshComments(kind, id)
  const post = useMutation({
    mutationFn: (comment: string) => api.addComment(kind, id, { comment, parentCommentId: parentId }),
    onSuccess: async () => {
      setText('')
      await refresh()
      onDone?.()
    },
  })
  const trimmed = text.trim()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (trimmed && !post.isPending) post.mutate(trimmed)
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={fieldId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={MAX_COMMENT_LENGTH}
        rows={parentId ? 2 : 3}
        aria-describedby={countId}
        className="w-full rounded-md border border-line bg-surface p-2 text-sm"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={!trimmed || post.isPending}>
          {post.isPending ? t('comments.posting') : submitLabel}
        </Button>
        {onDone && (
          <Button variant="ghost" onClick={onDone}>
            {t('comments.cancel')}
          </Button>
        )}
        <span id={countId} className="text-xs text-muted">
          {t('comments.length', { length: text.length, max: MAX_COMMENT_LENGTH })}
        </span>
      </div>
      {post.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('comments.notPosted', { reason: errorMessage(post.error) })}
        </p>
      )}
    </form>
  )
}

function CommentItem({
  kind,
  workId,
  comment,
  viewerId,
  isReply = false,
  Actions,
}: {
  kind: WorkKind
  workId: number
  comment: Comment
  viewerId: number | null
  isReply?: boolean
  Actions?: CommentActions
}) {
  const t = useT()
  const [replying, setReplying] = useState(false)
  const [showReplies, setShowReplies] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const refresh = useRefreshComments(kind, workId)
  const remove = useMutation({
    mutationFn: () => api.deleteComment(kind, comment.id),
    onSuccess: () => refresh(),
  })
  const own = viewerId !== null && viewerId === comment.user.id
  const author = comment.user.name || comment.user.account

  return (
    <li className="flex gap-3" data-comment-id={comment.id}>
      <Link
        to={paths.user(comment.user.id)}
        tabIndex={-1}
        aria-hidden="true"
        // 44 px square on phones: a touch target, however small the picture.
        className="flex min-h-11 min-w-11 shrink-0 justify-center sm:min-h-0 sm:min-w-0"
      >
        <Avatar src={comment.user.profileImageUrls.medium} size={isReply ? 32 : 40} />
      </Link>
      <article aria-label={t('comments.commentBy', { name: author })} className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link
            to={paths.user(comment.user.id)}
            className="inline-flex min-h-11 items-center font-semibold hover:underline sm:min-h-0"
          >
            {author}
          </Link>
          {/* When, as people say it ("3 hours ago"); the instant itself on hover and for machines. */}
          <time dateTime={comment.date} title={formatDate(comment.date, { time: true })} className="text-xs text-muted">
            {formatRelative(comment.date)}
          </time>
        </p>
        {/* Text, never HTML: React escapes it; pre-wrap keeps the writer's line breaks. */}
        <p className="text-sm break-words whitespace-pre-wrap" data-comment-text>
          {comment.comment}
        </p>
        <div className="flex flex-wrap items-center gap-1">
          {!isReply && viewerId !== null && (
            <Button variant="ghost" aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
              {t('comments.reply')}
            </Button>
          )}
          {!isReply && comment.hasReplies && (
            <Button variant="ghost" aria-expanded={showReplies} onClick={() => setShowReplies((s) => !s)}>
              {showReplies ? t('comments.hideReplies') : t('comments.showReplies')}
            </Button>
          )}
          {own && !confirming && (
            <Button variant="ghost" onClick={() => setConfirming(true)} aria-label={t('comments.deleteLabel')}>
              {t('comments.delete')}
            </Button>
          )}
          {Actions && <Actions comment={comment} onChange={refresh} />}
        </div>
        {confirming && (
          <div role="group" aria-label={t('comments.confirm')} className="flex flex-wrap items-center gap-2 text-sm">
            <span>{t('comments.confirmQuestion')}</span>
            <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? t('comments.deleting') : t('comments.confirmYes')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('comments.keep')}
            </Button>
          </div>
        )}
        {remove.isError && (
          <p role="alert" className="text-sm text-danger">
            {t('comments.notDeleted', { reason: errorMessage(remove.error) })}
          </p>
        )}
        {replying && (
          <CommentForm
            kind={kind}
            id={workId}
            parentId={comment.id}
            label={t('comments.replyTo', { name: author })}
            submitLabel={t('comments.postReply')}
            onDone={() => {
              setReplying(false)
              setShowReplies(true)
            }}
          />
        )}
        {/* A thread whose last reply was deleted closes (the list says it has none left). */}
        {showReplies && comment.hasReplies && (
          <Replies kind={kind} workId={workId} parentId={comment.id} viewerId={viewerId} Actions={Actions} />
        )}
      </article>
    </li>
  )
}

function Replies({
  kind,
  workId,
  parentId,
  viewerId,
  Actions,
}: {
  kind: WorkKind
  workId: number
  parentId: number
  viewerId: number | null
  Actions?: CommentActions
}) {
  const t = useT()
  const query = useInfiniteQuery(commentQueries.replies(kind, parentId))
  const replies = useMemo(() => query.data?.pages.flatMap((p) => p.comments) ?? [], [query.data])

  if (query.isError && replies.length === 0)
    return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
  if (query.isPending) return <p className="text-sm text-muted">{t('comments.loadingReplies')}</p>
  return (
    <div className="mt-2 flex flex-col gap-3 border-l-2 border-line pl-3">
      {replies.length === 0 ? (
        <p className="text-sm text-muted">{t('comments.noReplies')}</p>
      ) : (
        <ul aria-label={t('comments.replies')} className="flex flex-col gap-3">
          {replies.map((r) => (
            <CommentItem
              key={r.id}
              kind={kind}
              workId={workId}
              comment={r}
              viewerId={viewerId}
              isReply
              Actions={Actions}
            />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button
          className="self-start"
          disabled={query.isFetchingNextPage}
          onClick={() => !query.isFetchingNextPage && void query.fetchNextPage()}
        >
          {t('comments.moreReplies')}
        </Button>
      )}
    </div>
  )
}
