import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { act } from 'react'
import { MemoryRouter, useLocation, useNavigate, useNavigationType, type NavigateFunction } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from './query-client.ts'
import { RouteError } from './route-error.tsx'
import { compileRoutes, type RouteDef } from './router/compile.tsx'
import { AppRoutes } from './router/navigation.tsx'
import { createRoutes } from './routes.tsx'

/** What the test can see of the router: the current URL, how it was reached, and a way to navigate. */
interface RouterProbe {
  pathname: string
  search: string
  action: string
  navigate: NavigateFunction
}

function renderAt(path: string) {
  const client = createQueryClient()
  const routes = compileRoutes(createRoutes(client), RouteError)
  const probe = {} as RouterProbe
  function Probe() {
    const location = useLocation()
    probe.pathname = location.pathname
    probe.search = location.search
    probe.action = useNavigationType()
    probe.navigate = useNavigate()
    return null
  }
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <AppRoutes routes={routes} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return probe
}

describe('routes', () => {
  beforeEach(() => {
    // No network in unit tests: every API call stays pending, so views show their loading state.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<never>(() => {})),
    )
    // jsdom has no scrolling; the scroll restorer calls it on every navigation.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('renders the home page in the entry, with its level-1 heading and the illustrations tab current', async () => {
    renderAt('/')
    expect(await screen.findByRole('heading', { level: 1, name: /Easel/ })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Illustrations' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Manga' })).toHaveAttribute('href', '/?tab=manga')
    expect(screen.getByRole('search')).toBeInTheDocument()
  })

  it('a loader asks for nothing when the id in the URL is not canonical (/artworks/012 is not work 12)', () => {
    const client = createQueryClient()
    const flat = (defs: RouteDef[]): RouteDef[] => defs.flatMap((d) => [d, ...flat(d.children ?? [])])
    const routes = flat(createRoutes(client))
    const load = (path: string, id: string) =>
      routes.find((r) => r.path === path)!.loader!({ params: { id }, request: { url: `http://x.test/${path}` } })
    for (const id of ['012', '0', '1e3']) {
      load('artworks/:id', id)
      load('users/:id', id)
    }
    expect(client.getQueryCache().getAll()).toEqual([])
    // The same loaders with a canonical id do ask (so the check above can fail).
    load('artworks/:id', '12')
    load('users/:id', '12')
    expect(client.getQueryCache().getAll()).toHaveLength(2)
  })

  it('shows a 404 inside the shell for an unknown path', async () => {
    renderAt('/no/such/view')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Easel' })).toHaveAttribute('href', '/')
  })

  it('redirects a pixiv-style alias to its view, replacing the alias', async () => {
    const router = renderAt('/member.php?id=2')
    await waitFor(() => expect(router.pathname).toBe('/users/2'))
    expect(router.action).toBe('REPLACE')
  })

  it('redirects an alias followed in the app without losing the page it was followed from', async () => {
    const router = renderAt('/settings')
    await screen.findByRole('heading', { level: 1, name: 'Settings' })
    await act(() => router.navigate('/u/2'))
    // The alias's own entry is replaced by its target: Back skips it and returns to the page it was followed from.
    await waitFor(() => expect(router.pathname).toBe('/users/2'))
    expect(router.action).toBe('REPLACE')
    await act(() => router.navigate(-1))
    await waitFor(() => expect(router.pathname).toBe('/settings'))
  })

  it('opens the link a share target hands over, replacing /share', async () => {
    const text = encodeURIComponent('Look at this https://www.pixiv.net/en/artworks/42 #art')
    const router = renderAt(`/share?title=Sunset&text=${text}`)
    await waitFor(() => expect(router.pathname).toBe('/artworks/42'))
    expect(router.action).toBe('REPLACE')
  })

  it('searches for shared text without a link', async () => {
    const router = renderAt('/share?text=blue%20sky')
    await waitFor(() => expect(router.pathname + router.search).toBe('/search?word=blue+sky'))
  })

  it('keeps an /en/ deep link with its query string', async () => {
    const router = renderAt('/en/ranking?mode=week')
    await waitFor(() => expect(router.pathname + router.search).toBe('/ranking?mode=week'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly ranking' })).toBeInTheDocument()
  })
})
