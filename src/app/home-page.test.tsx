import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { routes } from './routes.tsx'

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(<RouterProvider router={router} />)
}

describe('home page', () => {
  it('names the app, gives the demo sign-in and links to the API', () => {
    renderAt('/')
    expect(screen.getByRole('heading', { level: 1, name: 'Easel' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sign in' }).parentElement).toHaveTextContent(
      'The demo account is demo with the password demo.',
    )
    expect(screen.getByRole('link', { name: 'Daily ranking' })).toHaveAttribute('href', '/v1/illust/ranking?mode=day')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('renders the same shell for an unknown deep link and says the view is missing', () => {
    renderAt('/artworks/1')
    expect(screen.getByRole('heading', { level: 1, name: 'Easel' })).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('There is no view for /artworks/1 yet.')
  })
})
