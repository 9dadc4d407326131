import { useSearchParams } from 'react-router'
import { LinkTabs } from '../../components/tabs.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { lazyModule } from '../../lib/lazy-module.ts'
import { paths } from '../../lib/paths.ts'
import { homeTab } from '../home-query.ts'
import { GridSkeleton } from '../grid-skeleton.tsx'
import { useDocumentTitle } from '../use-document-title.ts'
import { WorkList } from '../work-list.tsx'

// The novels tab is the rarer one: its list and queries stay out of the entry chunk.
const homeNovels = lazyModule(() => import('./home-novels.tsx'))

function NovelsTab() {
  const HomeNovels = homeNovels.use()?.default
  return HomeNovels ? <HomeNovels /> : <GridSkeleton label="recommended novels" />
}

const TABS = [
  { tab: 'illust', label: 'Illustrations' },
  { tab: 'manga', label: 'Manga' },
  { tab: 'novel', label: 'Novels' },
] as const

/** `/`: recommended works, in tabs for illustrations, manga and novels (`?tab=`). */
export function HomePage() {
  const [search] = useSearchParams()
  const tab = homeTab(search)
  useDocumentTitle(null)

  return (
    <>
      <h1 className="sr-only">Easel: recommended works</h1>
      <LinkTabs
        label="Recommended"
        className="mb-4"
        tabs={TABS.map((t) => ({ href: paths.home(t.tab), label: t.label, current: t.tab === tab }))}
      />
      {tab === 'novel' ? (
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
