// The origins of the absolute URLs the service hands out (`next_url`, image URLs, DESIGN.md §2.2 "absolute URLs").
//
// The Host header is anyone's to write, and whatever origin a request names ends up in the answer and keys a copy of
// every item in the item cache (src/server/wire/item-cache.ts): echoing it let one client put any host into
// `next_url` and image URLs, and grow the process by a cache per distinct Host until it died. So, in this order:
// 1. A configured origin (PUBLIC_URL for the API, IMAGE_ORIGIN for images, STATIC_ORIGIN for placeholders) wins.
// 2. From a peer that TRUST_PROXY names, `Forwarded` / `X-Forwarded-Proto` / `X-Forwarded-Host` count (a well-formed
//    host that is not pixiv's); from anyone else they are ignored.
// 3. Otherwise the origin is the address the connection actually arrived on: the socket's local address and port
//    (`http://127.0.0.1:8080`, `http://192.168.1.20:8080`, `http://[::1]:8080`). The Host header only chooses the
//    name `localhost` for it: `Host: localhost:<the socket's port>` (or `localhost` when that port is the scheme's
//    default) gives `http://localhost:<port>`, so a browser on http://localhost:PORT keeps one origin for the page and
//    its images. A Host naming the IP the connection arrived on gives that same address. Any other Host (a name, a
//    port the socket is not on, pixiv's hosts that re-pointed clients keep sending, anything malformed) is never used.
// So the set of origins is bounded by the machine's interfaces and ports. `*.localhost` is not accepted: its names
// are unbounded. Behind a port mapping, a tunnel or a reverse proxy the socket's address is not the one clients use:
// set PUBLIC_URL there (or TRUST_PROXY for the proxy).

import { BlockList, isIP, isIPv6 } from 'node:net'
import type { Context } from 'hono'

/**
 * Which peers may set the forwarded headers. From TRUST_PROXY: unset, empty, `0`, `false`, `no`, `off` → none
 * (the default); `1`, `true`, `yes`, `on`, `*`, `all` → any peer (only behind a proxy that overwrites these
 * headers); otherwise a comma-separated list of peer addresses and CIDR blocks, e.g. `127.0.0.1,::1,10.0.0.0/8`.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'all' } | { kind: 'list'; entries: readonly string[] }

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim().toLowerCase()
  if (['', '0', 'false', 'no', 'off'].includes(v)) return { kind: 'none' }
  if (['1', 'true', 'yes', 'on', '*', 'all'].includes(v)) return { kind: 'all' }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
  for (const e of entries) blockListEntry(new BlockList(), e)
  return { kind: 'list', entries }
}

function blockListEntry(list: BlockList, entry: string) {
  const [addr, bits, extra] = entry.split('/')
  const type = isIP(addr ?? '')
  if (!type || extra !== undefined) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR block`)
  const family = type === 6 ? 'ipv6' : 'ipv4'
  if (bits === undefined) return list.addAddress(addr!, family)
  const prefix = Number(bits)
  if (!/^\d{1,3}$/.test(bits) || prefix > (type === 6 ? 128 : 32))
    throw new Error(`TRUST_PROXY: "${entry}" has a bad prefix length`)
  list.addSubnet(addr!, prefix, family)
}

const compiled = new WeakMap<readonly string[], BlockList>()

/** Whether the forwarded headers of a request from `peer` (the socket's remote address; undefined: none) count. */
export function isTrustedPeer(trust: TrustProxy, peer: string | undefined): boolean {
  if (trust.kind === 'none') return false
  if (trust.kind === 'all') return true
  if (!peer) return false
  let list = compiled.get(trust.entries)
  if (!list) {
    list = new BlockList()
    for (const e of trust.entries) blockListEntry(list, e)
    compiled.set(trust.entries, list)
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(peer)?.[1]
  if (mapped) return list.check(mapped, 'ipv4') || list.check(peer, 'ipv6')
  return list.check(peer, isIPv6(peer) ? 'ipv6' : 'ipv4')
}

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?'
const HOST_SYNTAX = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*\\.?)|\\[([0-9A-Fa-f:.]+)\\])(?::(\\d{1,5}))?$`)

/** A syntactically valid `host[:port]` (a DNS name, IPv4 or bracketed IPv6, port 1–65535), else null. */
export function parseHost(value: string): { hostname: string; port: number | undefined } | null {
  if (value.length > 261) return null
  const m = HOST_SYNTAX.exec(value)
  if (!m) return null
  const [, name, v6, port] = m
  if (v6 !== undefined && !isIPv6(v6)) return null
  if (name !== undefined && name.length > 254) return null
  const p = port === undefined ? undefined : Number(port)
  if (p !== undefined && (p < 1 || p > 65535)) return null
  return { hostname: (name ?? `[${v6}]`).toLowerCase(), port: p }
}

/** pixiv's own hosts (`pixiv.net`, `pximg.net` and their subdomains): never echoed into a URL Easel hands out. */
export function isPixivHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '')
  return /(?:^|\.)(?:pixiv\.net|pximg\.net)$/.test(h)
}

/** A Host value fit to echo: well-formed and not pixiv's. */
export function isSafeHost(value: string | undefined): value is string {
  if (!value) return false
  const parsed = parseHost(value)
  return !!parsed && !isPixivHost(parsed.hostname)
}

/** What a request says about where it arrived; the socket is absent for in-process requests (tests). */
export interface RequestFacts {
  /** the Host header */
  host: string | undefined
  /** the request URL as the framework built it (its origin is the only address an in-process request has) */
  url: string
  socket?: { localAddress?: string; localPort?: number; remoteAddress?: string; encrypted: boolean }
  forwarded?: string
  xForwardedProto?: string
  xForwardedHost?: string
}

/** Splits on `sep` outside double quotes (Forwarded allows quoted values such as `for="[2001:db8::1]:4711"`). */
function splitOutsideQuotes(value: string, sep: string): string[] {
  const parts: string[] = []
  let cur = ''
  let quoted = false
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!
    if (quoted && ch === '\\' && i + 1 < value.length) {
      cur += ch + value[++i]
      continue
    }
    if (ch === '"') quoted = !quoted
    if (ch === sep && !quoted) {
      parts.push(cur)
      cur = ''
    } else cur += ch
  }
  parts.push(cur)
  return parts
}

/** `proto` and `host` of the first element of an RFC 7239 `Forwarded` header (the hop nearest the client). */
export function parseForwarded(value: string): { proto?: string; host?: string } {
  const first = splitOutsideQuotes(value, ',')[0] ?? ''
  const out: { proto?: string; host?: string } = {}
  for (const pair of splitOutsideQuotes(first, ';')) {
    const eq = pair.indexOf('=')
    if (eq < 0) continue
    const key = pair.slice(0, eq).trim().toLowerCase()
    let v = pair.slice(eq + 1).trim()
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1).replace(/\\(.)/g, '$1')
    if (key === 'proto' && out.proto === undefined) out.proto = v.toLowerCase()
    if (key === 'host' && out.host === undefined) out.host = v
  }
  return out
}

const firstValue = (v: string | undefined) => v?.split(',')[0]?.trim() || undefined

/** `host:port` of a socket address, IPv6 bracketed (without a zone) and IPv4-mapped IPv6 written as IPv4. */
function socketHost(address: string, port: number | undefined): string {
  address = address.replace(/%.*$/, '') // a link-local address's zone (`fe80::1%eth0`) has no place in a URL
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const host = v4 ?? (isIPv6(address) ? `[${address}]` : address)
  return port ? `${host}:${port}` : host
}

/** Whether `value` is `localhost` on the socket's own port (or with no port when that is the scheme's default). */
function isLocalhostOnPort(value: string | undefined, localPort: number | undefined, scheme: string): boolean {
  const parsed = value ? parseHost(value) : null
  if (!parsed || parsed.hostname !== 'localhost') return false
  const port = parsed.port ?? (scheme === 'https' ? 443 : 80)
  return localPort === undefined || port === localPort
}

/** The origin a request names, by the rules at the top of this file (no configured origin involved). */
export function requestOrigin(req: RequestFacts, trust: TrustProxy): string {
  const url = new URL(req.url)
  let scheme = req.socket ? (req.socket.encrypted ? 'https' : 'http') : url.protocol.slice(0, -1)
  let host: string | undefined

  if (isTrustedPeer(trust, req.socket?.remoteAddress)) {
    const fwd = req.forwarded ? parseForwarded(req.forwarded) : {}
    const proto = fwd.proto ?? firstValue(req.xForwardedProto)?.toLowerCase()
    if (proto === 'http' || proto === 'https') scheme = proto
    const fhost = fwd.host ?? firstValue(req.xForwardedHost)
    if (isSafeHost(fhost)) host = fhost
    // a trusted proxy that sends no forwarded host passes the client's Host on (the classic reverse-proxy setup)
    else if (isSafeHost(req.host)) host = req.host
  }

  if (!host) {
    const s = req.socket
    // In process (tests) there is no socket: the URL the test itself built is the only address the request has.
    if (!s) host = isSafeHost(url.host) ? url.host : 'localhost'
    else if (isLocalhostOnPort(req.host, s.localPort, scheme)) host = socketHost('localhost', s.localPort)
    // (a socket already closed has no address left; the request URL would be the Host again)
    else host = s.localAddress ? socketHost(s.localAddress, s.localPort) : 'localhost'
  }
  // URL normalizes case and drops a default port (`:80` on http, `:443` on https).
  return new URL(`${scheme}://${host}`).origin
}

export interface OriginConfig {
  publicUrl: string | undefined
  imageOrigin: string | undefined
  staticOrigin: string | undefined
  trustProxy: TrustProxy
}

interface NodeIncoming {
  socket?: { localAddress?: string; localPort?: number; remoteAddress?: string; encrypted?: boolean }
  headers?: Record<string, string | string[] | undefined>
}

const incomingOf = (c: Context) => (c.env as { incoming?: NodeIncoming } | undefined)?.incoming

/**
 * A request header: from Node's own parsed headers when there are some (no lookup through the Fetch API's Headers),
 * else from the request (in process, in tests).
 */
function header(c: Context, name: 'host' | 'forwarded' | 'x-forwarded-proto' | 'x-forwarded-host'): string | undefined {
  const headers = incomingOf(c)?.headers
  if (!headers) return c.req.header(name)
  const v = headers[name]
  return Array.isArray(v) ? v.join(', ') : v
}

/**
 * The origin last worked out on each connection, with the headers it came from. A connection's addresses never change,
 * so the same headers on it name the same origin: a keep-alive client's requests skip the parsing (about 6 µs of a
 * detail's 100).
 */
const lastOnConnection = new WeakMap<object, { headers: string; origin: string }>()

/** requestOrigin for a Hono request, remembered per connection (header values never hold a line break). */
function connectionOrigin(c: Context, trust: TrustProxy): string {
  const socket = incomingOf(c)?.socket
  if (!socket) return requestOrigin(requestFacts(c), trust)
  // (no header value holds a line break: `\r` stands for a header not sent, `\n` separates them)
  const headers = [
    header(c, 'host'),
    header(c, 'forwarded'),
    header(c, 'x-forwarded-proto'),
    header(c, 'x-forwarded-host'),
  ]
    .map((v) => v ?? '\r')
    .join('\n')
  const last = lastOnConnection.get(socket)
  if (last?.headers === headers) return last.origin
  const origin = requestOrigin(requestFacts(c), trust)
  lastOnConnection.set(socket, { headers, origin })
  return origin
}

/** The facts of a Hono request (on @hono/node-server, `c.env.incoming` is Node's request). */
export function requestFacts(c: Context): RequestFacts {
  const s = incomingOf(c)?.socket
  return {
    host: header(c, 'host'),
    url: c.req.url,
    socket: s
      ? {
          localAddress: s.localAddress,
          localPort: s.localPort,
          remoteAddress: s.remoteAddress,
          encrypted: !!s.encrypted,
        }
      : undefined,
    forwarded: header(c, 'forwarded'),
    xForwardedProto: header(c, 'x-forwarded-proto'),
    xForwardedHost: header(c, 'x-forwarded-host'),
  }
}

/**
 * The origins for one request: of the API's own URLs (next_url), of image URLs, and of the placeholders at
 * s.pximg.net's paths (`/common/images/…`; set apart so that a client re-pointed at Easel by a hosts mapping,
 * with STATIC_ORIGIN=https://s.pximg.net, recognises them as gallery-dl does, by that prefix).
 */
export function originsOf(c: Context, config: OriginConfig): { api: string; image: string; static: string } {
  const api = config.publicUrl ?? connectionOrigin(c, config.trustProxy)
  const image = config.imageOrigin ?? api
  return { api, image, static: config.staticOrigin ?? image }
}
