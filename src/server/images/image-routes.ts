// The image routes: validated CDN paths (paths.ts, exactly i.pximg.net's and s.pximg.net's) → generated, cached
// images, plus permanent redirects from the `/img/…` URLs of earlier versions.
//
// Mount with `app.route('/', createImageRoutes(catalogue, { cacheDir }))`: it answers only below the CDN's folders
// (IMAGE_PATH_PREFIXES) and `/img/`, and leaves every other path to the app. The `_webp` size variants
// are answered with the same JPEG as their plain counterparts (image/jpeg, matching the real CDN's
// `.jpg` names); they share one cache entry and ETag.

import { createHash } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { ImageCache, type CacheSource } from './image-cache.ts'
import { resolveImagePath, type ImageCatalogue, type ImageSpec } from './image-request.ts'
import { legacyImagePath } from './paths.ts'
import { IMAGE_PATH_PREFIXES, LEGACY_IMAGE_PREFIX } from '../../api/service-paths.ts'
import { RENDERER_VERSION, contentTypeOf, extensionOf, renderSpec } from './render.ts'

export type { ImageCatalogue } from './image-request.ts'

export interface ImageRoutesOptions {
  /** directory for rendered files (created on demand) */
  cacheDir: string
  /** bytes of hot responses kept in memory (default 64 MB) */
  memoryBytes?: number
  /** simultaneous renders (default 2, one per core here) */
  maxConcurrentRenders?: number
}

const errorBody = (message: string) =>
  JSON.stringify({ error: { user_message: '', message, reason: '', user_message_details: {} } })
const NOT_FOUND_BODY = errorBody('Not found')
const METHOD_BODY = errorBody('Method not allowed')

function jsonError(status: 404 | 405 | 500, body: string, extra?: Record<string, string>): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=UTF-8', ...extra } })
}

/** The raw (undecoded) path of the request URL. */
function requestPath(url: string): string {
  const hostStart = url.indexOf('//')
  const slash = url.indexOf('/', hostStart < 0 ? 0 : hostStart + 2)
  let p = slash < 0 ? '/' : url.slice(slash)
  const q = p.search(/[?#]/)
  if (q >= 0) p = p.slice(0, q)
  return p
}

/** Digest of the renderer version and the spec: names the cache file and makes the ETag. */
export function specDigest(spec: ImageSpec): string {
  return createHash('sha256')
    .update(`${RENDERER_VERSION}\n${JSON.stringify(spec)}`)
    .digest('hex')
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((t) => {
    const tag = t.trim()
    return tag === '*' || tag === etag || tag === `W/${etag}`
  })
}

export function createImageRoutes(catalogue: ImageCatalogue, opts: ImageRoutesOptions): Hono {
  const cache = new ImageCache(opts)
  const app = new Hono()

  // Earlier versions served the same paths below /img. A relative Location keeps the client on the host it reached,
  // whatever Host it sent; a path that names no image is a 404 here already.
  app.all(`${LEGACY_IMAGE_PREFIX}*`, (c) => {
    const target = legacyImagePath(requestPath(c.req.url))
    let spec: ImageSpec | null
    try {
      spec = target === null ? null : resolveImagePath(target, catalogue)
    } catch (err) {
      console.error('image lookup failed:', err)
      return jsonError(500, errorBody('Internal error'))
    }
    if (target === null || !spec) return jsonError(404, NOT_FOUND_BODY)
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD') return jsonError(405, METHOD_BODY, { Allow: 'GET, HEAD' })
    return new Response(null, {
      status: 301,
      headers: { Location: target, 'Cache-Control': 'public, max-age=31536000', 'Access-Control-Allow-Origin': '*' },
    })
  })

  const serveImage = async (c: Context) => {
    let spec: ImageSpec | null
    try {
      spec = resolveImagePath(requestPath(c.req.url), catalogue)
    } catch (err) {
      console.error('image lookup failed:', err)
      return jsonError(500, errorBody('Internal error'))
    }
    if (!spec) return jsonError(404, NOT_FOUND_BODY)
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD') return jsonError(405, METHOD_BODY, { Allow: 'GET, HEAD' })

    const digest = specDigest(spec)
    const etag = `"${digest.slice(0, 40)}"`
    const headers: Record<string, string> = {
      ETag: etag,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    }
    if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })

    let body: Buffer
    let source: CacheSource
    try {
      ;({ body, source } = await cache.get(digest, extensionOf(spec), () => renderSpec(spec)))
    } catch (err) {
      console.error('image render failed:', err)
      return jsonError(500, errorBody('Internal error'))
    }
    headers['Content-Type'] = contentTypeOf(spec)
    headers['Content-Length'] = String(body.byteLength)
    headers['X-Image-Cache'] = source
    // Node buffers sit on plain ArrayBuffers (never shared ones), so the view is a valid body as it is.
    const payload =
      method === 'HEAD'
        ? null
        : (new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>)
    return new Response(payload, { status: 200, headers })
  }
  for (const prefix of IMAGE_PATH_PREFIXES) app.all(`${prefix}*`, serveImage)

  return app
}
