import { apiParamsFromForm } from '../../features/search/search-params.ts'
import { workQueries } from '../../features/works/api/work-queries.ts'
import type { IllustSearchTarget } from '../../lib/api-client.ts'
import { SearchView, useSearchForm } from '../search-view.tsx'
import { WorkList } from '../work-list.tsx'

/** `/search?word=&search_target=&sort=&duration=&start_date=&end_date=&search_ai_type=`: works. */
export function Component() {
  const form = useSearchForm('illust')
  const params = apiParamsFromForm<IllustSearchTarget>(form)
  const key = JSON.stringify(params)
  return (
    <SearchView kind="illust" form={form}>
      <WorkList
        key={key}
        query={workQueries.search(params)}
        listKey={`search:${key}`}
        label={`Search results for ${form.word}`}
        emptyMessage={`No works match “${form.word}”.`}
      />
    </SearchView>
  )
}
