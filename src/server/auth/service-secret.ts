// The one secret of a service: access tokens are HMACs with it, and signed image URLs with a key derived from it
// (images/image-signing.ts). A token or URL one instance made must check on every other, so several instances need
// the same secret: TOKEN_SECRET, from configuration. One instance on SQLite may leave it unset and keep today's
// secret, made once and kept in DATA_DIR/token-secret.key (catalogue.ts).

/** Characters TOKEN_SECRET has at least: 32 random bytes' worth as hex is 64; a passphrase of 32 is the floor. */
const MIN_SECRET_CHARS = 32

/**
 * TOKEN_SECRET as a key: hex of 32 bytes or more (`openssl rand -hex 32`, or the contents of an instance's
 * DATA_DIR/token-secret.key, which keeps the tokens it issued valid) is read as those bytes; anything else of at least
 * 32 characters as its UTF-8.
 */
export function parseTokenSecret(value: string): Buffer {
  const text = value.trim()
  if (/^(?:[0-9a-fA-F]{2}){32,}$/.test(text)) return Buffer.from(text, 'hex')
  if (text.length < MIN_SECRET_CHARS)
    throw new Error(
      `TOKEN_SECRET must be at least ${MIN_SECRET_CHARS} characters (make one with: openssl rand -hex 32), not ${text.length}`,
    )
  return Buffer.from(text, 'utf8')
}

/** DATABASE_URL: a postgres:// or postgresql:// URL, or unset (SQLite). */
function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error('DATABASE_URL must be a URL such as postgres://user:password@host:5432/easel')
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, not ${url.protocol}//`)
  return value
}

/**
 * The settings every instance must share (config.ts): on PostgreSQL the service refuses to start without
 * TOKEN_SECRET, since a secret of its own disk would make each instance refuse the others' tokens and image URLs.
 */
export function sharedSettings(env: NodeJS.ProcessEnv): {
  tokenSecret: Buffer | undefined
  databaseUrl: string | undefined
} {
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL)
  const secret = env.TOKEN_SECRET ? parseTokenSecret(env.TOKEN_SECRET) : undefined
  if (databaseUrl && !secret)
    throw new Error(
      'TOKEN_SECRET is required with DATABASE_URL: every instance over the same database must sign access tokens and ' +
        'image URLs with the same secret. Set TOKEN_SECRET to the same value on every instance (make one with: ' +
        'openssl rand -hex 32); to keep the tokens one SQLite instance issued, use the contents of its ' +
        'DATA_DIR/token-secret.key.',
    )
  return { tokenSecret: secret, databaseUrl }
}
