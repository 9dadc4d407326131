import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** The peer's address; in-process requests (tests) have no socket and share one, `local`. */
export function remoteAddress(c: Context): string {
  return (c.env as { incoming?: unknown } | undefined)?.incoming ? (getConnInfo(c).remote.address ?? '') : 'local'
}
