import { formatDate, formatRelative } from '../../../lib/format.ts'
import type { MessageKey } from '../../../lib/i18n/i18n.ts'
import { richText } from '../../../lib/i18n/rich.tsx'

/**
 * A line dating something relative to now ("Signed in 3 days ago"): `message` holds `<time>{when}</time>`, shown with
 * the exact time as its tooltip. Nothing when there is no time to tell.
 */
export function When({ iso, message }: { iso: string | null; message: MessageKey }) {
  if (!iso) return null
  return (
    <span className="block">
      {richText(
        message,
        {
          time: (text) => (
            <time dateTime={iso} title={formatDate(iso, { time: true })}>
              {text}
            </time>
          ),
        },
        { when: formatRelative(iso) },
      )}
    </span>
  )
}
