import { useOutletContext, useSearchParams } from 'react-router'
import { LinkTabs } from '../../components/tabs.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { paths } from '../../lib/paths.ts'
import { WorkList } from '../work-list.tsx'
import type { UserOutletContext } from './user-layout.tsx'

/** `/users/:id` and `/users/:id/artworks?type=illust|manga`: the user's works. */
export function Component() {
  const { userId, userName } = useOutletContext<UserOutletContext>()
  const [search] = useSearchParams()
  const raw = search.get('type')
  const type = raw === 'illust' || raw === 'manga' ? raw : undefined
  const kind = type === 'manga' ? 'manga' : type === 'illust' ? 'illustrations' : 'works'

  return (
    <>
      <LinkTabs
        label="Kind of work"
        className="mb-4"
        tabs={[
          { href: paths.userArtworks(userId), label: 'All', current: type === undefined },
          { href: paths.userArtworks(userId, { type: 'illust' }), label: 'Illustrations', current: type === 'illust' },
          { href: paths.userArtworks(userId, { type: 'manga' }), label: 'Manga', current: type === 'manga' },
        ]}
      />
      <WorkList
        key={type ?? 'all'}
        query={workQueries.byUser(type ? { userId, type } : { userId })}
        listKey={`user:${userId}:${type ?? 'all'}`}
        label={`${userName}’s ${kind}`}
        emptyMessage={`${userName} has not posted any ${kind} yet.`}
      />
    </>
  )
}
