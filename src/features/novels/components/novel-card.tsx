// One novel of a list, in the collections' card frame (card-frame.tsx: the list item, the link, the reveal button):
// its cover, title, author, series, length and reading time, bookmark count, tags and badges, at a fixed height so
// the list knows every row's place before anything loads.

import { useId } from 'react'
import type { Novel } from '../../../api/model.ts'
import { CardFrame, type CardPlace } from '../../../components/collection/card-frame.tsx'
import { formatCount } from '../../../lib/format.ts'
import { t, useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { NOVEL_CARD_HEIGHT } from '../../../tunables.ts'
import { formatReadingTime } from '../lib/reading-time.ts'
import { NovelBadges, novelBadgeLabels } from './novel-badges.tsx'
import '../../../lib/i18n/messages/en/novels.ts'

export interface NovelCardProps extends CardPlace {
  novel: Novel
  /** A rank or a place in a series, shown on the cover. */
  number?: { value: number; kind: 'rank' | 'order' }
  /** Whether to name the novel's series (not on the series' own page). */
  showSeries?: boolean
  /** Covers of the first row load at once; the rest when near the viewport. */
  eager?: boolean
}

const NUMBER_LABEL = { rank: 'novels.card.rank', order: 'novels.card.part' } as const

export function novelTitle(novel: Pick<Novel, 'title'>): string {
  return novel.title || t('novels.untitled')
}

export function NovelCard({ novel, number, showSeries = true, eager = false, ...place }: NovelCardProps) {
  const { blurred = false } = place
  useT()
  const detailsId = useId()
  const title = novelTitle(novel)
  // A short name ("Rank 2: Title by Author") and the rest as the link's description, so a screen reader says the
  // name first and moving through the list stays quick.
  const byAuthor = t('novels.byAuthor', { title, name: novel.user.name })
  const name = number
    ? t('novels.card.numbered', { number: t(NUMBER_LABEL[number.kind], { value: number.value }), name: byAuthor })
    : byAuthor
  const chars = formatCount(novel.textLength)
  const bookmarks = formatCount(novel.totalBookmarks)
  const time = formatReadingTime(novel.textLength)
  const tags = novel.tags.map((tag) => `#${tag.name}`).join(' ')
  const description = [
    showSeries && novel.series ? t('novels.card.series', { title: novel.series.title }) : '',
    t('novels.card.stats', { chars, time, bookmarks }),
    tags ? t('novels.card.tags', { tags }) : '',
    novelBadgeLabels(novel).join(t('novels.card.badgeSeparator')),
  ]
    .filter(Boolean)
    .join(' ')

  return (
    <CardFrame
      id={novel.id}
      kind="novel"
      to={paths.novel(novel.id)}
      name={byAuthor}
      className="relative min-w-0 focus-within:z-10"
      style={{ height: NOVEL_CARD_HEIGHT }}
      linkClassName="group flex size-full gap-3 overflow-hidden rounded-xl border border-line bg-surface p-3 outline-offset-2 hover:border-accent focus-visible:outline-3 focus-visible:outline-accent"
      linkLabel={name}
      linkDescribedBy={detailsId}
      revealShape="rounded-xl bg-black/10"
      {...place}
    >
      <span className={`relative h-[136px] w-24 shrink-0 ${blurred ? 'blur-md' : ''}`}>
        <img
          src={novel.imageUrls.medium}
          alt=""
          width={96}
          height={136}
          decoding="async"
          loading={eager ? 'eager' : 'lazy'}
          draggable={false}
          className="size-full rounded-md bg-line/70 object-cover"
        />
        {number && (
          <span className="absolute top-1 left-1 rounded bg-[#1d1c21]/85 px-1.5 text-xs leading-5 font-semibold text-white">
            {number.value}
          </span>
        )}
        {/* In the description already. */}
        <span aria-hidden="true">
          <NovelBadges novel={novel} className="absolute inset-x-1 bottom-1" />
        </span>
      </span>
      <span className={`flex min-w-0 flex-1 flex-col ${blurred ? 'blur-sm select-none' : ''}`}>
        <span className="line-clamp-2 text-[15px] leading-5 font-semibold break-words group-hover:underline">
          {title}
        </span>
        <span className="truncate text-sm leading-5 text-muted">{novel.user.name}</span>
        {/* Seen, not read out: the link's name and description (below) say the same in sentences. */}
        <span aria-hidden="true" className="contents">
          {showSeries && novel.series && (
            <span className="truncate text-xs leading-5 text-muted">▤ {novel.series.title}</span>
          )}
          <span className="truncate text-xs leading-5 text-muted">
            {t('novels.card.meta', { chars, time, bookmarks })}
          </span>
          {novel.tags.length > 0 && <span className="mt-auto truncate text-xs leading-5 text-accent">{tags}</span>}
        </span>
        <span id={detailsId} className="sr-only">
          {description}
        </span>
      </span>
    </CardFrame>
  )
}

/** A card-shaped placeholder of the final size. */
export function NovelCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex gap-3 rounded-xl border border-line p-3"
      style={{ height: NOVEL_CARD_HEIGHT }}
    >
      <div className="h-[136px] w-24 shrink-0 animate-pulse rounded-md bg-line/60 motion-reduce:animate-none" />
      <div className="flex flex-1 flex-col gap-2 pt-1">
        <div className="h-4 w-4/5 animate-pulse rounded bg-line/60 motion-reduce:animate-none" />
        <div className="h-3 w-2/5 animate-pulse rounded bg-line/60 motion-reduce:animate-none" />
        <div className="h-3 w-3/5 animate-pulse rounded bg-line/60 motion-reduce:animate-none" />
      </div>
    </div>
  )
}
