import { useEffect, useId, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { Link, useLocation, useNavigationType, useSearchParams } from 'react-router'
import type { Novel, NovelText } from '../../../api/model.ts'
import { Avatar } from '../../../components/avatar.tsx'
import { buttonClass } from '../../../components/button.tsx'
import { TagList } from '../../../components/tag-list.tsx'
import { formatCount, formatDate } from '../../../lib/format.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { richText } from '../../../lib/i18n/rich.tsx'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../../lib/use-session.ts'
import { NovelBookmarkButton } from '../bookmark/novel-bookmark-button.tsx'
import { NovelBadges } from '../components/novel-badges.tsx'
import { formatReadingTime } from '../lib/reading-time.ts'
import { textLang } from '../lib/text-lang.ts'
import { parseNovel, type ChapterEntry, type NovelDocument } from '../markup/parse-novel.ts'
import { NovelPageText } from './novel-page-text.tsx'
import { NovelSeriesNav } from './novel-series-nav.tsx'
import { ReaderSettingsPanel } from './reader-settings-panel.tsx'
import { useReaderSettings } from './reader-settings.ts'
import { HORIZONTAL_TEXT_CLASS, READER_BOX_CLASS, readerTextStyle, TEXT_CLASS, THEMES } from './reader-typography.ts'
import { loadReadingPosition, openingPlace, parsePage } from './reading-position.ts'
import { useReadingPosition } from './use-reading-position.ts'
import {
  NOVEL_ARTICLE_CLASS,
  NOVEL_COVER_CLASS,
  NOVEL_COVER_SIZE,
  NOVEL_HEADER_CLASS,
  NOVEL_HEADING_CLASS,
  NOVEL_TITLE_CLASS,
} from '../lib/novel-title.ts'
import '../../../lib/i18n/messages/en/novels.ts'
import '../../../lib/i18n/messages/en/reader.ts'

// The novel view: what the novel is (title, author, caption, tags, counters, series, bookmark), then the reader:
// one page of the text at a time (pages split by [newpage], `?p=N` in the URL), chapters, display settings, and the
// reading position kept per novel.

const VERTICAL_CLASS = [
  'w-full [writing-mode:vertical-rl] overflow-x-auto overflow-y-hidden overscroll-x-contain',
  '[&_img]:max-h-full [&_img]:w-auto [&_figure]:max-h-full',
].join(' ')

export interface NovelReaderProps {
  novel: Novel
  text: NovelText
  /** The sanitized caption, rendered by the app (the caption view is shared with works). */
  caption: ReactNode
  /** More buttons about the novel, composed by the app (reporting, moderating), after the bookmark and edit buttons. */
  actions?: ReactNode
  signedIn: boolean
  signInHref: string
}

export function NovelReader({ novel, text, caption, actions, signedIn, signInHref }: NovelReaderProps) {
  const t = useT()
  const me = useSession()
  const doc = useMemo(() => parseNovel(text.novelText), [text.novelText])
  // The text's own language (the UI's may differ): Japanese forms, line breaking and vertical punctuation.
  const lang = useMemo(() => textLang(text.novelText), [text.novelText])
  return (
    <article aria-labelledby="novel-title" data-novel-id={novel.id} className={NOVEL_ARTICLE_CLASS}>
      <NovelHeader novel={novel} />
      {caption}
      <TagList tags={novel.tags} href={(word) => paths.searchNovels({ word })} />
      <div className="flex flex-wrap items-start gap-3">
        <NovelBookmarkButton novel={novel} signedIn={signedIn} signInHref={signInHref} />
        {/* Its author edits (or deletes) the novel on a page of its own. */}
        {me?.user.id === novel.user.id && (
          <Link className={buttonClass('secondary')} to={paths.novelEdit(novel.id)}>
            {t('reader.edit')}
          </Link>
        )}
        {actions}
      </div>
      {novel.series && (
        <NovelSeriesNav novelId={novel.id} series={novel.series} prev={text.seriesPrev} next={text.seriesNext} />
      )}
      <Reader novel={novel} text={text} doc={doc} lang={lang} />
    </article>
  )
}

function NovelHeader({ novel }: { novel: Novel }) {
  const t = useT()
  return (
    <header className={NOVEL_HEADER_CLASS}>
      <img
        src={novel.imageUrls.medium}
        alt=""
        width={NOVEL_COVER_SIZE.width}
        height={NOVEL_COVER_SIZE.height}
        className={NOVEL_COVER_CLASS}
      />
      <div className={NOVEL_HEADING_CLASS}>
        <NovelBadges novel={novel} />
        <h1 id="novel-title" lang={textLang(novel.title)} className={NOVEL_TITLE_CLASS} data-content>
          {novel.title || t('novels.untitled')}
        </h1>
        <Link to={paths.user(novel.user.id)} className="inline-flex min-h-11 items-center gap-2 self-start">
          <Avatar src={novel.user.profileImageUrls.medium} size={32} />
          <span className="font-medium hover:underline" data-author>
            {novel.user.name}
          </span>
        </Link>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
          <Stat label={t('reader.stats.characters')} value={formatCount(novel.textLength)} />
          <Stat label={t('reader.stats.readingTime')} value={formatReadingTime(novel.textLength)} />
          <Stat label={t('reader.stats.pages')} value={formatCount(novel.pageCount)} />
          <Stat label={t('reader.stats.views')} value={formatCount(novel.totalView)} />
          <Stat label={t('reader.stats.bookmarks')} value={formatCount(novel.totalBookmarks)} />
          <Stat label={t('reader.stats.comments')} value={formatCount(novel.totalComments)} />
        </dl>
        <p className="text-sm text-muted">
          <time dateTime={novel.createDate}>{formatDate(novel.createDate)}</time>
        </p>
      </div>
    </header>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-medium text-ink tabular-nums">{value}</dd>
    </div>
  )
}

/** The text itself: toolbar, the page shown, and page navigation. */
function Reader({
  novel,
  text,
  doc,
  lang,
}: {
  novel: Novel
  text: NovelText
  doc: NovelDocument
  lang: 'ja' | undefined
}) {
  const t = useT()
  const settings = useReaderSettings()
  const vertical = settings.writingMode === 'vertical'
  const [searchParams] = useSearchParams()
  const { hash } = useLocation()
  const navigationType = useNavigationType()
  const textRef = useRef<HTMLDivElement>(null)
  const readerRef = useRef<HTMLDivElement>(null)
  const settingsId = useId()
  const contentsId = useId()
  const [openPanel, setOpenPanel] = useState<'settings' | 'contents' | null>(null)

  // Where the view opens: the page in the URL, else the page the viewer left off on; and the place on that page.
  const [opening] = useState(() => openingPlace(doc, loadReadingPosition(novel.id), searchParams.get('p'), hash))
  const pageNumber = parsePage(searchParams.get('p'), doc.pages.length) ?? opening.page
  const page = doc.pages[pageNumber - 1]!
  const count = doc.pages.length

  useReadingPosition({
    novelId: novel.id,
    textRef,
    vertical,
    layoutKey: `${settings.fontSize}|${settings.lineSpacing}|${settings.font}|${settings.writingMode}`,
    initialOffset: opening.offset,
    pageStart: page.start,
  })

  // Turning the page (a page link, a [jump:N]) shows the new page from its top; a chapter link, its chapter. The
  // URL without `?p=` stays as it is: every in-app page link names its page, so the bare URL means "where I left off".
  const shown = useRef({ pageNumber, hash })
  useEffect(() => {
    const before = shown.current
    if (before.pageNumber === pageNumber && before.hash === hash) return
    shown.current = { pageNumber, hash }
    if (before.pageNumber !== pageNumber && vertical) textRef.current?.scrollTo({ left: 0, behavior: 'instant' })
    const target = hash.startsWith('#chapter-') ? document.getElementById(hash.slice(1)) : null
    if (target) target.scrollIntoView({ block: 'start', behavior: 'instant' })
    // Back and Forward: the router puts the window where that entry was.
    else if (before.pageNumber !== pageNumber && navigationType !== 'POP')
      readerRef.current?.scrollIntoView({ block: 'start', behavior: 'instant' })
  }, [pageNumber, hash, navigationType, vertical])

  // Escape closes an open panel (they are disclosures, not dialogs: the text stays usable behind them).
  useEffect(() => {
    if (!openPanel) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenPanel(null)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [openPanel])

  // Vertical text scrolls sideways: a mouse wheel moves along the text until either end, then the page scrolls.
  useEffect(() => {
    const el = textRef.current
    if (!vertical || !el) return
    const onWheel = (event: WheelEvent) => {
      if (Math.abs(event.deltaY) <= Math.abs(event.deltaX) || event.ctrlKey) return
      const max = el.scrollWidth - el.clientWidth
      // vertical-rl: scrollLeft runs from 0 (the start, at the right) to -max.
      const atStart = el.scrollLeft >= 0
      const atEnd = el.scrollLeft <= -max + 1
      if ((event.deltaY > 0 && atEnd) || (event.deltaY < 0 && atStart)) return
      event.preventDefault()
      el.scrollBy({ left: -event.deltaY, behavior: 'instant' })
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [vertical])

  const label = t('novels.byAuthor', { title: novel.title || t('novels.untitled'), name: novel.user.name })
  const textStyle: CSSProperties = {
    ...readerTextStyle(settings, lang),
    ...(vertical ? { height: 'clamp(18rem, calc(100dvh - 12rem), 60rem)' } : {}),
  }

  return (
    <div ref={readerRef} className="flex flex-col gap-3" data-reader-top>
      <section
        aria-label={t('reader.text.label')}
        data-reader
        data-theme={settings.theme}
        data-writing-mode={settings.writingMode}
        className={`${READER_BOX_CLASS} ${THEMES[settings.theme]}`}
      >
        <div
          ref={textRef}
          lang={lang}
          data-reader-text
          // Vertical text is its own scroll area: keyboard users can focus it and scroll with the arrow keys.
          tabIndex={vertical ? 0 : undefined}
          role={vertical ? 'region' : undefined}
          aria-label={vertical ? t('reader.text.page', { page: pageNumber, count }) : undefined}
          data-page={pageNumber}
          className={`${TEXT_CLASS} ${vertical ? `${VERTICAL_CLASS} px-[1.5em] py-[1.25em]` : HORIZONTAL_TEXT_CLASS}`}
          style={textStyle}
        >
          <NovelPageText novelId={novel.id} page={page} embeds={text} label={label} vertical={vertical} />
        </div>
      </section>
      {/* The reading bar stays at the bottom of the screen while the text is in view, within reach of a thumb:
          the display settings change under the reader's eyes, and its panels open over the text without moving it. */}
      <div className="sticky bottom-(--bottom-nav) z-20 pb-2" data-reader-bar>
        <div className="relative">
          {openPanel && (
            <div
              id={openPanel === 'settings' ? settingsId : contentsId}
              className="absolute inset-x-0 bottom-full mb-2 max-h-[min(70dvh,36rem)] overflow-y-auto rounded-lg border border-line bg-surface p-4 shadow-lg"
            >
              {openPanel === 'settings' ? (
                <ReaderSettingsPanel settings={settings} />
              ) : (
                <ChapterList
                  novelId={novel.id}
                  chapters={doc.chapters}
                  current={pageNumber}
                  onChoose={() => setOpenPanel(null)}
                />
              )}
            </div>
          )}
          <div className="flex flex-wrap items-center gap-2 rounded-full border border-line bg-surface/95 py-1 pr-1 pl-4 shadow-sm backdrop-blur">
            <p className="mr-auto text-sm text-muted" data-page-indicator>
              {richText(
                'reader.text.indicator',
                { n: (n) => <span className="font-medium text-ink tabular-nums">{n}</span> },
                { page: pageNumber, count },
              )}
            </p>
            {doc.chapters.length > 0 && (
              <PanelButton
                controls={contentsId}
                expanded={openPanel === 'contents'}
                onClick={() => setOpenPanel(openPanel === 'contents' ? null : 'contents')}
              >
                {t('reader.text.contents')}
              </PanelButton>
            )}
            <PanelButton
              controls={settingsId}
              expanded={openPanel === 'settings'}
              onClick={() => setOpenPanel(openPanel === 'settings' ? null : 'settings')}
            >
              {t('reader.text.display')}
            </PanelButton>
          </div>
        </div>
      </div>
      <PageNav novelId={novel.id} current={pageNumber} count={count} vertical={vertical} />
      {pageNumber === count && text.seriesNext && (
        <p className="text-right">
          <Link to={paths.novel(text.seriesNext.id)} className={pagerLink} data-series-continue>
            {t('reader.series.continue', { title: text.seriesNext.title || t('novels.untitled') })} →
          </Link>
        </p>
      )}
    </div>
  )
}

function PanelButton({
  controls,
  expanded,
  onClick,
  children,
}: {
  controls: string
  expanded: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
      className="inline-flex min-h-11 items-center gap-1 rounded-full border border-line bg-surface px-4 text-sm font-medium hover:bg-line/40 aria-expanded:bg-line/60"
    >
      {children}
      <span aria-hidden="true" className="text-xs">
        {expanded ? '▴' : '▾'}
      </span>
    </button>
  )
}

function ChapterList({
  novelId,
  chapters,
  current,
  onChoose,
}: {
  novelId: number
  chapters: ChapterEntry[]
  current: number
  onChoose: () => void
}) {
  const t = useT()
  return (
    <nav aria-label={t('reader.text.chapters')}>
      <ol className="flex flex-col">
        {chapters.map((c) => (
          <li key={c.index}>
            <Link
              to={`${paths.novel(novelId, c.page)}#chapter-${c.index}`}
              onClick={onChoose}
              className="flex min-h-11 items-center justify-between gap-3 rounded-md px-2 hover:bg-line/40 aria-[current=page]:font-semibold"
              aria-current={c.page === current ? 'page' : undefined}
            >
              <span className="min-w-0">
                <ChapterTitle chapter={c} />
              </span>
              <span className="shrink-0 text-sm text-muted tabular-nums">
                {t('reader.text.chapterPage', { page: c.page })}
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  )
}

function ChapterTitle({ chapter }: { chapter: ChapterEntry }) {
  return (
    <>
      {chapter.title.map((n, i) =>
        n.type === 'text' ? (
          n.text
        ) : (
          <ruby key={i}>
            {n.base}
            <rp>(</rp>
            <rt>{n.reading}</rt>
            <rp>)</rp>
          </ruby>
        ),
      )}
    </>
  )
}

const pagerLink =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-line bg-surface px-3 text-sm font-medium hover:bg-line/40'

/** Previous / next and every page; in vertical writing the pages run right to left, so "next" sits on the left. */
function PageNav({
  novelId,
  current,
  count,
  vertical,
}: {
  novelId: number
  current: number
  count: number
  vertical: boolean
}) {
  const t = useT()
  if (count < 2) return null
  const direction = vertical ? 'flex-row-reverse' : 'flex-row'
  return (
    <nav aria-label={t('reader.text.pages')} className="flex flex-col gap-2">
      <ol className={`flex flex-wrap justify-center gap-1 ${direction}`}>
        {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={paths.novel(novelId, n)}
              aria-label={t('reader.text.pageLink', { page: n })}
              aria-current={n === current ? 'page' : undefined}
              className={`${pagerLink} aria-[current=page]:border-accent aria-[current=page]:bg-accent aria-[current=page]:text-on-accent`}
              data-page-link={n}
            >
              {n}
            </Link>
          </li>
        ))}
      </ol>
      <div className={`flex justify-between gap-2 ${direction}`}>
        {current > 1 ? (
          <Link to={paths.novel(novelId, current - 1)} rel="prev" className={pagerLink}>
            {vertical ? `${t('reader.text.prevPage')} →` : `← ${t('reader.text.prevPage')}`}
          </Link>
        ) : (
          <span />
        )}
        {current < count ? (
          <Link to={paths.novel(novelId, current + 1)} rel="next" className={pagerLink}>
            {vertical ? `← ${t('reader.text.nextPage')}` : `${t('reader.text.nextPage')} →`}
          </Link>
        ) : (
          <span />
        )}
      </div>
    </nav>
  )
}
