import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import { apiParamsFromForm } from '../../features/search/search-params.ts'
import type { NovelSearchTarget } from '../../lib/api-client.ts'
import { SearchView, useSearchForm } from '../search-view.tsx'
import { preloadNovelPage } from '../preload.ts'

/** `/search/novels?word=…`: novels, with the same filters as works. */
export function Component() {
  const form = useSearchForm('novel')
  const params = apiParamsFromForm<NovelSearchTarget>(form)
  const key = JSON.stringify(params)
  return (
    <SearchView kind="novel" form={form}>
      <InfiniteNovelList
        onCardIntent={preloadNovelPage}
        key={key}
        query={novelQueries.search(params)}
        listKey={`search-novels:${key}`}
        label={`Novel search results for ${form.word}`}
        emptyMessage={`No novels match “${form.word}”.`}
      />
    </SearchView>
  )
}
