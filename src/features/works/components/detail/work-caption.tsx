import { useMemo, type MouseEvent } from 'react'
import { useNavigate } from 'react-router'
import { sanitizeCaption } from '../../../../lib/sanitize.ts'
import { clientNavigationTarget } from '../../lib/caption-links.ts'

/**
 * The author's caption. Captions are untrusted HTML: it is sanitized first (src/lib/sanitize.ts keeps a few inline
 * tags and http(s) links, and rewrites links to pixiv works and users into in-app paths), and clicks on in-app
 * links become client-side navigations.
 */
export function WorkCaption({ html }: { html: string }) {
  const navigate = useNavigate()
  const safe = useMemo(() => sanitizeCaption(html), [html])
  if (!safe.trim()) return null

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest?.('a[href]')
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return
    const to = clientNavigationTarget(
      event,
      { href: anchor.href, target: anchor.target, hasDownload: anchor.hasAttribute('download') },
      window.location.origin,
    )
    if (to === null) return
    event.preventDefault()
    void navigate(to)
  }

  return (
    <div
      data-caption
      className="max-w-prose leading-relaxed break-words [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2"
      onClick={onClick}
      // Sanitized just above; never the raw caption.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  )
}
