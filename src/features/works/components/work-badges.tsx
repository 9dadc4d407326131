// Badges of a work (DESIGN.md §3.3, §3.4): age restriction, AI, page count, ugoira, book. Cards show the short
// form; the detail view can use the long one. Each badge carries `data-badge` so tests can read the set.

import type { Illust } from '../../../api/model.ts'
import { Badge, ratingBadgeKinds } from '../../../components/badge.tsx'
// The page count is whole: formatNumber, not format.ts's formatCount, keeps the dates' formatters out of the grid's
// chunk.
import { formatNumber, t, useLang } from '../../../lib/i18n/i18n.ts'
import '../../../lib/i18n/messages/en/works.ts'

export type BadgeKind = 'r18' | 'r18g' | 'ai' | 'ai-partial' | 'pages' | 'ugoira' | 'book'

export type BadgeSource = Pick<Illust, 'xRestrict' | 'illustAiType' | 'pageCount' | 'type' | 'illustBookStyle'>

/** The badges a work gets, in display order. */
export function workBadgeKinds(work: BadgeSource): BadgeKind[] {
  const kinds: BadgeKind[] = ratingBadgeKinds(work.xRestrict, work.illustAiType)
  if (work.type === 'ugoira') kinds.push('ugoira')
  if (work.illustBookStyle === 1) kinds.push('book')
  if (work.pageCount > 1) kinds.push('pages')
  return kinds
}

const STYLE: Record<BadgeKind, string> = {
  // White on these reds and on the near-black is well above 4.5:1 in both themes (the badge sits on the image).
  r18: 'bg-[#c4163c] text-white',
  r18g: 'bg-[#7a1030] text-white',
  ai: 'bg-[#1d1c21]/85 text-white',
  'ai-partial': 'bg-[#1d1c21]/85 text-white',
  ugoira: 'bg-[#1d1c21]/85 text-white',
  book: 'bg-[#1d1c21]/85 text-white',
  pages: 'bg-[#1d1c21]/85 text-white',
}

function label(kind: BadgeKind, work: BadgeSource, variant: 'card' | 'detail'): { text: string; long?: string } {
  const short = variant === 'card'
  switch (kind) {
    case 'r18':
      return { text: t('works.badges.r18') }
    case 'r18g':
      return { text: t('works.badges.r18g') }
    case 'ai':
      return short ? { text: t('works.badges.ai'), long: t('works.badges.aiLong') } : { text: t('works.badges.aiLong') }
    case 'ai-partial':
      return short
        ? { text: t('works.badges.aiPartial'), long: t('works.badges.aiPartialLong') }
        : { text: t('works.badges.aiPartialLong') }
    case 'ugoira':
      return { text: t('works.badges.ugoira'), long: t('works.badges.ugoiraLong') }
    case 'book':
      return { text: t('works.badges.book'), long: t('works.badges.bookLong') }
    case 'pages': {
      const pages = t('works.badges.pages', { count: work.pageCount })
      return short ? { text: formatNumber(work.pageCount), long: pages } : { text: pages }
    }
  }
}

export interface WorkBadgesProps {
  work: BadgeSource
  /** `card`: short labels for thumbnails (the default); `detail`: full words. */
  variant?: 'card' | 'detail'
  /** Only these kinds (e.g. the detail view leaves out the page count it shows elsewhere). */
  only?: readonly BadgeKind[]
  className?: string
}

/**
 * Renders nothing when the work has no badges. Spans, not a list: inside a card's link the badges' words join the
 * link's accessible name ("Title by Name R-18 12 pages").
 */
export function WorkBadges({ work, variant = 'card', only, className = '' }: WorkBadgesProps) {
  useLang()
  const kinds = workBadgeKinds(work).filter((k) => !only || only.includes(k))
  if (kinds.length === 0) return null
  const size = variant === 'card' ? 'px-1.5 py-0.5 text-xs leading-4' : 'px-2 py-0.5 text-xs leading-5'
  return (
    <span className={`flex flex-wrap gap-1 ${className}`}>
      {kinds.map((kind) => {
        const { text, long } = label(kind, work, variant)
        return (
          <Badge
            key={kind}
            kind={kind}
            text={text}
            long={long}
            icon={kind === 'ugoira' ? <span aria-hidden="true">▶</span> : kind === 'pages' ? <PagesIcon /> : null}
            className={`inline-flex items-center gap-0.5 rounded font-semibold whitespace-nowrap ${size} ${STYLE[kind]}`}
          />
        )
      })}
    </span>
  )
}

function PagesIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 12 12" className="size-2.5 fill-current">
      <path d="M3 1h7a1 1 0 0 1 1 1v7h-1V2H3z" />
      <rect x="1" y="3" width="7.5" height="8" rx="1" />
    </svg>
  )
}
