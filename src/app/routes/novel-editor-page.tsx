import { hashKey, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import type { Novel } from '../../api/model.ts'
import { parseId } from '../../api/parse-id.ts'
import { NotFoundState } from '../../components/states.tsx'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { EditNovelScreen, WriteNovelScreen } from '../../features/novels/editor/novel-editor-screens.tsx'
import { TagField } from '../../features/posting/components/tag-field.tsx'
import { paths } from '../../lib/paths.ts'
import { userDetailQuery } from '../../lib/user-detail-query.ts'

// One page module for both novel editor routes (one chunk, one entry in the first script's table of lazy pages): the
// novels feature's editor, with the posting feature's tag field (the one a work's form has).

/** Every cached novel list and text that may hold the novel (its detail is set, or removed, by the caller). */
function useRefresh() {
  const queryClient = useQueryClient()
  return (novel: Novel) => {
    const own = hashKey(novelQueries.detail(novel.id).queryKey)
    void queryClient.invalidateQueries({ queryKey: novelQueries.all(), predicate: (q) => q.queryHash !== own })
    void queryClient.invalidateQueries({ queryKey: userDetailQuery(novel.user.id).queryKey })
  }
}

/**
 * `/novels/:id/edit`: saved, the novel's detail is the answer and its text and every cached list are refreshed;
 * deleted, the novel leaves the cache and its author's novels open.
 */
function EditPage({ id }: { id: number }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const refresh = useRefresh()
  const detail = novelQueries.detail(id)
  return (
    <EditNovelScreen
      novelId={id}
      TagField={TagField}
      onSaved={(novel) => {
        queryClient.setQueryData(detail.queryKey, novel)
        refresh(novel)
        void navigate(paths.novel(novel.id))
      }}
      onDeleted={(novel) => {
        refresh(novel)
        void navigate(paths.userNovels(novel.user.id), { replace: true })
        queryClient.removeQueries({ queryKey: detail.queryKey, exact: true })
      }}
    />
  )
}

/** `/novel/upload`: a posted novel is in its author's profile, the follow feeds and search at once. */
function WritePage() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const refresh = useRefresh()
  return (
    <WriteNovelScreen
      TagField={TagField}
      onPosted={(novel) => {
        queryClient.setQueryData(novelQueries.detail(novel.id).queryKey, novel)
        refresh(novel)
        void navigate(paths.novel(novel.id))
      }}
    />
  )
}

/** `/novel/upload` and `/novels/:id/edit`: the edit route is the one with an id. */
export function Component() {
  const { id: rawId } = useParams()
  if (rawId === undefined) return <WritePage />
  const id = parseId(rawId)
  return id === undefined ? <NotFoundState /> : <EditPage key={id} id={id} />
}
