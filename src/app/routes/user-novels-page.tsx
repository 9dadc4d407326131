import { useOutletContext } from 'react-router'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import { useT } from '../../lib/i18n/i18n.ts'
import type { UserOutletContext } from './user-layout.tsx'
import { preloadNovelPage } from '../preload.ts'
import '../../lib/i18n/messages/en/users.ts'

/** `/users/:id/novels`: the novels a user posted, newest first. */
export function Component() {
  const t = useT()
  const { userId, userName } = useOutletContext<UserOutletContext>()
  return (
    <InfiniteNovelList
      onCardIntent={preloadNovelPage}
      query={novelQueries.byUser(userId)}
      listKey={`user-novels:${userId}`}
      label={t('users.novelsLabel', { name: userName })}
      emptyMessage={t('users.novelsEmpty', { name: userName })}
    />
  )
}
