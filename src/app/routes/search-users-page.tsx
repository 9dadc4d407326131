import { userQueries } from '../../features/users/api/user-queries.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { SearchView, useSearchForm } from '../../features/search/components/search-view.tsx'
import { UserPreviewList } from '../../features/users/components/user-preview-list.tsx'
import '../../lib/i18n/messages/en/search.ts'

/** `/search/users?word=`: users whose name or account matches, with a few of their works. */
export function Component() {
  const t = useT()
  const form = useSearchForm('user')
  return (
    <SearchView kind="user" form={form}>
      <UserPreviewList
        key={form.word}
        query={userQueries.search(form.word)}
        label={t('search.usersLabel', { word: form.word })}
        emptyTitle={t('search.usersEmpty', { word: form.word })}
      />
    </SearchView>
  )
}
