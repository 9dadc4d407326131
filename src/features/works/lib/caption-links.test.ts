import { describe, expect, it } from 'vitest'
import { clientNavigationTarget, type AnchorLike, type ClickLike } from './caption-links.ts'

const origin = 'https://easel.example'
const click: ClickLike = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
}
const anchor = (href: string, extra: Partial<AnchorLike> = {}): AnchorLike => ({
  href,
  target: '',
  hasDownload: false,
  ...extra,
})

describe('clientNavigationTarget', () => {
  it('navigates in-app links client-side, keeping query and hash', () => {
    expect(clientNavigationTarget(click, anchor(`${origin}/artworks/12`), origin)).toBe('/artworks/12')
    expect(clientNavigationTarget(click, anchor(`${origin}/users/3?x=1#p2`), origin)).toBe('/users/3?x=1#p2')
    expect(clientNavigationTarget(click, anchor('/novels/4'), origin)).toBe('/novels/4')
  })

  it('leaves other origins to the browser', () => {
    expect(clientNavigationTarget(click, anchor('https://example.com/artworks/1'), origin)).toBeNull()
    expect(clientNavigationTarget(click, anchor('http://easel.example/artworks/1'), origin)).toBeNull()
  })

  it('leaves modified, middle and already handled clicks to the browser', () => {
    const href = anchor(`${origin}/artworks/1`)
    for (const mod of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey', 'defaultPrevented'] as const) {
      expect(clientNavigationTarget({ ...click, [mod]: true }, href, origin)).toBeNull()
    }
    expect(clientNavigationTarget({ ...click, button: 1 }, href, origin)).toBeNull()
  })

  it('leaves links that open in a new tab or download to the browser', () => {
    expect(clientNavigationTarget(click, anchor(`${origin}/artworks/1`, { target: '_blank' }), origin)).toBeNull()
    expect(clientNavigationTarget(click, anchor(`${origin}/artworks/1`, { hasDownload: true }), origin)).toBeNull()
    expect(clientNavigationTarget(click, anchor(`${origin}/artworks/1`, { target: '_self' }), origin)).toBe(
      '/artworks/1',
    )
  })
})
