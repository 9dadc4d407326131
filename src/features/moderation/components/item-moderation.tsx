import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { Comment } from '../../../api/model.ts'
import { lazyModule } from '../../../lib/lazy-module.ts'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../../lib/use-session.ts'
import { ReportButton } from './report-button.tsx'

// What the detail pages, the comments and the profiles carry of moderation: a Report button (its dialog loads when
// used), and for a signed-in reader the admins' tools, a chunk of their own that shows itself to admins only. The
// pages load this module on its own too (src/app/routes), so that neither their code nor the first script's list of
// it carries moderation.

const adminTools = lazyModule(() => import('./admin-tools.tsx'))

type AdminTools = typeof import('./admin-tools.tsx')

/**
 * A work's or a novel's: Report, and the admins' Hide, Unhide and Delete. Not on one's own (its author edits or
 * deletes it on its edit page). After hiding or showing it, `detailKey` and `listKeys` are asked again; after deleting
 * it, the reader goes home, its detail is dropped and the lists are asked again.
 */
export function ItemModeration({
  kind,
  id,
  authorId,
  label,
  detailKey,
  listKeys,
}: {
  kind: 'illust' | 'novel'
  id: number
  authorId: number
  label: string
  detailKey: QueryKey
  listKeys: readonly QueryKey[]
}) {
  const me = useSession()
  const client = useQueryClient()
  const navigate = useNavigate()
  if (me?.user.id === authorId) return null
  const refreshLists = () => {
    for (const queryKey of listKeys) void client.invalidateQueries({ queryKey })
  }
  return (
    <>
      <ReportButton kind={kind} targetId={id} authorId={authorId} label={label} />
      {me && (
        <LazyItemControls
          kind={kind}
          id={id}
          label={label}
          onChanged={() => {
            void client.invalidateQueries({ queryKey: detailKey, exact: true })
            refreshLists()
          }}
          onDeleted={() => {
            void navigate(paths.home(), { replace: true })
            client.removeQueries({ queryKey: detailKey, exact: true })
            refreshLists()
          }}
        />
      )}
    </>
  )
}

function LazyItemControls(props: Parameters<AdminTools['AdminItemControls']>[0]) {
  const AdminItemControls = adminTools.use()?.AdminItemControls
  return AdminItemControls ? <AdminItemControls {...props} /> : null
}

/**
 * A comment's: Report, and the admins' Hide and Delete; neither on one's own comment. `onChange`: the comment
 * section's refresh, after an admin's action.
 */
export function CommentModeration({ comment, onChange }: { comment: Comment; onChange: () => unknown }) {
  const me = useSession()
  if (me?.user.id === comment.user.id) return null
  return (
    <>
      <ReportButton
        kind="comment"
        targetId={comment.id}
        authorId={comment.user.id}
        label={comment.comment}
        authorName={comment.user.name || comment.user.account}
      />
      {me && <LazyCommentControls comment={comment} onChange={onChange} />}
    </>
  )
}

function LazyCommentControls(props: Parameters<AdminTools['AdminCommentControls']>[0]) {
  const AdminCommentControls = adminTools.use()?.AdminCommentControls
  return AdminCommentControls ? <AdminCommentControls {...props} /> : null
}

/** A profile's: the admins' Suspend and Lift suspension (not on one's own). `affectedKeys` are asked again after. */
export function UserModeration({
  userId,
  name,
  affectedKeys,
}: {
  userId: number
  name: string
  affectedKeys: readonly QueryKey[]
}) {
  const me = useSession()
  const client = useQueryClient()
  if (!me || me.user.id === userId) return null
  return (
    <LazyUserControls
      userId={userId}
      name={name}
      onChanged={() => {
        for (const queryKey of affectedKeys) void client.invalidateQueries({ queryKey })
      }}
    />
  )
}

function LazyUserControls(props: Parameters<AdminTools['AdminUserControls']>[0]) {
  const AdminUserControls = adminTools.use()?.AdminUserControls
  return AdminUserControls ? <AdminUserControls {...props} /> : null
}
