import { useOutletContext, useSearchParams } from 'react-router'
import { LinkTabs } from '../../components/tabs.tsx'
import { userQueries } from '../../features/users/api/user-queries.ts'
import { paths } from '../../lib/paths.ts'
import { UserPreviewList } from '../user-preview-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'

/** `/users/:id/following` (`?restrict=private` for one's own private follows). */
export function Component() {
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  const [search] = useSearchParams()
  const restrict = isSelf && search.get('restrict') === 'private' ? 'private' : 'public'

  return (
    <section aria-label={`Users ${userName} follows`}>
      {isSelf && (
        <LinkTabs
          label="Visibility"
          className="mb-4"
          tabs={[
            { href: paths.userFollowing(userId), label: 'Public', current: restrict === 'public' },
            {
              href: paths.userFollowing(userId, { restrict: 'private' }),
              label: 'Private',
              current: restrict === 'private',
            },
          ]}
        />
      )}
      <UserPreviewList
        key={restrict}
        query={userQueries.following({ userId, restrict })}
        label={`Users ${userName} follows`}
        emptyTitle={isSelf ? 'You do not follow anyone here yet.' : `${userName} does not follow anyone yet.`}
      />
    </section>
  )
}
