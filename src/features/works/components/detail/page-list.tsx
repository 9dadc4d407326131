import { useRef } from 'react'
import { Link } from 'react-router'
import type { Illust } from '../../../../api/model.ts'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { useSettings } from '../../../../lib/settings.ts'
import { fitStyle } from '../../lib/fit.ts'
import { pageElementId } from '../../lib/page-anchor.ts'
import { imageAlt, pageUrl } from './image-alt.ts'
import { useHashPage } from './use-hash-page.ts'
import { useReducedMotion } from './use-reduced-motion.ts'
import { useVisiblePage } from './use-visible-page.ts'
import '../../../../lib/i18n/messages/en/artwork.ts'

/** How many pages load at once; the rest load as they approach the viewport. */
const EAGER_PAGES = 2

/**
 * A multi-page work read top to bottom: every page, each sized before it loads (the work's width and height,
 * which the service gives for the first page and which its pages share), with a counter that follows the scroll.
 */
export function PageList({ work }: { work: Illust }) {
  const t = useT()
  const { imageQuality } = useSettings()
  const list = useRef<HTMLOListElement>(null)
  const reduced = useReducedMotion()
  const current = useVisiblePage(list, work.pageCount)
  const count = work.pageCount
  const fit = fitStyle(work.width, work.height)

  useHashPage(count, (page) => {
    document
      .getElementById(pageElementId(page))
      ?.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' })
  })

  return (
    <div className="relative">
      <ol ref={list} className="flex flex-col items-center gap-4" aria-label={t('artwork.pages.label')}>
        {Array.from({ length: count }, (_, i) => {
          const page = i + 1
          return (
            <li
              key={page}
              id={pageElementId(page)}
              data-page={page}
              className="flex w-full scroll-mt-28 justify-center"
            >
              <img
                src={pageUrl(work, i, imageQuality)}
                alt={imageAlt(work, page)}
                width={work.width}
                height={work.height}
                loading={i < EAGER_PAGES ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                decoding="async"
                className="block bg-line/40 object-contain"
                style={fit}
              />
            </li>
          )
        })}
      </ol>
      <p
        // Above the phone's bottom navigation (the shell sets --bottom-nav), so the counter never hides under it.
        className="sticky bottom-[calc(var(--bottom-nav,0px)_+_1rem)] z-10 mt-2 ml-auto w-fit rounded-full bg-ink/80 px-3 py-1 text-sm font-medium text-canvas tabular-nums"
        data-page-counter
      >
        <span aria-hidden="true">
          {current} / {count}
        </span>
        <span className="sr-only">{t('artwork.pages.counter', { current, count })}</span>
      </p>
      <nav aria-label={t('artwork.pages.jump')} className="mt-4 flex flex-wrap justify-center gap-1 text-sm">
        {count > 2 &&
          Array.from({ length: count }, (_, i) => (
            <Link
              key={i}
              to={{ hash: pageElementId(i + 1) }}
              replace
              preventScrollReset
              aria-current={current === i + 1 ? 'page' : undefined}
              className="inline-flex min-h-11 min-w-11 items-center justify-center rounded px-2 py-1 text-muted sm:min-h-0 sm:min-w-8 hover:bg-line/50 hover:text-ink aria-[current=page]:bg-line aria-[current=page]:text-ink"
            >
              {i + 1}
            </Link>
          ))}
      </nav>
    </div>
  )
}
