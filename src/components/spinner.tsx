import { useT } from '../lib/i18n/i18n.ts'
import '../lib/i18n/messages/en/common.ts'

/** A small busy indicator; `label` is announced, the ring is decoration. */
export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  const t = useT()
  return (
    <span role="status" className={`inline-flex items-center gap-2 text-sm text-muted ${className}`}>
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-line border-t-accent motion-reduce:animate-none"
      />
      <span>{label ?? t('common.loading')}</span>
    </span>
  )
}
