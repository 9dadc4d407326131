import { describe, expect, it } from 'vitest'
import {
  isPixivHost,
  isTrustedPeer,
  parseForwarded,
  parseHost,
  parseTrustProxy,
  requestOrigin,
  type RequestFacts,
} from './origin.ts'

const NONE = parseTrustProxy(undefined)
const socket = (over: Partial<NonNullable<RequestFacts['socket']>> = {}) => ({
  localAddress: '127.0.0.1',
  localPort: 8080,
  remoteAddress: '10.0.0.5',
  encrypted: false,
  ...over,
})
const req = (over: Partial<RequestFacts>): RequestFacts => ({
  host: undefined,
  url: `http://${over.host ?? 'localhost'}/v1/x`,
  socket: socket(),
  ...over,
})

describe('parseHost', () => {
  it('accepts names, IPv4 and bracketed IPv6, with a port', () => {
    expect(parseHost('Example.org')).toEqual({ hostname: 'example.org', port: undefined })
    expect(parseHost('easel.local:8080')).toEqual({ hostname: 'easel.local', port: 8080 })
    expect(parseHost('192.168.1.2:80')).toEqual({ hostname: '192.168.1.2', port: 80 })
    expect(parseHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: 3000 })
    expect(parseHost('my_service')).not.toBeNull() // docker names
  })

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'a b',
      'a/b',
      'a@b',
      'x:0',
      'x:65536',
      'x:',
      ':80',
      '[zz]',
      '::1',
      'a..b',
      '-a.b',
      'a'.repeat(64),
      'h\u00e9',
    ])
      expect(parseHost(bad), bad).toBeNull()
  })
})

describe('isPixivHost', () => {
  it("names pixiv's hosts and their subdomains in any case, with or without the final dot", () => {
    for (const h of [
      'app-api.pixiv.net',
      'oauth.secure.pixiv.net',
      'www.pixiv.net',
      'pixiv.net',
      'I.PXIMG.NET',
      's.pximg.net',
      'pixiv.net.',
    ])
      expect(isPixivHost(h), h).toBe(true)
    for (const h of ['notpixiv.net', 'pixiv.net.example.org', 'easel.local', 'pximg.network'])
      expect(isPixivHost(h), h).toBe(false)
  })
})

describe('requestOrigin', () => {
  it('is the address the connection arrived on, whatever name the Host gives', () => {
    for (const host of ['gallery.example:8080', 'Gallery.Example:80', 'evil.example', '10.9.9.9:8080', undefined])
      expect(requestOrigin(req({ host }), NONE), String(host)).toBe('http://127.0.0.1:8080')
    const lan = socket({ localAddress: '192.168.1.20', localPort: 18110 })
    for (const host of ['192.168.1.20:18110', '192.168.1.20', 'phone.example:18110', 'localhost:80'])
      expect(requestOrigin(req({ host, socket: lan }), NONE), host).toBe('http://192.168.1.20:18110')
  })

  it('takes the name localhost from the Host only on the port the connection arrived on', () => {
    expect(requestOrigin(req({ host: 'localhost:8080' }), NONE)).toBe('http://localhost:8080')
    expect(requestOrigin(req({ host: 'LOCALHOST:8080' }), NONE)).toBe('http://localhost:8080')
    expect(requestOrigin(req({ host: 'localhost:9999' }), NONE)).toBe('http://127.0.0.1:8080')
    expect(requestOrigin(req({ host: 'localhost' }), NONE)).toBe('http://127.0.0.1:8080')
    expect(requestOrigin(req({ host: 'x.localhost:8080' }), NONE)).toBe('http://127.0.0.1:8080')
    const on80 = socket({ localPort: 80 })
    expect(requestOrigin(req({ host: 'localhost', socket: on80 }), NONE)).toBe('http://localhost')
    expect(requestOrigin(req({ host: 'localhost:80', socket: on80 }), NONE)).toBe('http://localhost')
    const v6 = socket({ localAddress: '::1', localPort: 9000 })
    expect(requestOrigin(req({ host: 'localhost:9000', socket: v6 }), NONE)).toBe('http://localhost:9000')
    expect(requestOrigin(req({ host: '[::1]:9000', socket: v6 }), NONE)).toBe('http://[::1]:9000')
    const linkLocal = socket({ localAddress: 'fe80::1%eth0', localPort: 9000 })
    expect(requestOrigin(req({ host: 'x', socket: linkLocal }), NONE)).toBe('http://[fe80::1]:9000')
    // a socket that has lost its address (closed already): never the request URL, which the Host built
    const closed = socket({ localAddress: undefined, localPort: undefined })
    expect(requestOrigin(req({ host: 'evil.example', url: 'http://evil.example/v1/x', socket: closed }), NONE)).toBe(
      'http://localhost',
    )
  })

  it('never puts a long or unique Host into the origin', () => {
    const origins = new Set<string>()
    for (let i = 0; i < 100; i++)
      origins.add(requestOrigin(req({ host: `h${i}.${'a'.repeat(60)}.${'b'.repeat(60)}.example:8080` }), NONE))
    origins.add(requestOrigin(req({ host: 'x'.repeat(8000) }), NONE))
    expect([...origins]).toEqual(['http://127.0.0.1:8080'])
  })

  it("never echoes pixiv's Host or a malformed one: the socket's local address instead", () => {
    for (const host of ['app-api.pixiv.net', 'i.pximg.net:443', 'x/y', undefined])
      expect(requestOrigin(req({ host }), NONE), String(host)).toBe('http://127.0.0.1:8080')
    const v6 = socket({ localAddress: '::1', localPort: 9000 })
    expect(requestOrigin(req({ host: 'app-api.pixiv.net', socket: v6 }), NONE)).toBe('http://[::1]:9000')
    const mapped = socket({ localAddress: '::ffff:192.168.0.9' })
    expect(requestOrigin(req({ host: 'app-api.pixiv.net', socket: mapped }), NONE)).toBe('http://192.168.0.9:8080')
    const tls = socket({ encrypted: true, localPort: 443 })
    expect(requestOrigin(req({ host: 'app-api.pixiv.net', socket: tls }), NONE)).toBe('https://127.0.0.1')
  })

  it('in process (no socket), falls back to the URL host when it is safe, else localhost', () => {
    expect(requestOrigin({ host: 'app-api.pixiv.net', url: 'http://easel.test/v1/x' }, NONE)).toBe('http://easel.test')
    expect(requestOrigin({ host: undefined, url: 'http://app-api.pixiv.net/v1/x' }, NONE)).toBe('http://localhost')
  })

  it('ignores forwarded headers by default', () => {
    const spoof = {
      xForwardedProto: 'https',
      xForwardedHost: 'evil.example',
      forwarded: 'proto=https;host=evil.example',
    }
    expect(requestOrigin(req({ host: 'gallery.example', ...spoof }), NONE)).toBe('http://127.0.0.1:8080')
    expect(requestOrigin(req({ host: 'localhost:8080', ...spoof }), NONE)).toBe('http://localhost:8080')
  })

  it('honours X-Forwarded-* and Forwarded from trusted peers only', () => {
    const trust = parseTrustProxy('10.0.0.0/8, ::1')
    const xf = {
      host: 'internal:8080',
      xForwardedProto: 'https, http',
      xForwardedHost: 'gallery.example.org, internal',
    }
    expect(requestOrigin(req(xf), trust)).toBe('https://gallery.example.org')
    expect(requestOrigin(req({ ...xf, socket: socket({ remoteAddress: '192.168.0.1' }) }), trust)).toBe(
      'http://127.0.0.1:8080',
    )
    // a trusted proxy that sends no forwarded host passes the client's Host on
    expect(requestOrigin(req({ host: 'gallery.example.org' }), trust)).toBe('http://gallery.example.org')
    // Forwarded wins over X-Forwarded-*; its first element is the hop nearest the client
    const fwd = { ...xf, forwarded: 'for=1.2.3.4;proto=https;host="photos.example:8443", for=10.0.0.1;proto=http' }
    expect(requestOrigin(req(fwd), trust)).toBe('https://photos.example:8443')
    // a forwarded pixiv host is not echoed either, nor a bogus proto
    expect(
      requestOrigin(
        req({ host: 'app-api.pixiv.net', xForwardedHost: 'app-api.pixiv.net', xForwardedProto: 'gopher' }),
        trust,
      ),
    ).toBe('http://127.0.0.1:8080')
    expect(requestOrigin(req({ ...xf, socket: undefined }), trust)).toBe('http://internal:8080')
    expect(requestOrigin(req({ ...xf, socket: undefined }), parseTrustProxy('true'))).toBe(
      'https://gallery.example.org',
    )
  })
})

describe('parseTrustProxy', () => {
  it('reads off, any peer, and lists of addresses and blocks', () => {
    for (const v of [undefined, '', '0', 'false', 'off'])
      expect(parseTrustProxy(v), String(v)).toEqual({ kind: 'none' })
    for (const v of ['1', 'true', 'TRUE', '*']) expect(parseTrustProxy(v), v).toEqual({ kind: 'all' })
    const list = parseTrustProxy('127.0.0.1, 10.0.0.0/8,fd00::/8')
    expect(isTrustedPeer(list, '127.0.0.1')).toBe(true)
    expect(isTrustedPeer(list, '::ffff:127.0.0.1')).toBe(true)
    expect(isTrustedPeer(list, '10.200.0.1')).toBe(true)
    expect(isTrustedPeer(list, 'fd12::1')).toBe(true)
    expect(isTrustedPeer(list, '127.0.0.2')).toBe(false)
    expect(isTrustedPeer(list, undefined)).toBe(false)
  })

  it('refuses what it cannot read, so a typo never trusts the world', () => {
    for (const bad of ['yes please', '10.0.0.0/33', 'localhost', '1.2.3.4/8/9'])
      expect(() => parseTrustProxy(bad), bad).toThrow()
  })
})

describe('parseForwarded', () => {
  it('reads quoted values and only the first element', () => {
    expect(parseForwarded('for="[2001:db8::1]:4711";Proto=HTTPS;host="a.example,b", for=x;host=c')).toEqual({
      proto: 'https',
      host: 'a.example,b',
    })
    expect(parseForwarded('garbage')).toEqual({})
  })
})
