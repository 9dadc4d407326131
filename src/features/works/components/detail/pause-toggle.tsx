// The ugoira players' Pause toggle (frames and video alike): a pressed state, a 44 px target on phones.

import { useT } from '../../../../lib/i18n/i18n.ts'
import '../../../../lib/i18n/messages/en/artwork.ts'

export function PauseToggle({
  paused,
  onToggle,
  disabled = false,
}: {
  paused: boolean
  onToggle: () => void
  disabled?: boolean
}) {
  const t = useT()
  return (
    <button
      type="button"
      aria-pressed={paused}
      disabled={disabled}
      onClick={onToggle}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-line px-3 py-1 enabled:hover:bg-line/50 sm:min-h-0 disabled:opacity-60 aria-pressed:bg-ink aria-pressed:text-canvas"
    >
      <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
      {t('artwork.ugoira.pause')}
    </button>
  )
}
