import { useOutletContext } from 'react-router'
import { userQueries } from '../../features/users/api/user-queries.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { UserPreviewList } from '../../features/users/components/user-preview-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'
import '../../lib/i18n/messages/en/users.ts'

/** `/users/:id/mypixiv`: the user's my pixiv, the users they follow who follow them back. */
export function Component() {
  const t = useT()
  const { userId, userName, isSelf } = useOutletContext<UserOutletContext>()
  return (
    <section aria-label={t('users.mutualsLabel', { name: userName })}>
      <UserPreviewList
        query={userQueries.mypixiv(userId)}
        label={t('users.mutualsLabel', { name: userName })}
        emptyTitle={isSelf ? t('users.mutualsEmptySelf') : t('users.mutualsEmpty', { name: userName })}
      />
    </section>
  )
}
