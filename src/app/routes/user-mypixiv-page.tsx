import { useOutletContext } from 'react-router'
import { userQueries } from '../../features/users/api/user-queries.ts'
import { UserPreviewList } from '../user-preview-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'

/** `/users/:id/mypixiv`: the user's my pixiv, the users they follow who follow them back. */
export function Component() {
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  return (
    <section aria-label={`Mutual follows of ${userName}`}>
      <UserPreviewList
        query={userQueries.mypixiv(userId)}
        label={`Mutual follows of ${userName}`}
        emptyTitle={isSelf ? 'No mutual follows yet.' : `${userName} has no mutual follows yet.`}
      />
    </section>
  )
}
