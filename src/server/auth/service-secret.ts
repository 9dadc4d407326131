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

/**
 * TOKEN_SECRET (config.ts), which every instance must share: on PostgreSQL (DATABASE_URL) the service refuses to start
 * without it, since a secret of its own disk would make each instance refuse the others' tokens and image URLs.
 */
export function tokenSecretSetting(env: NodeJS.ProcessEnv): Buffer | undefined {
  const secret = env.TOKEN_SECRET ? parseTokenSecret(env.TOKEN_SECRET) : undefined
  if (env.DATABASE_URL && !secret)
    throw new Error(
      'TOKEN_SECRET is required with DATABASE_URL: every instance over the same database must sign access tokens and ' +
        'image URLs with the same secret. Set TOKEN_SECRET to the same value on every instance (make one with: ' +
        'openssl rand -hex 32); to keep the tokens one SQLite instance issued, use the contents of its ' +
        'DATA_DIR/token-secret.key.',
    )
  return secret
}
