import { useOutletContext, useSearchParams } from 'react-router'
import { LinkTabs } from '../../components/tabs.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { paths } from '../../lib/paths.ts'
import { WorkList } from '../work-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'
import '../../lib/i18n/messages/en/common.ts'
import '../../lib/i18n/messages/en/users.ts'

const WORKS = {
  all: { label: 'users.works.allLabel', empty: 'users.works.allEmpty' },
  illust: { label: 'users.works.illustLabel', empty: 'users.works.illustEmpty' },
  manga: { label: 'users.works.mangaLabel', empty: 'users.works.mangaEmpty' },
} as const

/** `/users/:id` and `/users/:id/artworks?type=illust|manga`: the user's works. */
export function Component() {
  const t = useT()
  const { userId, userName } = useOutletContext<UserOutletContext>()
  const [search] = useSearchParams()
  const raw = search.get('type')
  const type = raw === 'illust' || raw === 'manga' ? raw : undefined
  const kind = type === 'manga' ? 'manga' : type === 'illust' ? 'illust' : 'all'

  return (
    <>
      <LinkTabs
        label={t('users.works.kind')}
        className="mb-4"
        tabs={[
          { href: paths.userArtworks(userId), label: t('users.works.all'), current: type === undefined },
          {
            href: paths.userArtworks(userId, { type: 'illust' }),
            label: t('common.illustrations'),
            current: type === 'illust',
          },
          { href: paths.userArtworks(userId, { type: 'manga' }), label: t('common.manga'), current: type === 'manga' },
        ]}
      />
      <WorkList
        key={type ?? 'all'}
        query={workQueries.byUser(type ? { userId, type } : { userId })}
        listKey={`user:${userId}:${type ?? 'all'}`}
        label={t(WORKS[kind].label, { name: userName })}
        emptyMessage={t(WORKS[kind].empty, { name: userName })}
      />
    </>
  )
}
