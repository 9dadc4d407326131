import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Skeleton } from '../../../components/skeleton.tsx'
import { LinkTabs } from '../../../components/tabs.tsx'
import { SearchControls } from './search-controls.tsx'
import { formFromQuery, queryFromForm, type SearchForm, type SearchKind } from '../search-params.ts'
import { searchQueries } from '../api/search-queries.ts'
import { useLang, useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { tagTranslation } from '../../../components/tag-list.tsx'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/search.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'

/** Trending tags, as a way in when there is no word yet. */
function TrendingTags({ kind }: { kind: SearchKind }) {
  const t = useT()
  const lang = useLang()
  const { data, isPending, isError } = useQuery(searchQueries.trendingTags())
  if (isError) return null
  return (
    <section aria-labelledby="trending-heading" className="mt-6">
      <h2 id="trending-heading" className="mb-3 text-lg font-semibold">
        {t('search.trending')}
      </h2>
      {isPending ? (
        <Skeleton className="h-24" />
      ) : (
        <ul className="flex flex-wrap gap-2">
          {data.map((tag) => {
            const translation = tagTranslation({ name: tag.tag, translatedName: tag.translatedName }, lang)
            return (
              <li key={tag.tag} data-content>
                <Link
                  to={kind === 'novel' ? paths.searchNovels({ word: tag.tag }) : paths.search({ word: tag.tag })}
                  className="inline-flex min-h-11 items-center rounded-full border border-line bg-surface px-3 text-sm hover:border-accent sm:min-h-10"
                >
                  #{tag.tag}
                  {translation && (
                    <span className="ml-1 text-muted" lang="en">
                      {translation}
                    </span>
                  )}
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** The search form the URL describes (every filter lives in the query string). */
export function useSearchForm(kind: SearchKind | 'user'): SearchForm {
  const [search] = useSearchParams()
  return formFromQuery(search, kind === 'novel' ? 'novel' : 'illust')
}

/**
 * The frame of both searches (works and novels): the word as the title, the kind tabs, the filters, and the
 * results as `children` (rendered only when there is a word).
 */
export function SearchView({
  kind,
  form,
  children,
}: {
  /** `user`: user search, which takes the word only. */
  kind: SearchKind | 'user'
  form: SearchForm
  children: ReactNode
}) {
  const t = useT()
  const navigate = useNavigate()
  useDocumentTitle(form.word ? t('search.documentTitle', { word: form.word }) : t('search.title'))

  const query = queryFromForm(form)
  const onChange = (next: SearchForm) => {
    const q = queryFromForm(next)
    void navigate(kind === 'novel' ? paths.searchNovels(q) : paths.search(q), { replace: true })
  }

  return (
    <>
      <h1 className="mb-3 text-2xl font-semibold tracking-tight break-words">
        {form.word ? (
          <>
            <span className="sr-only">{t('search.resultsFor')} </span>
            <span data-content>{form.word}</span>
          </>
        ) : (
          t('search.title')
        )}
      </h1>
      <LinkTabs
        label={t('search.in')}
        className="mb-3"
        tabs={[
          {
            href: paths.search({ ...query, search_target: kind === 'illust' ? query.search_target : undefined }),
            label: t('common.illustrationsAndManga'),
            current: kind === 'illust',
          },
          {
            href: paths.searchNovels({ ...query, search_target: kind === 'novel' ? query.search_target : undefined }),
            label: t('common.novels'),
            current: kind === 'novel',
          },
          { href: paths.searchUsers({ word: query.word }), label: t('search.users'), current: kind === 'user' },
        ]}
      />
      {form.word ? (
        <>
          {kind !== 'user' && (
            <div className="mb-4">
              <SearchControls form={form} kind={kind} onChange={onChange} />
            </div>
          )}
          {children}
        </>
      ) : (
        <>
          <p className="text-muted">{t('search.hint')}</p>
          <TrendingTags kind={kind === 'novel' ? 'novel' : 'illust'} />
        </>
      )}
    </>
  )
}
