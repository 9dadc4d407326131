/** The current in-app location, for a sign-in link to come back to. */
export function currentLocation(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search + window.location.hash
}
