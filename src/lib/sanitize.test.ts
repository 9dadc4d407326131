import { describe, expect, it } from 'vitest'
import { HOSTILE_SNIPPETS } from '../api/hostile.ts'
import { EXTERNAL_LINK_REL, inAppPath } from './pixiv-links.ts'
import { sanitizeCaption } from './sanitize.ts'

const ALLOWED_TAGS = new Set(['A', 'BR', 'STRONG', 'B', 'I', 'EM', 'P', 'SPAN'])
const ALLOWED_ATTRS = new Set(['href', 'target', 'rel'])

function parse(html: string): HTMLElement {
  const container = document.createElement('div')
  container.innerHTML = html
  return container
}

function anchors(html: string) {
  return [...parse(html).querySelectorAll('a')].map((a) => ({
    href: a.getAttribute('href'),
    target: a.getAttribute('target'),
    rel: a.getAttribute('rel'),
    text: a.textContent,
  }))
}

/** Everything that could run or navigate somewhere unsafe, found by walking the parsed output. */
function dangers(html: string): string[] {
  const found: string[] = []
  if (/<script/i.test(html)) found.push('<script in output')
  for (const el of parse(html).querySelectorAll('*')) {
    if (!ALLOWED_TAGS.has(el.tagName)) found.push(`tag ${el.tagName}`)
    for (const attr of el.attributes) {
      if (!ALLOWED_ATTRS.has(attr.name)) found.push(`attribute ${attr.name} on ${el.tagName}`)
      if (/^on/i.test(attr.name)) found.push(`handler ${attr.name}`)
      if (attr.name === 'href' && !/^(?:https?:\/\/|\/(?!\/))/i.test(attr.value)) found.push(`href ${attr.value}`)
      if (/(?:java|vb)script:|data:/i.test(attr.value.replace(/\s/g, ''))) found.push(`url ${attr.value}`)
    }
  }
  return found
}

describe('sanitizeCaption against the hostile catalogue', () => {
  it.each(HOSTILE_SNIPPETS)('leaves nothing executable in %s', (snippet) => {
    const out = sanitizeCaption(`before ${snippet} after`)
    expect(dangers(out)).toEqual([])
    expect(out).not.toMatch(/\son\w+\s*=/i)
    expect(out).not.toMatch(/href="\s*(?:javascript|vbscript|data):/i)
    expect(parse(out).textContent).toContain('before')
  })

  it('survives all of them in one caption', () => {
    const out = sanitizeCaption(HOSTILE_SNIPPETS.join('<br />'))
    expect(dangers(out)).toEqual([])
  })

  it('keeps the caption after an unclosed <noscript> (which the parser leaves open to the end)', () => {
    const out = sanitizeCaption(
      'first<br /><noscript><p title="</noscript><img src=x onerror=alert(1)>"><br />still here<br /><a href="https://example.org/">link</a>',
    )
    expect(dangers(out)).toEqual([])
    expect(parse(out).textContent).toBe('firststill herelink')
    expect(anchors(out)).toEqual([
      { href: 'https://example.org/', target: '_blank', rel: EXTERNAL_LINK_REL, text: 'link' },
    ])
  })

  it('drops script and style contents instead of showing them', () => {
    expect(parse(sanitizeCaption('a<script>alert(1)</script>b<style>body{}</style>c')).textContent).toBe('abc')
  })

  it('keeps the allowed formatting', () => {
    const out = sanitizeCaption('<p>one<br />two <strong>s</strong> <b>b</b> <i>i</i> <em>e</em> <span>x</span></p>')
    expect(out).toBe('<p>one<br>two <strong>s</strong> <b>b</b> <i>i</i> <em>e</em> <span>x</span></p>')
  })

  it('removes attributes other than href, such as style, class and id', () => {
    const out = sanitizeCaption('<span style="color:red" class="c" id="x" title="t">x</span>')
    expect(out).toBe('<span>x</span>')
  })

  it('returns an empty string for an empty caption', () => {
    expect(sanitizeCaption('')).toBe('')
  })
})

describe('links', () => {
  it.each([
    ['pixiv://illusts/123', '/artworks/123'],
    ['pixiv://users/45', '/users/45'],
    ['https://www.pixiv.net/artworks/123', '/artworks/123'],
    ['https://www.pixiv.net/en/artworks/123', '/artworks/123'],
    ['http://pixiv.net/artworks/123', '/artworks/123'],
    ['https://www.pixiv.net/users/45', '/users/45'],
    ['https://www.pixiv.net/en/users/45', '/users/45'],
    ['https://www.pixiv.net/users/45/artworks', '/users/45'],
    ['https://www.pixiv.net/novel/show.php?id=678', '/novels/678'],
    ['https://www.pixiv.net/novel/show.php?mode=cover&id=678', '/novels/678'],
    ['https://www.pixiv.net/member_illust.php?mode=medium&illust_id=9', '/artworks/9'],
    ['https://www.pixiv.net/member.php?id=8', '/users/8'],
    ['https://www.pixiv.net/i/7', '/artworks/7'],
  ])('rewrites %s to the in-app path %s', (href, path) => {
    expect(anchors(sanitizeCaption(`<a href="${href}">link</a>`))).toEqual([
      { href: path, target: null, rel: null, text: 'link' },
    ])
  })

  it('opens external links in a new tab without opener, referrer or endorsement', () => {
    expect(
      anchors(sanitizeCaption('<a href="https://example.com/page?q=1" target="_self" rel="opener">x</a>')),
    ).toEqual([{ href: 'https://example.com/page?q=1', target: '_blank', rel: EXTERNAL_LINK_REL, text: 'x' }])
  })

  it('treats pixiv.net pages that are not works, users or novels as external', () => {
    expect(anchors(sanitizeCaption('<a href="https://www.pixiv.net/">x</a>'))[0]).toMatchObject({ target: '_blank' })
    expect(anchors(sanitizeCaption('<a href="https://pixiv.net.evil.example/artworks/1">x</a>'))[0]).toMatchObject({
      href: 'https://pixiv.net.evil.example/artworks/1',
      target: '_blank',
    })
  })

  it('removes links with other schemes, and unknown pixiv:// links, but keeps their text', () => {
    for (const href of [
      'javascript:alert(1)',
      'mailto:a@b.c',
      'ftp://x',
      '/relative',
      '//evil.example/',
      'pixiv://home',
    ]) {
      const out = sanitizeCaption(`<a href="${href}">text</a>`)
      expect(anchors(out)).toEqual([{ href: null, target: null, rel: null, text: 'text' }])
    }
  })

  it('inAppPath leaves anything else alone', () => {
    expect(inAppPath('https://example.com/artworks/1')).toBeNull()
    expect(inAppPath('https://www.pixiv.net/novel/show.php?id=abc')).toBeNull()
    expect(inAppPath('not a url')).toBeNull()
    expect(inAppPath('  pixiv://illusts/5  ')).toBe('/artworks/5')
  })

  it('inAppPath rewrites only canonical ids (one URL per work): not 012, 0 or past 15 digits', () => {
    for (const href of [
      'pixiv://illusts/012',
      'https://www.pixiv.net/artworks/012',
      'https://www.pixiv.net/users/0',
      'https://www.pixiv.net/novel/show.php?id=012',
      'https://www.pixiv.net/artworks/1234567890123456',
    ])
      expect(inAppPath(href), href).toBeNull()
  })
})
