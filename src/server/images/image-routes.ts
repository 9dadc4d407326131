// The image routes: validated CDN paths (paths.ts, exactly i.pximg.net's and s.pximg.net's) → generated, cached
// images, plus permanent redirects from the `/img/…` URLs of earlier versions.
//
// Mount with `app.route('/', createImageRoutes(catalogue, { storage }))`: it answers only below the CDN's folders
// (IMAGE_PATH_PREFIXES) and `/img/`, and leaves every other path to the app. The `_webp` size variants
// are answered with the same JPEG as their plain counterparts (image/jpeg, matching the real CDN's
// `.jpg` names); they share one cache entry and ETag.
//
// The images of a work or novel not everyone may see need the item's signature in the query (image-signing.ts);
// without a valid one they are the same 404 as a path that names nothing, so a probe learns nothing. Renders are
// bounded: a full queue answers 503 and a client past its render budget 429, both with Retry-After; cached images
// are never refused. An imported work's original (an archive's file) is streamed from the disk, never read whole;
// every answer takes a byte range (206), which a phone's video player needs (file-response.ts).

import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Hono, type Context } from 'hono'
import { ImageCache, RenderRefused } from './image-cache.ts'
import { bufferResponse, fileResponse, storedResponse } from './file-response.ts'
import type { ImageSpec, ResolveOut } from './image-request.ts'
import { resolveImagePathAsync, type AsyncImageCatalogue } from './async-catalogue.ts'
import type { ImageUrlSigner } from './image-signing.ts'
import { legacyImagePath } from './paths.ts'
import { IMAGE_PATH_PREFIXES, LEGACY_IMAGE_PREFIX } from '../../api/service-paths.ts'
import { RENDERER_VERSION, contentTypeOf, extensionOf, renderSpec } from './render.ts'
import {
  ObjectNotFound,
  POSTED_PREFIX,
  refKey,
  STORAGE_REF,
  StorageUnavailable,
  type Storage,
} from '../storage/storage.ts'

export type { ImageCatalogue } from './image-request.ts'

export interface ImageRoutesOptions {
  /** directory for rendered files (created on demand), when no `storage` is given */
  cacheDir?: string
  /**
   * The store shared by instances (storage/): rendered files under `image-cache/`, and the copied originals rows name
   * as `storage:<key>`. Without it, rendered files go to `cacheDir` and copied originals are not found.
   */
  storage?: Storage
  /** bytes of hot responses kept in memory (default 64 MB) */
  memoryBytes?: number
  /** simultaneous renders (default 2, one per core here) */
  maxConcurrentRenders?: number
  /** renders that may wait beyond the running ones (default 32); past that: 503 with Retry-After */
  maxQueuedRenders?: number
  /**
   * Renders one client may have queued or running at once (default: no limit); past that: 429 with Retry-After.
   * A cap on concurrency rather than a rate: a downloader fetching a few at a time on a cold cache is never refused
   * whatever its pace, and a client flooding the queue holds at most this many places in it, so another client's
   * render waits behind at most that many of its.
   */
  rendersPerClient?: number
  /** the client a request comes from, for `rendersPerClient` (default: one shared key) */
  clientKey?: (c: Context) => string
  /** bytes of rendered files kept on disk (default unbounded) */
  diskBytes?: number
  /** checks the signatures of hidden items' images; without it such images are never served */
  signer?: ImageUrlSigner
  /** unix seconds (default: the real clock) */
  nowS?: () => number
}

const errorBody = (message: string) =>
  JSON.stringify({ error: { user_message: '', message, reason: '', user_message_details: {} } })
const NOT_FOUND_BODY = errorBody('Not found')
/** what a 503 for unreachable storage tells a client to wait: about a balancer's probe interval or two */
const STORAGE_RETRY_AFTER_S = 5
const METHOD_BODY = errorBody('Method not allowed')

function jsonError(status: 404 | 405 | 429 | 500 | 503, body: string, extra?: Record<string, string>): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=UTF-8', ...extra } })
}

/** The raw query string of the request URL (without `?`), '' if none. */
function requestQuery(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return ''
  const h = url.indexOf('#', q)
  return url.slice(q + 1, h < 0 ? undefined : h)
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

export function createImageRoutes(catalogue: AsyncImageCatalogue, opts: ImageRoutesOptions): Hono {
  const cache = new ImageCache(opts)
  const storage = opts.storage
  /** the bytes of a file a row names: an archive's file in place, or a copied original in the store */
  const readSource = (p: string): Promise<Buffer> => {
    const key = refKey(p)
    if (key === null) return readFile(p)
    return storage ? storage.read(key) : Promise.reject(new ObjectNotFound(key))
  }
  const app = new Hono()
  const nowS = opts.nowS ?? (() => Math.floor(Date.now() / 1000))
  const perClient = opts.rendersPerClient ?? Infinity
  const clientKey = opts.clientKey ?? (() => '')
  /** renders queued or running, per client */
  const pending = new Map<string, number>()
  const admit = (key: string) => () => {
    const n = pending.get(key) ?? 0
    if (n >= perClient) throw new RenderRefused(429, 1)
    pending.set(key, n + 1)
    return () => {
      const left = (pending.get(key) ?? 1) - 1
      if (left > 0) pending.set(key, left)
      else pending.delete(key)
    }
  }

  /**
   * The spec of the image at `path` if this request may load it, with the seconds its signature has left (0 for a
   * public image); null for a 404 (no such image, or a hidden item's image without a valid signature).
   */
  const resolve = async (path: string, url: string): Promise<{ spec: ImageSpec; signedFor: number } | null> => {
    const out: ResolveOut = {}
    const spec = await resolveImagePathAsync(path, catalogue, out)
    if (!spec) return null
    if (!out.guard) return { spec, signedFor: 0 }
    const left = opts.signer?.verify(out.guard.kind, out.guard.id, requestQuery(url), nowS()) ?? 0
    return left > 0 ? { spec, signedFor: left } : null
  }

  // Earlier versions served the same paths below /img. A relative Location keeps the client on the host it reached,
  // whatever Host it sent; a path that names no image is a 404 here already.
  app.all(`${LEGACY_IMAGE_PREFIX}*`, async (c) => {
    const target = legacyImagePath(requestPath(c.req.url))
    let found: Awaited<ReturnType<typeof resolve>>
    try {
      found = target === null ? null : await resolve(target, c.req.url)
    } catch (err) {
      console.error('image lookup failed:', err)
      return jsonError(500, errorBody('Internal error'))
    }
    if (target === null || !found) return jsonError(404, NOT_FOUND_BODY)
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD') return jsonError(405, METHOD_BODY, { Allow: 'GET, HEAD' })
    // A signed URL keeps its signature on the way (the query is all that makes the new path loadable).
    const query = requestQuery(c.req.url)
    return new Response(null, {
      status: 301,
      headers: {
        Location: found.signedFor ? `${target}?${query}` : target,
        'Cache-Control': found.signedFor ? `private, max-age=${found.signedFor}` : 'public, max-age=31536000',
        'Access-Control-Allow-Origin': '*',
      },
    })
  })

  const serveImage = async (c: Context) => {
    let found: Awaited<ReturnType<typeof resolve>>
    try {
      found = await resolve(requestPath(c.req.url), c.req.url)
    } catch (err) {
      console.error('image lookup failed:', err)
      return jsonError(500, errorBody('Internal error'))
    }
    if (!found) return jsonError(404, NOT_FOUND_BODY)
    const { spec, signedFor } = found
    const method = c.req.method
    if (method !== 'GET' && method !== 'HEAD') return jsonError(405, METHOD_BODY, { Allow: 'GET, HEAD' })

    const digest = specDigest(spec)
    const etag = `"${digest.slice(0, 40)}"`
    const headers: Record<string, string> = {
      ETag: etag,
      // A signed image is one caller's, and only until its signature lapses. An image of a posted page may change
      // under its URL (its author reorders or removes pages): it is asked again each time, a 304 while unchanged.
      'Cache-Control': signedFor
        ? `private, max-age=${signedFor}`
        : fromPostedPage(spec)
          ? 'public, no-cache'
          : 'public, max-age=31536000, immutable',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
    }
    if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })

    const req = { method, range: c.req.header('range'), ifRange: c.req.header('if-range') }
    try {
      if (spec.t === 'file') {
        // An imported work's original: the archive's file as it is, streamed (never copied into the cache or memory).
        headers['Content-Type'] = contentTypeOf(spec)
        headers['X-Image-Cache'] = 'file'
        const key = refKey(spec.path)
        if (key === null) return await fileResponse(spec.path, req, headers)
        if (!storage) throw new ObjectNotFound(key)
        return await storedResponse(storage, key, req, headers)
      }
      const admitted = perClient === Infinity ? undefined : admit(clientKey(c))
      const { body, source } = await cache.get(digest, extensionOf(spec), () => renderSpec(spec, readSource), admitted)
      headers['Content-Type'] = contentTypeOf(spec)
      headers['X-Image-Cache'] = source
      return bufferResponse(body, req, headers)
    } catch (err) {
      // the file left the archive since the last scan: there is no such image any more
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return jsonError(404, NOT_FOUND_BODY)
      // the bucket (or its network) is down: the image exists, ask again shortly
      if (err instanceof StorageUnavailable) {
        console.error('image storage unavailable:', err.cause ?? err)
        return jsonError(503, errorBody('Storage unavailable'), { 'Retry-After': String(STORAGE_RETRY_AFTER_S) })
      }
      if (err instanceof RenderRefused) {
        const message = err.status === 503 ? 'Image renderer busy' : 'Rate Limit'
        return jsonError(err.status, errorBody(message), { 'Retry-After': String(err.retryAfter) })
      }
      console.error('image render failed:', err)
      return jsonError(500, errorBody('Internal error'))
    }
  }
  for (const prefix of IMAGE_PATH_PREFIXES) app.all(`${prefix}*`, serveImage)

  return app
}

/** Whether an image is (made from) a member's posted page: its spec names a stored object in the posted folder. */
const POSTED_SOURCE = `"${STORAGE_REF}${POSTED_PREFIX}`
const fromPostedPage = (spec: object) => JSON.stringify(spec).includes(POSTED_SOURCE)
