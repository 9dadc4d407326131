import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { apiParamsFromForm } from '../../features/search/search-params.ts'
import type { NovelSearchTarget } from '../../lib/api-client.ts'
import { NovelTeaserList } from '../novel-teaser-list.tsx'
import { SearchView, useSearchForm } from '../search-view.tsx'

/** `/search/novels?word=…`: novels, with the same filters as works. */
export function Component() {
  const form = useSearchForm('novel')
  const params = apiParamsFromForm<NovelSearchTarget>(form)
  return (
    <SearchView kind="novel" form={form}>
      <NovelTeaserList
        key={JSON.stringify(params)}
        query={novelQueries.search(params)}
        label={`Novel search results for ${form.word}`}
        emptyMessage={`No novels match “${form.word}”.`}
      />
    </SearchView>
  )
}
