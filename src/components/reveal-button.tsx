import type { RefObject } from 'react'
import type { FilterReason } from '../lib/filter-engine.ts'
import { useT } from '../lib/i18n/i18n.ts'
import '../lib/i18n/messages/en/common.ts'
import '../lib/i18n/messages/en/components.ts'

const REASON_TEXT = {
  r18: 'components.reveal.r18',
  r18g: 'components.reveal.r18g',
  ai: 'components.reveal.ai',
  sensitive: 'components.reveal.sensitive',
  muted: 'components.reveal.muted',
} as const satisfies Record<FilterReason, string>

/**
 * Stands over a card the filters blurred (filling the card's positioned box), says why it is hidden, and reveals it
 * on a click. `shape` gives the button the card's corners and a tint.
 */
export function RevealButton({
  name,
  reasons,
  onReveal,
  linkRef,
  shape,
}: {
  /** What the card shows ("Title by Author"). */
  name: string
  reasons: readonly FilterReason[]
  onReveal: () => void
  /** The card's link, which takes the button's place. */
  linkRef: RefObject<HTMLAnchorElement | null>
  shape: string
}) {
  const t = useT()
  const why = reasons.map((r) => t(REASON_TEXT[r])).join(', ') || t('components.reveal.hidden')
  return (
    <button
      type="button"
      aria-label={t('components.reveal.label', { name, why })}
      // The name is the work's (content); the e2e check of the UI's language reads this label's words as content.
      data-label-content
      onClick={() => {
        onReveal()
        // The link takes the button's place; keep the keyboard where it was.
        requestAnimationFrame(() => linkRef.current?.focus())
      }}
      className={`absolute inset-0 flex items-center justify-center ${shape} p-2 outline-offset-2 focus-visible:outline-3 focus-visible:outline-accent`}
    >
      {/* A solid pill, so the words keep their contrast over the blurred card. */}
      <span className="flex flex-col items-center gap-0.5 rounded-md bg-[#1d1c21]/90 px-2.5 py-1.5 text-center text-xs text-white">
        <span className="font-semibold">{why}</span>
        <span className="underline underline-offset-2">{t('common.show')}</span>
      </span>
    </button>
  )
}
