import { useOutletContext } from 'react-router'
import { userQueries } from '../../features/users/api/user-queries.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { UserPreviewList } from '../../features/users/components/user-preview-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'
import '../../lib/i18n/messages/en/users.ts'

/** `/users/:id/followers`: the users who follow this one. */
export function Component() {
  const t = useT()
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  return (
    <section aria-label={t('users.followersLabel', { name: userName })}>
      <UserPreviewList
        query={userQueries.followers(userId)}
        label={t('users.followersLabel', { name: userName })}
        emptyTitle={isSelf ? t('users.followersEmptySelf') : t('users.followersEmpty', { name: userName })}
      />
    </section>
  )
}
