import { useOutletContext } from 'react-router'
import { userQueries } from '../../features/users/api/user-queries.ts'
import { UserPreviewList } from '../user-preview-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'

/** `/users/:id/followers`: the users who follow this one. */
export function Component() {
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  return (
    <section aria-label={`Followers of ${userName}`}>
      <UserPreviewList
        query={userQueries.followers(userId)}
        label={`Followers of ${userName}`}
        emptyTitle={isSelf ? 'Nobody follows you yet.' : `Nobody follows ${userName} yet.`}
      />
    </section>
  )
}
