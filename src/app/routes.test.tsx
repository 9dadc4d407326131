import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from './query-client.ts'
import { createRoutes } from './routes.tsx'

function renderAt(path: string) {
  const client = createQueryClient()
  const router: ReturnType<typeof createMemoryRouter> = createMemoryRouter(
    createRoutes(client, { isInitialLoad: () => !router.state.initialized }),
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

describe('routes', () => {
  beforeEach(() => {
    // No network in unit tests: every API call stays pending, so views show their loading state.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<never>(() => {})),
    )
    // jsdom has no scrolling; ScrollRestoration calls it on every navigation.
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

  it('shows a 404 inside the shell for an unknown path', async () => {
    renderAt('/no/such/view')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Easel' })).toHaveAttribute('href', '/')
  })

  it('redirects a pixiv-style alias to its view, replacing the alias', async () => {
    const router = renderAt('/member.php?id=2')
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/2'))
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('redirects an alias followed in the app without replacing the page it was followed from', async () => {
    const router = renderAt('/settings')
    await screen.findByRole('heading', { level: 1, name: 'Settings' })
    await router.navigate('/u/2')
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/2'))
    expect(router.state.historyAction).toBe('PUSH')
    await router.navigate(-1)
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'))
  })

  it('keeps an /en/ deep link with its query string', async () => {
    const router = renderAt('/en/ranking?mode=week')
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/ranking?mode=week'),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly ranking' })).toBeInTheDocument()
  })
})
