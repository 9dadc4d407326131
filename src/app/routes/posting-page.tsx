import { hashKey, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import type { Illust } from '../../api/model.ts'
import { parseId } from '../../api/parse-id.ts'
import { NotFoundState } from '../../components/states.tsx'
import { EditScreen } from '../../features/posting/components/edit-screen.tsx'
import { PostScreen } from '../../features/posting/components/post-screen.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { paths } from '../../lib/paths.ts'
import { userDetailQuery } from '../../lib/user-detail-query.ts'

// One page module for both posting routes (one chunk, one entry in the first script's table of lazy pages).

/**
 * `/artworks/:id/edit`: the posting feature's edit screen over the works feature's detail query. Saved, the detail is
 * the answer and every cached list is refreshed; deleted, the work leaves the cache and its author's profile opens.
 */
function EditPage({ id }: { id: number }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const detail = workQueries.detail(id)
  const refresh = (work: Illust) => {
    // Every list that may hold the work; its detail is set (or removed) here.
    const own = hashKey(detail.queryKey)
    void queryClient.invalidateQueries({ queryKey: workQueries.all(), predicate: (q) => q.queryHash !== own })
    void queryClient.invalidateQueries({ queryKey: userDetailQuery(work.user.id).queryKey })
  }
  return (
    <EditScreen
      illustId={id}
      detail={detail}
      onSaved={(work) => {
        queryClient.setQueryData(detail.queryKey, work)
        refresh(work)
        void navigate(paths.artwork(work.id))
      }}
      onDeleted={(work) => {
        refresh(work)
        void navigate(paths.user(work.user.id), { replace: true })
        queryClient.removeQueries({ queryKey: detail.queryKey, exact: true })
      }}
    />
  )
}

/**
 * `/upload`: the posting feature's screen. A posted work is in its author's profile, the follow feeds and search at
 * once: the cached lists (and the author's counts) are refreshed; the work's detail is the answer itself.
 */
function UploadPage() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const posted = (work: Illust) => {
    queryClient.setQueryData(workQueries.detail(work.id).queryKey, work)
    void queryClient.invalidateQueries({ queryKey: workQueries.all() })
    void queryClient.invalidateQueries({ queryKey: userDetailQuery(work.user.id).queryKey })
    void navigate(paths.artwork(work.id))
  }
  return <PostScreen onPosted={posted} />
}

/** `/upload` and `/artworks/:id/edit`: the edit route is the one with an id. */
export function Component() {
  const { id: rawId } = useParams()
  if (rawId === undefined) return <UploadPage />
  const id = parseId(rawId)
  return id === undefined ? <NotFoundState /> : <EditPage key={id} id={id} />
}
