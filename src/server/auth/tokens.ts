import { createHash, createHmac, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>

// Access tokens are signed (HMAC-SHA256 over `userId.expiry.session`): checking the signature costs no database
// read, and the session they name (the refresh token's row, see auth/sessions.ts) must still be alive, which a cache
// answers, so revoking a refresh token ends the access tokens issued from it too. Refresh tokens are random, stored
// only as a hash, and (as pixiv's, which real clients keep and reuse) stay valid until revoked or left unused for
// REFRESH_TOKEN_TTL_S.

export const ACCESS_TOKEN_TTL_S = 3600
/** A refresh token lapses after a year without use; each use starts the year again. */
export const REFRESH_TOKEN_TTL_S = 365 * 24 * 3600

const b64url = (buf: Buffer) => buf.toString('base64url')

export class TokenSigner {
  private readonly secret: Buffer
  private readonly legacyUntilS: number

  /**
   * `legacyUntilS`: the latest expiry accepted on a token of the format before sessions (`userId.expiry`, no session),
   * by default an hour after this start. An older Easel issued those with an hour to live, so this accepts exactly the
   * ones it issued before the upgrade, for the rest of their hour: gallery-dl keeps an access token for an hour
   * between runs, and would otherwise fail (not renew) until it lapsed. None is issued any more, so after that hour
   * every token accepted names a session.
   */
  constructor(secret: Buffer, legacyUntilS = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_TTL_S) {
    this.secret = secret
    this.legacyUntilS = legacyUntilS
  }

  private mac(payload: string) {
    return createHmac('sha256', this.secret).update(payload).digest()
  }

  /** A key for another purpose (e.g. image URL signatures), derived from this secret so one file holds both. */
  derive(label: string): Buffer {
    return createHmac('sha256', this.secret).update(`derive:${label}`).digest()
  }

  /** An access token for the user, from the session (refresh token row) `sessionId`. */
  issueAccess(userId: number, sessionId: number, nowS: number, ttlS = ACCESS_TOKEN_TTL_S): string {
    return this.sign(`${userId}.${nowS + ttlS}.${sessionId}`)
  }

  /** A token of the format before sessions: only what an older Easel issued, for tests of the upgrade. */
  issueLegacyAccess(userId: number, nowS: number, ttlS = ACCESS_TOKEN_TTL_S): string {
    return this.sign(`${userId}.${nowS + ttlS}`)
  }

  private sign(payload: string) {
    return `${b64url(Buffer.from(payload))}.${b64url(this.mac(payload))}`
  }

  /**
   * The user and session of a genuine, unexpired access token; 'expired' or 'invalid' otherwise. Whether its session
   * is still alive is the caller's to check (SessionCache). `sessionId` is null for a token an older Easel issued
   * (see the constructor), which names none.
   */
  verifyAccess(token: string, nowS: number): { userId: number; sessionId: number | null } | 'expired' | 'invalid' {
    const dot = token.indexOf('.')
    if (dot <= 0 || token.length > 200) return 'invalid'
    const payload = Buffer.from(token.slice(0, dot), 'base64url').toString()
    const sig = Buffer.from(token.slice(dot + 1), 'base64url')
    const expected = this.mac(payload)
    if (sig.length !== expected.length || !timingSafeEqual(sig, expected)) return 'invalid'
    const m = /^(\d{1,15})\.(\d{1,15})(?:\.(\d{1,15}))?$/.exec(payload)
    if (!m) return 'invalid'
    const expiry = Number(m[2])
    if (expiry < nowS) return 'expired'
    if (m[3] === undefined) return expiry <= this.legacyUntilS ? { userId: Number(m[1]), sessionId: null } : 'invalid'
    return { userId: Number(m[1]), sessionId: Number(m[3]) }
  }
}

export const newRefreshToken = () => b64url(randomBytes(32))
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The scrypt cost the generator hashes with (N, r, p) and the hash length in bytes. */
const SCRYPT = { n: 16384, r: 8, p: 1, keylen: 32 }

/** `scrypt$N$r$p$saltHex$hashHex`, the format the generator writes. */
export function hashPassword(password: string, salt: Buffer, n = SCRYPT.n, r = SCRYPT.r, p = SCRYPT.p): string {
  const hash = scryptSync(password, salt, 32, { N: n, r, p })
  return `scrypt$${n}$${r}$${p}$${salt.toString('hex')}$${hash.toString('hex')}`
}

/** A new password's hash, with a fresh salt, computed off the event loop's thread. */
export async function newPasswordHash(password: string): Promise<string> {
  const salt = randomBytes(16)
  const { n, r, p, keylen } = SCRYPT
  const hash = await scryptAsync(password, salt, keylen, { N: n, r, p, maxmem: 128 * n * r * 2 })
  return `scrypt$${n}$${r}$${p}$${salt.toString('hex')}$${hash.toString('hex')}`
}

/**
 * What an unknown account (or one without a usable hash) is checked against: the same scrypt work at the same cost as
 * a real account's, so the answer's timing does not tell whether the account exists. Its hash matches no password
 * (it is zeros, and scrypt's output is never that).
 */
const DUMMY_HASH = `scrypt$${SCRYPT.n}$${SCRYPT.r}$${SCRYPT.p}$${'5a'.repeat(16)}$${'00'.repeat(SCRYPT.keylen)}`

const parseHash = (stored: string) => {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined
  const [n, r, p] = parts.slice(1, 4).map(Number)
  const salt = Buffer.from(parts[4]!, 'hex')
  const expected = Buffer.from(parts[5]!, 'hex')
  if (!n || !r || !p || expected.length === 0) return undefined
  return { n, r, p, salt, expected }
}

/**
 * Checks a password off the event loop's thread (scrypt is deliberately slow). With no stored hash (an unknown
 * account) or an unreadable one it still runs scrypt, against DUMMY_HASH, and answers false: same work, same time.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const real = stored ? parseHash(stored) : undefined
  const { n, r, p, salt, expected } = real ?? parseHash(DUMMY_HASH)!
  const actual = await scryptAsync(password, salt, expected.length, { N: n, r, p, maxmem: 128 * n * r * 2 })
  return timingSafeEqual(actual, expected) && real !== undefined
}
