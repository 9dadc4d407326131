import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { Illust } from '../../../../api/model.ts'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { useSettings } from '../../../../lib/settings.ts'
import { bookSpreads, spreadIndexOfPage, spreadLabel } from '../../lib/book-spreads.ts'
import { fitStyle } from '../../lib/fit.ts'
import { pageElementId } from '../../lib/page-anchor.ts'
import { imageAlt, pageUrl } from './image-alt.ts'
import { useHashPage } from './use-hash-page.ts'
import { useReducedMotion } from './use-reduced-motion.ts'
import '../../../../lib/i18n/messages/en/artwork.ts'

/** Height left for a spread below the header and the book's own toolbar. */
const BOOK_HEIGHT = '(100dvh - 10rem)'

/** Spreads that load at once (the cover and the first pair); the rest load as they scroll near. */
const EAGER_SPREADS = 2

/**
 * A book-style work (illustBookStyle 1), read right to left like a printed Japanese book: one spread at a time in a
 * horizontal scroller whose direction is RTL, so the book opens at its right edge, moving on means moving left,
 * and in each pair the lower page number sits on the right. Arrow keys turn spreads while the book has focus
 * (Left = next), and so do the buttons and a sideways swipe (native scrolling, snapped to spreads).
 */
export function BookReader({ work }: { work: Illust }) {
  const t = useT()
  const { imageQuality } = useSettings()
  const reduced = useReducedMotion()
  const scroller = useRef<HTMLDivElement>(null)
  const spreads = useMemo(() => bookSpreads(work.pageCount), [work.pageCount])
  const [current, setCurrent] = useState(0)
  const last = spreads.length - 1

  const show = useCallback(
    (index: number) => {
      const i = Math.min(Math.max(0, index), last)
      const el = scroller.current?.children[i] as HTMLElement | undefined
      el?.scrollIntoView({ inline: 'start', block: 'nearest', behavior: reduced ? 'auto' : 'smooth' })
      setCurrent(i)
    },
    [last, reduced],
  )

  useHashPage(work.pageCount, (page) => show(spreadIndexOfPage(page, work.pageCount)))

  // Follow native scrolling (touch, trackpad, scrollbar) so the counter and buttons stay right.
  useEffect(() => {
    const el = scroller.current
    if (!el) return
    const onScroll = () => {
      const width = el.clientWidth
      if (width > 0) setCurrent(Math.min(last, Math.round(Math.abs(el.scrollLeft) / width)))
    }
    el.addEventListener('scroll', onScroll, { passive: true })
    return () => el.removeEventListener('scroll', onScroll)
  }, [last])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const step = { ArrowLeft: 1, ArrowRight: -1, PageDown: 1, PageUp: -1 }[event.key]
    if (step !== undefined) {
      event.preventDefault()
      show(current + step)
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      show(event.key === 'Home' ? 0 : last)
    }
  }

  const pageLabel = spreads[current] ? spreadLabel(spreads[current]) : '1'
  const buttonClass =
    'min-h-11 rounded-full border border-line px-3 py-1 text-sm enabled:hover:bg-line/50 disabled:cursor-not-allowed disabled:opacity-50 sm:min-h-0'

  return (
    <section
      aria-roledescription={t('artwork.book.roleDescription')}
      aria-label={t('artwork.book.label', { title: work.title || t('artwork.book.untitled') })}
      data-own-arrows
      data-own-gestures
      onKeyDown={onKeyDown}
      className="flex flex-col gap-2"
    >
      <div className="flex items-center justify-between gap-2">
        <button type="button" className={buttonClass} onClick={() => show(current + 1)} disabled={current >= last}>
          <span aria-hidden="true">← </span>
          {t('artwork.book.next')}
        </button>
        <p className="text-sm text-muted tabular-nums" aria-live="polite" data-page-counter>
          <span className="sr-only">{t('artwork.book.counter')}</span>
          {pageLabel} / {work.pageCount}
        </p>
        <button type="button" className={buttonClass} onClick={() => show(current - 1)} disabled={current <= 0}>
          {t('artwork.book.prev')}
          <span aria-hidden="true"> →</span>
        </button>
      </div>
      <div
        ref={scroller}
        dir="rtl"
        data-reading="rtl"
        tabIndex={0}
        role="group"
        aria-label={t('artwork.book.spreads')}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain"
      >
        {spreads.map((spread, i) => (
          <div
            key={spread[0]}
            data-spread={i}
            className="flex w-full shrink-0 snap-start snap-always items-start justify-center"
          >
            {spread.map((page) => (
              <img
                key={page}
                id={pageElementId(page)}
                data-page={page}
                src={pageUrl(work, page - 1, imageQuality)}
                alt={imageAlt(work, page)}
                width={work.width}
                height={work.height}
                loading={i < EAGER_SPREADS ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
                className="block bg-line/40 object-contain"
                style={fitStyle(work.width, work.height, {
                  widthShare: spread.length > 1 ? 0.5 : 1,
                  maxHeight: BOOK_HEIGHT,
                })}
              />
            ))}
          </div>
        ))}
      </div>
    </section>
  )
}
