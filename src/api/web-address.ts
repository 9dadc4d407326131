/**
 * An absolute http(s) address, as a profile's web page must be: what the service takes (src/server/routes/auth.ts),
 * what the gallery's form checks and what its profile page links. No `javascript:` or other scheme reaches a link.
 */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
