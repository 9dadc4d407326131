// The frame of every card of a collection (a work's thumbnail, a novel's card): a list item that knows its place in
// the whole list, around a real link to the item (middle-click, long-press and "copy link" work natively) that warms
// the item's route on intent; an item the filters blur stays behind a button until the viewer reveals it. What the
// link shows is the kind's own (work-card.tsx, novel-card.tsx).

import { useRef, type CSSProperties, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { FilterReason } from '../../lib/filter-engine.ts'
import { RevealButton } from '../reveal-button.tsx'

/** A card's place in its collection and its filter state, passed through to its frame unchanged. */
export interface CardPlace {
  /** Position in the whole list (1-based) and its size (-1 when more pages may follow), for assistive tech. */
  posInSet?: number
  setSize?: number
  /** Covered by the filters' blur until revealed. */
  blurred?: boolean
  blurReasons?: readonly FilterReason[]
  onReveal?: (id: number) => void
  /** Warms the item's route (hover, touch, focus). */
  onIntent?: () => void
}

export interface CardFrameProps extends CardPlace {
  /** The item's id, on the list item as `data-<kind>-id` (what tests and the scroll anchor find a card by). */
  id: number
  kind: 'work' | 'novel'
  /** The item's own page. */
  to: string
  /** Short name of the item ("Title by Author"), for the reveal button. */
  name: string
  /** The list item's placing (an absolute box in a justified row, a cell of a CSS grid). */
  className: string
  style: CSSProperties
  /** The link's look, and the accessible name and description when its content does not say them itself. */
  linkClassName: string
  linkLabel?: string
  linkDescribedBy?: string
  /** The reveal button's corners and tint, matching the card's. */
  revealShape: string
  children: ReactNode
}

export function CardFrame({
  id,
  kind,
  to,
  name,
  className,
  style,
  linkClassName,
  linkLabel,
  linkDescribedBy,
  revealShape,
  posInSet,
  setSize,
  blurred = false,
  blurReasons = [],
  onReveal,
  onIntent,
  children,
}: CardFrameProps) {
  const linkRef = useRef<HTMLAnchorElement>(null)
  const idAttribute = { [`data-${kind}-id`]: id }
  return (
    <div
      role="listitem"
      aria-posinset={posInSet}
      aria-setsize={setSize}
      {...idAttribute}
      className={className}
      style={style}
    >
      <Link
        ref={linkRef}
        to={to}
        // Hidden from the keyboard and assistive tech while the reveal button stands in for it.
        tabIndex={blurred ? -1 : undefined}
        aria-hidden={blurred || undefined}
        aria-label={linkLabel}
        aria-describedby={linkDescribedBy}
        onMouseEnter={onIntent}
        onTouchStart={onIntent}
        onFocus={onIntent}
        className={linkClassName}
      >
        {children}
      </Link>
      {blurred && (
        <RevealButton
          name={name}
          reasons={blurReasons}
          onReveal={() => onReveal?.(id)}
          linkRef={linkRef}
          shape={revealShape}
        />
      )}
    </div>
  )
}
