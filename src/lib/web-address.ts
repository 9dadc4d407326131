/**
 * An absolute http(s) address, as a profile's web page must be (the service's own check, src/server/routes/auth.ts):
 * no `javascript:` or other scheme reaches a link.
 */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
