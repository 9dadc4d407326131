import { useOutletContext } from 'react-router'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'
import { preloadNovelPage } from '../preload.ts'

/** `/users/:id/novels`: the novels a user posted, newest first. */
export function Component() {
  const { userId, userName } = useOutletContext<UserOutletContext>()
  return (
    <InfiniteNovelList
      onCardIntent={preloadNovelPage}
      query={novelQueries.byUser(userId)}
      listKey={`user-novels:${userId}`}
      label={`${userName}’s novels`}
      emptyMessage={`${userName} has not posted any novels yet.`}
    />
  )
}
