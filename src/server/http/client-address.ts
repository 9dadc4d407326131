import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { isIP } from 'node:net'
import { isTrustedPeer, type TrustProxy } from './origin.ts'
import type { AppContext } from '../context.ts'

/** The peer's address; in-process requests (tests) have no socket and share one, `local`. */
export function remoteAddress(c: Context): string {
  return (c.env as { incoming?: unknown } | undefined)?.incoming ? (getConnInfo(c).remote.address ?? '') : 'local'
}

/**
 * The address a request's limits count against (rate limits, sign-in attempts): the peer's, or behind a trusted proxy
 * (TRUST_PROXY) the client it forwarded for. Without this every user behind a reverse proxy shared one address, and
 * so one user's wrong passwords or burst limited them all. The forwarded list is read from the right, where each
 * trusted proxy appended the address it was connected from: the first entry not itself a trusted proxy is the client
 * (entries further left are the client's own claims, which anyone can write). An untrusted peer's headers never count.
 */
export function clientAddress(c: Context, trust: TrustProxy): string {
  return limitKey(forwardedClient(c, trust))
}

/**
 * IPv6 addresses by their /64, the block one subscriber or host is given: one machine has as many addresses in it as
 * it likes, which would otherwise be as many fresh buckets and sign-in budgets.
 */
/**
 * Who a request counts against where capacity is shared per client (the search pool): the account, else the address.
 */
export const clientOf = (c: AppContext, trust: TrustProxy) =>
  c.get('caller').id ? `u${c.get('caller').id}` : `ip${clientAddress(c, trust)}`

function limitKey(address: string): string {
  if (isIP(address) !== 6 || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : []
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

function forwardedClient(c: Context, trust: TrustProxy): string {
  const peer = remoteAddress(c)
  if (peer === 'local' || !isTrustedPeer(trust, peer)) return peer
  const forwarded = c.req.header('forwarded')
  const hops = forwarded
    ? [...forwarded.matchAll(/(?:^|[;,\s])for=("[^"]*"|[^;,\s]*)/gi)].map((m) => hopAddress(m[1]!))
    : (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => hopAddress(h))
  const named = hops.filter(Boolean)
  // Trusting every peer means one proxy that overwrites the headers: its entry is the client.
  if (trust.kind === 'all') return named[named.length - 1] ?? peer
  for (let i = named.length - 1; i >= 0; i--) {
    const hop = named[i]!
    // A name that is no address (`unknown`, an obfuscated identifier) is no proxy of ours: it stands for the client.
    if (!isIP(hop) || !isTrustedPeer(trust, hop)) return hop
  }
  return peer
}

/** One hop's address: quotes, `[…]` brackets and a port taken off (`"[2001:db8::1]:4711"`, `192.0.2.1:80`). */
function hopAddress(raw: string): string {
  const v = raw.trim().replace(/^"|"$/g, '')
  const bracketed = /^\[([^\]]*)\]/.exec(v)
  if (bracketed) return bracketed[1]!
  return /^[\d.]+:\d+$/.test(v) ? v.slice(0, v.indexOf(':')) : v
}
