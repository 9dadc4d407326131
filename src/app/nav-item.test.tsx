import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { isActivePath, NavItem } from './nav-item.tsx'

// The site's navigation marks the open page's link, as React Router's NavLink did.

describe('isActivePath', () => {
  it('is the page itself, or a page below it by whole segments, letter case aside', () => {
    expect(isActivePath('/ranking', '/ranking')).toBe(true)
    expect(isActivePath('/ranking', '/ranking/')).toBe(true)
    expect(isActivePath('/users/1/bookmarks', '/users/1/bookmarks/novels')).toBe(true)
    expect(isActivePath('/Ranking', '/ranking')).toBe(true)
    expect(isActivePath('/rank', '/ranking')).toBe(false)
    expect(isActivePath('/new', '/ranking')).toBe(false)
  })

  it('with `end`, the page itself only; `/` names the home page alone', () => {
    expect(isActivePath('/', '/')).toBe(true)
    expect(isActivePath('/', '/ranking')).toBe(false)
    expect(isActivePath('/', '/ranking', true)).toBe(false)
    expect(isActivePath('/users/1', '/users/1/artworks', true)).toBe(false)
  })

  it("reads the path of a link with a query or a hash (the sign-in link's return address)", () => {
    expect(isActivePath('/login?return=%2Franking', '/login')).toBe(true)
    expect(isActivePath('/search?word=#x', '/search')).toBe(true)
  })
})

describe('NavItem', () => {
  it("marks the open page's link as the current page, and styles it so", () => {
    render(
      <MemoryRouter initialEntries={['/ranking']}>
        <NavItem to="/" end className={(active) => (active ? 'on' : 'off')}>
          Home
        </NavItem>
        <NavItem to="/ranking" className={(active) => (active ? 'on' : 'off')}>
          Ranking
        </NavItem>
        <NavItem to="/search" active className={(active) => (active ? 'on' : 'off')}>
          Search
        </NavItem>
      </MemoryRouter>,
    )
    const link = (name: string) => screen.getByRole('link', { name })
    expect([link('Home').getAttribute('aria-current'), link('Home').className]).toEqual([null, 'off'])
    expect([link('Ranking').getAttribute('aria-current'), link('Ranking').className]).toEqual(['page', 'on'])
    expect(link('Search').getAttribute('aria-current')).toBe('page')
    expect(link('Ranking').getAttribute('href')).toBe('/ranking')
  })
})
