import type { ReactNode } from 'react'

export type RatingBadgeKind = 'r18' | 'r18g' | 'ai' | 'ai-partial'

/** The age and AI badges, from the service's codes: xRestrict 1 R-18, 2 R-18G; AI type 2 generated, 1 assisted. */
export function ratingBadgeKinds(xRestrict: number, aiType: number): RatingBadgeKind[] {
  const kinds: RatingBadgeKind[] = []
  if (xRestrict === 1) kinds.push('r18')
  else if (xRestrict >= 2) kinds.push('r18g')
  if (aiType === 2) kinds.push('ai')
  else if (aiType === 1) kinds.push('ai-partial')
  return kinds
}

/**
 * One badge of a work or novel: `text` as shown, and `long`, when there is one, read out instead and shown as the
 * tooltip. `data-badge` names the kind, so tests can read the set.
 */
export function Badge({
  kind,
  text,
  long,
  icon,
  className,
}: {
  kind: string
  text: string
  long?: string
  /** Before the text, hidden from assistive tech by the caller. */
  icon?: ReactNode
  className: string
}) {
  return (
    <span data-badge={kind} title={long} className={className}>
      {icon}
      {long ? (
        <>
          <span aria-hidden="true">{text}</span>
          <span className="sr-only">{long}</span>
        </>
      ) : (
        text
      )}
    </span>
  )
}
