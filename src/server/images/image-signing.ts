// Signed, expiring image URLs for items not everyone may see (restrict ≠ 0 or x_restrict > 0).
//
// <img> and the App API clients (gallery-dl, pixivpy) fetch images without the Bearer header, so the right to load
// an image travels in its URL: `?e=<unix expiry>&s=<hmac>`, the HMAC over the item's kind, id and the expiry. One
// signature covers every image of the item (any size, page, frame or zip), because clients derive those URLs from
// one another by position in the path and keep the query (gallery-dl swaps `_ugoira600x600` for `_ugoira1920x1080`
// and `_ugoira0.` for `_ugoira<n>.`). The CDN path itself is untouched (clients parse it by position).
//
// Expiry is windowed: every URL made within one 12-hour window ends at the end of the next one (valid 12–24 h), so
// the same item's URLs stay byte-identical for a while and browsers, the service worker and the item JSON cache
// can keep them.

import { createHmac, timingSafeEqual } from 'node:crypto'
import type { TokenSigner } from '../auth/tokens.ts'
import { visibleToEveryone } from '../services/visibility.ts'

export const SIGN_WINDOW_S = 12 * 3600

export type SignedKind = 'illust' | 'novel'

/** Whether an item's images need a signature: anything not shown to every caller. */
export const needsSignature = (row: { restrict: number; x_restrict: number }) => !visibleToEveryone(row)

export class ImageUrlSigner {
  private readonly key: Buffer

  constructor(key: Buffer) {
    this.key = key
  }

  /** The signer of a service: its key derived from the token signer's secret (one secret file per data dir). */
  static of(tokens: TokenSigner): ImageUrlSigner {
    return new ImageUrlSigner(tokens.derive('image-urls'))
  }

  /** The expiry of URLs signed at `nowS`: the end of the next window. */
  static expiryAt(nowS: number): number {
    return (Math.floor(nowS / SIGN_WINDOW_S) + 2) * SIGN_WINDOW_S
  }

  private mac(kind: SignedKind, id: number, expiry: number): string {
    return createHmac('sha256', this.key).update(`${kind}:${id}:${expiry}`).digest('base64url').slice(0, 32)
  }

  /** `?e=…&s=…` for every image URL of the item, valid until `expiryAt(nowS)`. */
  query(kind: SignedKind, id: number, nowS: number): string {
    const e = ImageUrlSigner.expiryAt(nowS)
    return `?e=${e}&s=${this.mac(kind, id, e)}`
  }

  /**
   * The seconds left of a valid, unexpired signature of this item in the raw query string `search` (without `?`),
   * or 0 when there is none.
   */
  verify(kind: SignedKind, id: number, search: string, nowS: number): number {
    const params = new URLSearchParams(search)
    const e = params.get('e')
    const s = params.get('s')
    if (!e || !s || !/^\d{1,12}$/.test(e) || s.length !== 32) return 0
    const expiry = Number(e)
    // An expiry further out than any signature made now could be is not one of ours (or the key leaked long ago).
    if (expiry <= nowS || expiry > ImageUrlSigner.expiryAt(nowS)) return 0
    const expected = Buffer.from(this.mac(kind, id, expiry))
    const given = Buffer.from(s)
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 0
    return expiry - nowS
  }
}
