import { useInfiniteQuery } from '@tanstack/react-query'
import { useMemo, useRef } from 'react'
import { Link } from 'react-router'
import type { Illust } from '../../../../api/model.ts'
import { applyFilters } from '../../../../lib/filter-engine.ts'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { paths } from '../../../../lib/paths.ts'
import { useSettings } from '../../../../lib/settings.ts'
import { useNearViewport } from '../../../../lib/use-near-viewport.ts'
import { rememberSourceList } from '../../../../lib/source-list.ts'
import { workQueries } from '../../api/work-queries.ts'
import { WorkBadges } from '../work-badges.tsx'
import '../../../../lib/i18n/messages/en/artwork.ts'
import '../../../../lib/i18n/messages/en/works.ts'

/**
 * How close to the viewport the section must come before its works are asked for. Below the work on a phone, their
 * list and two dozen thumbnails would otherwise share the connection with the work's own image as it downloads, for
 * a section most readers never scroll to.
 */
const LOAD_WITHIN_PX = 300

/**
 * Works related to this one (`/v2/illust/related`), through the viewer's content filters, asked for once the section
 * nears the viewport. Render it with the work's id as its key: another work's section starts far away again.
 */
export function RelatedWorks({ work }: { work: Illust }) {
  const t = useT()
  const settings = useSettings()
  const section = useRef<HTMLElement>(null)
  const near = useNearViewport(section, LOAD_WITHIN_PX)
  // The first page only: a handful of suggestions, not an endless list that would push the footer away.
  const query = useInfiniteQuery({ ...workQueries.related(work.id), staleTime: 5 * 60_000, enabled: near })
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.illusts) ?? [], [query.data])
  const { visible, hiddenCount } = useMemo(() => applyFilters(items, settings.filters), [items, settings.filters])
  const listKey = `related:${work.id}`

  if (query.isError || (query.isSuccess && items.length === 0)) return null

  return (
    <section ref={section} aria-labelledby="related-heading" className="flex flex-col gap-3">
      <h2 id="related-heading" className="text-lg font-semibold">
        {t('artwork.related.heading')}
      </h2>
      {query.isPending ? (
        <p className="text-sm text-muted">{t('artwork.related.loading')}</p>
      ) : (
        <>
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3">
            {visible.map(({ item, blurred }) => (
              <li key={item.id}>
                <Link
                  to={paths.artwork(item.id)}
                  // Opening one makes the related list the source list, so arrow keys walk through it.
                  onClick={() =>
                    rememberSourceList(
                      listKey,
                      visible.map((v) => v.item.id),
                    )
                  }
                  className="group flex flex-col gap-1"
                  data-related-work={item.id}
                >
                  <span className="relative block aspect-square overflow-hidden rounded-md bg-line/40">
                    <img
                      src={item.imageUrls.squareMedium}
                      alt=""
                      width={360}
                      height={360}
                      loading="lazy"
                      decoding="async"
                      className={`size-full object-cover transition-transform group-hover:scale-105 motion-reduce:transition-none ${blurred ? 'blur-xl' : ''}`}
                    />
                    <WorkBadges work={item} className="absolute top-1 left-1" />
                  </span>
                  {/* `relative`: the sr-only author is placed after the full title, past the ellipsis; as its
                      containing block this span clips it, or it widens the page on phones. */}
                  <span className="relative truncate text-sm">
                    {item.title || t('works.untitled')}
                    <span className="sr-only"> {t('artwork.byline', { name: item.user.name })}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {hiddenCount > 0 && (
            <p className="text-sm text-muted">{t('artwork.related.hidden', { count: hiddenCount })}</p>
          )}
        </>
      )}
    </section>
  )
}
