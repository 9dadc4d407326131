import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { AppContext } from '../services.ts'

/** The peer's address; in-process requests (tests) have no socket and share one bucket. */
export function remoteAddress(c: Context): string {
  return (c.env as { incoming?: unknown } | undefined)?.incoming ? (getConnInfo(c).remote.address ?? '') : 'local'
}

/** Who a request counts against where capacity is shared per client (the search pool): the account, else the address. */
export const clientOf = (c: AppContext) => (c.var.caller.id ? `u${c.var.caller.id}` : `ip${remoteAddress(c)}`)
