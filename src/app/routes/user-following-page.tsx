import { useOutletContext, useSearchParams } from 'react-router'
import { LinkTabs } from '../../components/tabs.tsx'
import { userQueries } from '../../features/users/api/user-queries.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { paths } from '../../lib/paths.ts'
import { UserPreviewList } from '../../features/users/components/user-preview-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'
import '../../lib/i18n/messages/en/common.ts'
import '../../lib/i18n/messages/en/users.ts'

/** `/users/:id/following` (`?restrict=private` for one's own private follows). */
export function Component() {
  const t = useT()
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  const [search] = useSearchParams()
  const restrict = isSelf && search.get('restrict') === 'private' ? 'private' : 'public'

  return (
    <section aria-label={t('users.followingLabel', { name: userName })}>
      {isSelf && (
        <LinkTabs
          label={t('users.visibility')}
          className="mb-4"
          tabs={[
            { href: paths.userFollowing(userId), label: t('common.public'), current: restrict === 'public' },
            {
              href: paths.userFollowing(userId, { restrict: 'private' }),
              label: t('common.private'),
              current: restrict === 'private',
            },
          ]}
        />
      )}
      <UserPreviewList
        key={restrict}
        query={userQueries.following({ userId, restrict })}
        label={t('users.followingLabel', { name: userName })}
        emptyTitle={isSelf ? t('users.followingEmptySelf') : t('users.followingEmpty', { name: userName })}
      />
    </section>
  )
}
