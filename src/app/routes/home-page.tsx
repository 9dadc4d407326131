import { Link, useSearchParams } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { LinkTabs } from '../../components/tabs.tsx'
import { useSession } from '../../lib/use-session.ts'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { lazyModule } from '../../lib/lazy-module.ts'
import { paths } from '../../lib/paths.ts'
import { followingKind, homeTab } from '../home-query.ts'
import { GridSkeleton } from '../grid-skeleton.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { WorkList } from '../work-list.tsx'
import type { NovelFeed } from './home-novels.tsx'
import '../../lib/i18n/messages/en/app.ts'
import '../../lib/i18n/messages/en/common.ts'

// The novel lists are the rarer ones: their list and queries stay out of the entry chunk.
const homeNovels = lazyModule(() => import('./home-novels.tsx'))

export function NovelsTab({ feed = 'recommended' }: { feed?: NovelFeed }) {
  const t = useT()
  const HomeNovels = homeNovels.use()?.default
  return HomeNovels ? <HomeNovels feed={feed} /> : <GridSkeleton label={t(NOVELS_LOADING[feed])} />
}

const NOVELS_LOADING = {
  recommended: 'app.home.novelsLoading.recommended',
  following: 'app.home.novelsLoading.following',
  newest: 'app.home.novelsLoading.newest',
} as const

const TABS = [
  { tab: 'illust', label: 'common.illustrations' },
  { tab: 'manga', label: 'common.manga' },
  { tab: 'novel', label: 'common.novels' },
  { tab: 'following', label: 'common.following' },
] as const

/** `/?tab=following`: new works (or novels, `kind=novel`) of the users the viewer follows, newest first. */
function FollowingTab({ kind }: { kind: 'illust' | 'novel' }) {
  const t = useT()
  const session = useSession()
  if (!session) {
    return (
      <section aria-labelledby="following-signin" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16">
        <h2 id="following-signin" className="text-lg font-semibold">
          {t('app.home.followingSignInTitle')}
        </h2>
        <p className="text-center text-muted">{t('app.home.followingSignInText')}</p>
        <Link
          className={buttonClass('primary')}
          to={paths.login(paths.home('following', { kind: kind === 'novel' ? 'novel' : undefined }))}
        >
          {t('common.signIn')}
        </Link>
      </section>
    )
  }
  return (
    <>
      <LinkTabs
        label={t('common.following')}
        className="mb-4"
        tabs={[
          { href: paths.home('following'), label: t('common.works'), current: kind === 'illust' },
          { href: paths.home('following', { kind: 'novel' }), label: t('common.novels'), current: kind === 'novel' },
        ]}
      />
      {kind === 'novel' ? (
        <NovelsTab feed="following" />
      ) : (
        <WorkList
          query={workQueries.following()}
          listKey="home:following"
          label={t('app.home.followingWorks')}
          emptyMessage={t('app.home.followingWorksEmpty')}
        />
      )}
    </>
  )
}

/** `/`: recommended works, in tabs for illustrations, manga and novels (`?tab=`), and the following feed. */
export function HomePage() {
  const [search] = useSearchParams()
  const t = useT()
  const tab = homeTab(search)
  useDocumentTitle(tab === 'following' ? t('common.following') : null)

  return (
    <>
      <h1 className="sr-only">
        {tab === 'following' ? t('app.home.headingFollowing') : t('app.home.headingRecommended')}
      </h1>
      <LinkTabs
        label={t('app.home.label')}
        className="mb-4"
        tabs={TABS.map((x) => ({ href: paths.home(x.tab), label: t(x.label), current: x.tab === tab }))}
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
          label={tab === 'manga' ? t('app.home.recommendedManga') : t('app.home.recommendedIllustrations')}
          emptyMessage={t('app.home.recommendedEmpty')}
        />
      )}
    </>
  )
}
