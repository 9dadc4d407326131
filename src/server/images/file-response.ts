// Answers with an archive's file as it is (an imported work's original, an ugoira's video), streamed from the disk:
// a 50 MB original or a long video costs a read buffer, not its size in memory. Byte ranges (RFC 9110 §14) because a
// phone's video player asks for them (Safari plays nothing from a server that answers a range with 200).

import { open } from 'node:fs/promises'
import { readSpan } from '../storage/read-span.ts'
import { ObjectNotFound, type Storage } from '../storage/storage.ts'

/** One satisfiable range of a `size`-byte body, 'unsatisfiable' (416), or null: answer the whole body (200). */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  // several ranges (or a unit other than bytes) are answered with the whole body, which RFC 9110 allows
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    // the last N bytes
    const n = Number(m[2])
    if (n === 0) return 'unsatisfiable'
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - n), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable'
  if (end < start) return null
  return { start, end }
}

/**
 * Whether a Range applies: without If-Range always; with it only when it names this representation's ETag (a
 * client resuming a download of a file that has since changed gets the whole new file).
 */
export const rangeApplies = (ifRange: string | undefined, etag: string) => !ifRange || ifRange.trim() === etag

export interface BodyRequest {
  method: string
  range: string | undefined
  ifRange: string | undefined
}

/** The status, headers and byte span of an answer to `req` for a `size`-byte body. */
function plan(req: BodyRequest, size: number, headers: Record<string, string>) {
  const range = rangeApplies(req.ifRange, headers.ETag ?? '') ? byteRange(req.range, size) : null
  headers['Accept-Ranges'] = 'bytes'
  if (range === 'unsatisfiable') {
    headers['Content-Range'] = `bytes */${size}`
    return { status: 416 as const, start: 0, end: -1 }
  }
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`
    headers['Content-Length'] = String(range.end - range.start + 1)
    return { status: 206 as const, ...range }
  }
  headers['Content-Length'] = String(size)
  return { status: 200 as const, start: 0, end: size - 1 }
}

/** A body held in memory (a rendered image), answered whole or in part. */
export function bufferResponse(body: Buffer, req: BodyRequest, headers: Record<string, string>): Response {
  const p = plan(req, body.byteLength, headers)
  if (p.status === 416) return new Response(null, { status: 416, headers })
  // Node buffers sit on plain ArrayBuffers (never shared ones), so the view is a valid body as it is.
  const view = new Uint8Array(body.buffer, body.byteOffset + p.start, p.end - p.start + 1) as Uint8Array<ArrayBuffer>
  return new Response(req.method === 'HEAD' ? null : view, { status: p.status, headers })
}

/**
 * A file streamed from the disk, answered whole or in part. Its size is the file's as it is now (not the last scan's),
 * so Content-Length never promises bytes that are not there. Throws ENOENT when the file is gone.
 */
export async function fileResponse(file: string, req: BodyRequest, headers: Record<string, string>): Promise<Response> {
  const handle = await open(file, 'r')
  let size: number
  try {
    size = (await handle.stat()).size
  } catch (err) {
    await handle.close()
    throw err
  }
  const p = plan(req, size, headers)
  if (p.status === 416 || req.method === 'HEAD' || p.end < p.start) {
    await handle.close()
    return new Response(p.status === 416 || req.method === 'HEAD' ? null : new Uint8Array(0), {
      status: p.status,
      headers,
    })
  }
  return new Response(readSpan(handle, p.start, p.end), { status: p.status, headers })
}

/**
 * A stored object (a copied original in storage.ts), answered exactly as fileResponse answers the same bytes: a file
 * in a folder store is streamed as a file; from a bucket, a whole answer takes one GET, and a range a HEAD for the
 * size (to answer 416, a clamped end or a suffix as for a file) and a ranged GET for just those bytes. Throws
 * ObjectNotFound (code ENOENT) when there is no such object.
 */
export async function storedResponse(
  storage: Storage,
  key: string,
  req: BodyRequest,
  headers: Record<string, string>,
): Promise<Response> {
  const local = storage.localPath?.(key)
  if (local !== undefined) return fileResponse(local, req, headers)
  if (req.method === 'HEAD' || (req.range !== undefined && rangeApplies(req.ifRange, headers.ETag ?? ''))) {
    const info = await storage.head(key)
    if (!info) throw new ObjectNotFound(key)
    const p = plan(req, info.size, headers)
    if (p.status === 416 || req.method === 'HEAD' || p.end < p.start)
      return new Response(p.status === 416 || req.method === 'HEAD' ? null : new Uint8Array(0), {
        status: p.status,
        headers,
      })
    const obj = await storage.get(key, { start: p.start, end: p.end })
    return new Response(obj.body, { status: p.status, headers })
  }
  const obj = await storage.get(key)
  const p = plan(req, obj.size, headers)
  if (p.end < p.start) {
    await obj.body.cancel()
    return new Response(new Uint8Array(0), { status: p.status, headers })
  }
  return new Response(obj.body, { status: p.status, headers })
}
