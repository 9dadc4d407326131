import { createHash, createHmac, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>

// Access tokens are stateless and signed (HMAC-SHA256 over `userId.expiry`), so checking one costs no database
// read; refresh tokens are random, stored only as a hash, and (as pixiv's, which real clients keep and reuse) stay
// valid until revoked or left unused for REFRESH_TOKEN_TTL_S.

export const ACCESS_TOKEN_TTL_S = 3600
/** A refresh token lapses after a year without use; each use starts the year again. */
export const REFRESH_TOKEN_TTL_S = 365 * 24 * 3600

const b64url = (buf: Buffer) => buf.toString('base64url')

export class TokenSigner {
  private readonly secret: Buffer

  constructor(secret: Buffer) {
    this.secret = secret
  }

  private mac(payload: string) {
    return createHmac('sha256', this.secret).update(payload).digest()
  }

  /** A key for another purpose (e.g. image URL signatures), derived from this secret so one file holds both. */
  derive(label: string): Buffer {
    return createHmac('sha256', this.secret).update(`derive:${label}`).digest()
  }

  issueAccess(userId: number, nowS: number, ttlS = ACCESS_TOKEN_TTL_S): string {
    const payload = `${userId}.${nowS + ttlS}`
    return `${b64url(Buffer.from(payload))}.${b64url(this.mac(payload))}`
  }

  /** The user id of a valid, unexpired access token; 'expired' or 'invalid' otherwise. */
  verifyAccess(token: string, nowS: number): number | 'expired' | 'invalid' {
    const dot = token.indexOf('.')
    if (dot <= 0 || token.length > 200) return 'invalid'
    const payload = Buffer.from(token.slice(0, dot), 'base64url').toString()
    const sig = Buffer.from(token.slice(dot + 1), 'base64url')
    const expected = this.mac(payload)
    if (sig.length !== expected.length || !timingSafeEqual(sig, expected)) return 'invalid'
    const m = /^(\d{1,15})\.(\d{1,15})$/.exec(payload)
    if (!m) return 'invalid'
    return Number(m[2]) < nowS ? 'expired' : Number(m[1])
  }
}

export const newRefreshToken = () => b64url(randomBytes(32))
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** `scrypt$N$r$p$saltHex$hashHex`, the format the generator writes. */
export function hashPassword(password: string, salt: Buffer, n = 16384, r = 8, p = 1): string {
  const hash = scryptSync(password, salt, 32, { N: n, r, p })
  return `scrypt$${n}$${r}$${p}$${salt.toString('hex')}$${hash.toString('hex')}`
}

/** Checks a password off the event loop's thread (scrypt is deliberately slow). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [n, r, p] = parts.slice(1, 4).map(Number)
  const salt = Buffer.from(parts[4]!, 'hex')
  const expected = Buffer.from(parts[5]!, 'hex')
  if (!n || !r || !p || expected.length === 0) return false
  const actual = await scryptAsync(password, salt, expected.length, { N: n, r, p, maxmem: 128 * n * r * 2 })
  return timingSafeEqual(actual, expected)
}
