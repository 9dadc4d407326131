import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from './query-client.ts'
import { ShellFallback } from './shell.tsx'
// The page as built, read as text (Vite's `?raw`).
import indexHtml from '../../index.html?raw'

// index.html paints the shell's header before the app's code runs; React then renders ShellFallback in its place.
// Any difference in their classes would show as a jump of the header (or of its name) on every first load.

const staticRoot = () => {
  const root = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  return root
}

/** The boxes that decide the header's size and where its name sits: class names and text, outermost first. */
function outline(root: Element) {
  const wrapper = root.firstElementChild
  const header = wrapper?.querySelector(':scope > header')
  const row = header?.firstElementChild
  const home = row?.firstElementChild
  const column = wrapper?.querySelector(':scope > [data-content-column]')
  return {
    wrapper: wrapper?.className,
    column: column?.className,
    header: header?.className,
    row: row?.className,
    home: { tag: home?.tagName, href: home?.getAttribute('href'), className: home?.className, text: home?.textContent },
  }
}

describe('the static shell in index.html', () => {
  it('is the header ShellFallback renders: same boxes, same classes, same home link', () => {
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ShellFallback />
        </MemoryRouter>
      </QueryClientProvider>,
    )
    const fromIndex = outline(staticRoot())
    expect(fromIndex.header).toBeTruthy()
    expect(fromIndex).toEqual(outline(container))
  })

  it('holds nothing interactive but the home link (search and account arrive with the app)', () => {
    const root = staticRoot()
    expect(root.querySelectorAll('a, button, input, select, textarea')).toHaveLength(1)
  })
})
