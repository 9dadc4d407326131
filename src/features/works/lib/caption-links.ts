// Glue between the sanitized caption (src/lib/sanitize.ts turns pixiv links into root-relative in-app paths) and the
// router: which clicks inside the caption should become client-side navigations instead of full page loads.

export interface ClickLike {
  button: number
  metaKey: boolean
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
  defaultPrevented: boolean
}

export interface AnchorLike {
  /** The resolved (absolute) URL, as `HTMLAnchorElement.href` gives it. */
  href: string
  target: string
  hasDownload: boolean
}

/**
 * The in-app location (`/artworks/1?x#p2`) to navigate to for a click on `anchor`, or null to let the browser handle
 * it: modified or middle clicks (new tab / window), links that open elsewhere, other origins, downloads.
 */
export function clientNavigationTarget(click: ClickLike, anchor: AnchorLike, origin: string): string | null {
  if (click.defaultPrevented || click.button !== 0) return null
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null
  if (anchor.hasDownload || (anchor.target && anchor.target !== '_self')) return null
  let url: URL
  try {
    url = new URL(anchor.href, origin)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  return url.pathname + url.search + url.hash
}
