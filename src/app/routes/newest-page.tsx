import { useSearchParams } from 'react-router'
import { PageHeader } from '../../components/page-header.tsx'
import { LinkTabs } from '../../components/tabs.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { paths } from '../../lib/paths.ts'
import { newestTab } from '../home-query.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { WorkList } from '../work-list.tsx'
import { NovelsTab } from './home-page.tsx'

const TABS = [
  { tab: 'illust', label: 'Illustrations' },
  { tab: 'manga', label: 'Manga' },
  { tab: 'novel', label: 'Novels' },
] as const

/** `/new`: the newest works of everyone, in tabs for illustrations, manga and novels (`?type=`). */
export function Component() {
  const [search] = useSearchParams()
  const tab = newestTab(search)
  useDocumentTitle('Newest')

  return (
    <>
      <PageHeader title="Newest" />
      <LinkTabs
        label="Newest"
        className="mb-4"
        tabs={TABS.map((t) => ({ href: paths.newest(t.tab), label: t.label, current: t.tab === tab }))}
      />
      {tab === 'novel' ? (
        <NovelsTab feed="newest" />
      ) : (
        <WorkList
          key={tab}
          query={workQueries.newest({ contentType: tab })}
          listKey={`newest:${tab}`}
          label={tab === 'manga' ? 'Newest manga' : 'Newest illustrations'}
          emptyMessage="No works yet."
        />
      )}
    </>
  )
}
