// The headers that keep the gallery's pages safe in a browser: a Content-Security-Policy naming exactly what the app
// loads, no framing by other sites, no MIME sniffing, no full URLs in the Referer sent to other sites.
//
// The page has two inline scripts it needs before any other script runs: the theme, applied before the first paint
// (index.html), and the route's module preloads (vite.config.ts). They are allowed by their SHA-256 hashes, read from
// the index.html being served, so the policy needs no 'unsafe-inline' and a rebuild needs no change here. Captions,
// comments and novel text are sanitized already (src/lib/sanitize.ts); the policy is the second wall should a payload
// ever get past that: an injected inline script or event handler does not run, and nothing loads from elsewhere.

import { createHash } from 'node:crypto'

/** The hashes (`'sha256-…'`) of the inline scripts of an HTML page, in order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  // Scripts with a src are loaded, not inline; everything between the tags is hashed exactly as written.
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]!)) continue
    hashes.push(`'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`)
  }
  return hashes
}

export interface PolicyOrigins {
  /** where image URLs point (IMAGE_ORIGIN, or the API's own origin) */
  image: string
  /** where the placeholders at s.pximg.net's paths point (STATIC_ORIGIN, or the image origin) */
  static: string
}

/**
 * The Content-Security-Policy of the gallery's pages. Images come from this origin, the image origin and the static
 * origin (and `blob:`, `data:` for the ugoira player and small inline icons); the service worker fetches the same
 * images (connect-src). `frame-ancestors 'none'` keeps other sites from framing the gallery.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], origins: PolicyOrigins): string {
  const extra = [...new Set([origins.image, origins.static])].join(' ')
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trimEnd(),
    "style-src 'self'",
    `img-src 'self' data: blob: ${extra}`,
    `media-src 'self' blob: ${extra}`,
    `connect-src 'self' ${extra}`,
    "font-src 'self'",
    // `blob:`: the first view's worker comes with the page (src/app/first-view/first-view.ts, startIntlWorker); only a
    // script the policy lets run can make one
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Sent with every page and file of the gallery (the policy itself only where it applies: documents and workers). */
export const GALLERY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
}
