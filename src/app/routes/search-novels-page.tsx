import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { InfiniteNovelList } from '../../features/novels/components/infinite-novel-list.tsx'
import { apiParamsFromForm } from '../../features/search/search-params.ts'
import type { NovelSearchTarget } from '../../lib/api-client.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { SearchView, useSearchForm } from '../../features/search/components/search-view.tsx'
import { preloadNovelPage } from '../preload.ts'
import '../../lib/i18n/messages/en/search.ts'

/** `/search/novels?word=…`: novels, with the same filters as works. */
export function Component() {
  const t = useT()
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
        label={t('search.novelsLabel', { word: form.word })}
        emptyMessage={t('search.novelsEmpty', { word: form.word })}
      />
    </SearchView>
  )
}
