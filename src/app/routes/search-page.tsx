import { apiParamsFromForm } from '../../features/search/search-params.ts'
import { workQueries } from '../../features/works/api/work-queries.ts'
import type { IllustSearchTarget } from '../../lib/api-client.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { SearchView, useSearchForm } from '../../features/search/components/search-view.tsx'
import { WorkList } from '../work-list.tsx'
import '../../lib/i18n/messages/en/search.ts'

/** `/search?word=&search_target=&sort=&duration=&start_date=&end_date=&search_ai_type=`: works. */
export function Component() {
  const t = useT()
  const form = useSearchForm('illust')
  const params = apiParamsFromForm<IllustSearchTarget>(form)
  const key = JSON.stringify(params)
  return (
    <SearchView kind="illust" form={form}>
      <WorkList
        key={key}
        query={workQueries.search(params)}
        listKey={`search:${key}`}
        label={t('search.worksLabel', { word: form.word })}
        emptyMessage={t('search.worksEmpty', { word: form.word })}
      />
    </SearchView>
  )
}
