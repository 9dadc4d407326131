import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { LinkTabs } from '../../components/tabs.tsx'
import { useSession } from '../../lib/use-session.ts'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { lazyModule } from '../../lib/lazy-module.ts'
import { paths } from '../../lib/paths.ts'
import { followingKind, homeTab } from '../home-query.ts'
import { GridSkeleton } from '../grid-skeleton.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { WorkList } from '../work-list.tsx'
import type { NovelFeed } from './home-novels.tsx'

// The novel lists are the rarer ones: their list and queries stay out of the entry chunk.
const homeNovels = lazyModule(() => import('./home-novels.tsx'))

export function NovelsTab({ feed = 'recommended' }: { feed?: NovelFeed }) {
  const HomeNovels = homeNovels.use()?.default
  return HomeNovels ? <HomeNovels feed={feed} /> : <GridSkeleton label={`${feed} novels`} />
}

const TABS = [
  { tab: 'illust', label: 'Illustrations' },
  { tab: 'manga', label: 'Manga' },
  { tab: 'novel', label: 'Novels' },
  { tab: 'following', label: 'Following' },
] as const

/** `/?tab=following`: new works (or novels, `kind=novel`) of the users the viewer follows, newest first. */
function FollowingTab({ kind }: { kind: 'illust' | 'novel' }) {
  const session = useSession()
  if (!session) {
    return (
      <section aria-labelledby="following-signin" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16">
        <h2 id="following-signin" className="text-lg font-semibold">
          See new works from the artists you follow
        </h2>
        <p className="text-center text-muted">Sign in to see the latest works and novels of the users you follow.</p>
        <Link
          className={buttonClass('primary')}
          to={paths.login(paths.home('following', { kind: kind === 'novel' ? 'novel' : undefined }))}
        >
          Sign in
        </Link>
      </section>
    )
  }
  return (
    <>
      <LinkTabs
        label="Following"
        className="mb-4"
        tabs={[
          { href: paths.home('following'), label: 'Works', current: kind === 'illust' },
          { href: paths.home('following', { kind: 'novel' }), label: 'Novels', current: kind === 'novel' },
        ]}
      />
      {kind === 'novel' ? (
        <NovelsTab feed="following" />
      ) : (
        <WorkList
          query={workQueries.following()}
          listKey="home:following"
          label="Works by users you follow"
          emptyMessage="No new works from the users you follow."
        />
      )}
    </>
  )
}

/** `/`: recommended works, in tabs for illustrations, manga and novels (`?tab=`), and the following feed. */
export function HomePage() {
  const [search] = useSearchParams()
  const tab = homeTab(search)
  useDocumentTitle(tab === 'following' ? 'Following' : null)

  return (
    <>
      <h1 className="sr-only">
        {tab === 'following' ? 'Easel: new from users you follow' : 'Easel: recommended works'}
      </h1>
      <LinkTabs
        label="Home"
        className="mb-4"
        tabs={TABS.map((t) => ({ href: paths.home(t.tab), label: t.label, current: t.tab === tab }))}
      />
      {tab === 'following' ? (
        <FollowingTab kind={followingKind(search)} />
      ) : tab === 'novel' ? (
        <NovelsTab />
      ) : (
        <WorkList
          key={tab}
          query={workQueries.recommended({ contentType: tab })}
          listKey={`home:${tab}`}
          label={tab === 'manga' ? 'Recommended manga' : 'Recommended illustrations'}
          emptyMessage="Nothing to recommend yet."
        />
      )}
    </>
  )
}
