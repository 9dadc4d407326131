// Caption HTML (works, novels, users) is untrusted: the demo catalogue plants hostile snippets on purpose. Only a few
// inline tags and http(s)/pixiv:// links survive; links to pixiv works, users and novels become in-app paths, and
// other links open in a new tab without an opener or referrer.

import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify'
import { EXTERNAL_LINK_REL, inAppPath } from './pixiv-links.ts'

const CONFIG: Config = {
  ALLOWED_TAGS: ['a', 'br', 'strong', 'b', 'i', 'em', 'p', 'span'],
  // target and rel are set by the link hook below, never taken from the input.
  ALLOWED_ATTR: ['href'],
  // Checked after DOMPurify strips whitespace and control characters, so "java\tscript:" does not slip through.
  ALLOWED_URI_REGEXP: /^(?:https?|pixiv):/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
}

function rewriteLink(anchor: Element) {
  const href = anchor.getAttribute('href')?.trim()
  if (!href) return
  const path = inAppPath(href)
  if (path) {
    anchor.setAttribute('href', path)
  } else if (/^https?:\/\//i.test(href)) {
    anchor.setAttribute('href', href)
    anchor.setAttribute('target', '_blank')
    anchor.setAttribute('rel', EXTERNAL_LINK_REL)
  } else {
    // A pixiv:// link the app has no page for: keep the text, drop the link.
    anchor.removeAttribute('href')
  }
}

let purifier: Purifier | null | undefined

/** A DOMPurify instance of our own, so the link hook never touches other users of the library. */
function getPurifier(): Purifier | null {
  if (purifier !== undefined) return purifier
  if (typeof window === 'undefined') return null
  const instance = DOMPurify(window)
  if (!instance.isSupported) return (purifier = null)
  // DOMPurify parses with scripting off, where `<noscript>` holds markup, not text. In a caption such as
  // `<noscript><p title="</noscript><img …>">` the element is never closed, so everything after it is its content, and
  // the library (rightly wary of a <noscript> holding markup) removes it with all that content: the rest of the
  // caption. <noscript> is not allowed anyway, so its children move out, after it, before the checks run; they are
  // then sanitized like any other node (the title holding the payload goes, as every attribute but href does), and no
  // <noscript> ever reaches the output.
  instance.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'noscript') return
    const parent = node.parentNode
    if (!parent) return
    while (node.lastChild) parent.insertBefore(node.lastChild, node.nextSibling)
  })
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') rewriteLink(node as Element)
  })
  return (purifier = instance)
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * Caption HTML made safe to render with `dangerouslySetInnerHTML`. In-app links come out as root-relative paths
 * (`/artworks/1`); intercept clicks on those for client-side navigation. Without a DOM it escapes everything.
 */
export function sanitizeCaption(html: string): string {
  if (!html) return ''
  const p = getPurifier()
  if (!p) return escapeHtml(html)
  return p.sanitize(html, CONFIG)
}
