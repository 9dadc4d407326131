// Badges of a novel card: age restriction, AI and original work. Each carries `data-badge` so tests can read the set.

import type { Novel } from '../../../api/model.ts'
import { Badge, ratingBadgeKinds } from '../../../components/badge.tsx'
import { t, useLang, type MessageKey } from '../../../lib/i18n/i18n.ts'
import '../../../lib/i18n/messages/en/novels.ts'

export type NovelBadgeKind = 'r18' | 'r18g' | 'ai' | 'ai-partial' | 'original'

export type NovelBadgeSource = Pick<Novel, 'xRestrict' | 'novelAiType' | 'isOriginal'>

/** The badges a novel gets, in display order. */
export function novelBadgeKinds(novel: NovelBadgeSource): NovelBadgeKind[] {
  const kinds: NovelBadgeKind[] = ratingBadgeKinds(novel.xRestrict, novel.novelAiType)
  if (novel.isOriginal) kinds.push('original')
  return kinds
}

const LABEL: Record<NovelBadgeKind, { text: MessageKey; long?: MessageKey; className: string }> = {
  // White on these reds and on the near-black stays well above 4.5:1 in both themes.
  r18: { text: 'novels.badges.r18', className: 'bg-[#c4163c] text-white' },
  r18g: { text: 'novels.badges.r18g', className: 'bg-[#7a1030] text-white' },
  ai: { text: 'novels.badges.ai', long: 'novels.badges.aiLong', className: 'bg-[#1d1c21]/85 text-white' },
  'ai-partial': {
    text: 'novels.badges.aiPartial',
    long: 'novels.badges.aiPartialLong',
    className: 'bg-[#1d1c21]/85 text-white',
  },
  original: {
    text: 'novels.badges.original',
    long: 'novels.badges.originalLong',
    className: 'border border-line bg-surface text-ink',
  },
}

/** The badges' words in full, for a card's description. */
export function novelBadgeLabels(novel: NovelBadgeSource): string[] {
  return novelBadgeKinds(novel).map((kind) => t(LABEL[kind].long ?? LABEL[kind].text))
}

/** Spans, not a list, with the short words spelled out for assistive tech. Nothing when there are none. */
export function NovelBadges({ novel, className = '' }: { novel: NovelBadgeSource; className?: string }) {
  useLang()
  const kinds = novelBadgeKinds(novel)
  if (kinds.length === 0) return null
  return (
    <span className={`flex flex-wrap gap-1 ${className}`}>
      {kinds.map((kind) => {
        const { text, long, className: style } = LABEL[kind]
        return (
          <Badge
            key={kind}
            kind={kind}
            text={t(text)}
            long={long && t(long)}
            className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs leading-4 font-semibold whitespace-nowrap ${style}`}
          />
        )
      })}
    </span>
  )
}
