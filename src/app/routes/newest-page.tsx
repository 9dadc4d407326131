import { useSearchParams } from 'react-router'
import { PageHeader } from '../../components/page-header.tsx'
import { LinkTabs } from '../../components/tabs.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { paths } from '../../lib/paths.ts'
import { newestTab } from '../home-query.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { WorkList } from '../work-list.tsx'
import { NovelsTab } from './home-page.tsx'
import '../../lib/i18n/messages/en/app.ts'
import '../../lib/i18n/messages/en/newest.ts'
import '../../lib/i18n/messages/en/common.ts'

const TABS = [
  { tab: 'illust', label: 'common.illustrations' },
  { tab: 'manga', label: 'common.manga' },
  { tab: 'novel', label: 'common.novels' },
] as const

/** `/new`: the newest works of everyone, in tabs for illustrations, manga and novels (`?type=`). */
export function Component() {
  const [search] = useSearchParams()
  const t = useT()
  const tab = newestTab(search)
  useDocumentTitle(t('newest.title'))

  return (
    <>
      <PageHeader title={t('newest.title')} />
      <LinkTabs
        label={t('newest.title')}
        className="mb-4"
        tabs={TABS.map((x) => ({ href: paths.newest(x.tab), label: t(x.label), current: x.tab === tab }))}
      />
      {tab === 'novel' ? (
        <NovelsTab feed="newest" />
      ) : (
        <WorkList
          key={tab}
          query={workQueries.newest({ contentType: tab })}
          listKey={`newest:${tab}`}
          label={tab === 'manga' ? t('newest.manga') : t('newest.illustrations')}
          emptyMessage={t('newest.worksEmpty')}
        />
      )}
    </>
  )
}
