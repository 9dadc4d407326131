import { act, cleanup, render, screen } from '@testing-library/react'
import { useLayoutEffect, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useGridContainer } from '../lib/use-grid-container.ts'
import { FIRST_VIEW_GRID_ATTRIBUTE } from './first-view/marker.ts'
import { HeldFirstView, holdFirstView, usePageHeld } from './held-first-view.tsx'

// index.html's first view stays on screen through the app's first commit (the shell around it), and the page takes
// its place in the next: React's first commit clears the static root, so the view is taken out before and put back.

/** index.html's #root as the first view leaves it: the static column with the view in it. */
function staticRoot(): { container: HTMLElement; view: HTMLElement } {
  const container = document.createElement('div')
  container.innerHTML =
    '<div data-content-column><div data-first-view=""><a href="/artworks/1"><img alt="first"></a></div></div>'
  document.body.append(container)
  return { container, view: container.querySelector<HTMLElement>('[data-first-view]')! }
}

/** What each commit showed in <main>: whether the page was held, and whether the first view was in place. */
function Shell({ commits }: { commits: { held: boolean; viewShown: boolean }[] }) {
  const held = usePageHeld()
  useLayoutEffect(() => {
    commits.push({ held, viewShown: document.querySelector('main [data-first-view]') !== null })
  })
  return <main>{held ? <HeldFirstView className="min-h-dvh" /> : <p>the page</p>}</main>
}

afterEach(() => {
  cleanup()
  document.body.replaceChildren()
  window.history.replaceState(null, '', '/')
})

describe('the held first view', () => {
  it('is in the first commit, in place of the page, and the page replaces it in the next', async () => {
    const { container, view } = staticRoot()
    holdFirstView(container)
    const commits: { held: boolean; viewShown: boolean }[] = []
    await act(async () => {
      render(<Shell commits={commits} />, { container })
    })
    expect(commits[0]).toEqual({ held: true, viewShown: true })
    expect(commits.at(-1)).toEqual({ held: false, viewShown: false })
    expect(screen.getByText('the page')).toBeTruthy()
    expect(view.isConnected).toBe(false)
  })

  it('is the same element the static page painted (its images are not fetched again)', async () => {
    const { container, view } = staticRoot()
    holdFirstView(container)
    let shown: Element | null = null
    function Probe() {
      useLayoutEffect(() => {
        shown ??= document.querySelector('[data-first-view]')
      })
      return <HeldFirstView className="py-4" />
    }
    await act(async () => {
      render(<Probe />, { container })
    })
    expect(shown).toBe(view)
    expect(view.parentElement?.className).toBe('py-4')
  })

  it('is not held when the address names a place on the page: the page renders at once', async () => {
    window.history.replaceState(null, '', '/novels/1#chapter-2')
    const { container } = staticRoot()
    holdFirstView(container)
    const commits: { held: boolean; viewShown: boolean }[] = []
    await act(async () => {
      render(<Shell commits={commits} />, { container })
    })
    expect(commits[0]).toEqual({ held: false, viewShown: false })
  })

  it('holds nothing when the page painted no first view', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    holdFirstView(container)
    const commits: { held: boolean; viewShown: boolean }[] = []
    await act(async () => {
      render(<Shell commits={commits} />, { container })
    })
    expect(commits).toEqual([{ held: false, viewShown: false }])
  })

  it("tells the page's first list where the first view's grid began (document y), and no list after it", async () => {
    const { container, view } = staticRoot()
    const grid = document.createElement('div')
    grid.setAttribute(FIRST_VIEW_GRID_ATTRIBUTE, '')
    grid.getBoundingClientRect = () => new DOMRect(8, 180, 396, 600)
    view.append(grid)
    holdFirstView(container)
    const firstTops: number[] = []
    function List({ listKey }: { listKey: string }) {
      const { top } = useGridContainer(listKey)
      const [first] = useState(top)
      useLayoutEffect(() => void firstTops.push(first), [first])
      return null
    }
    await act(async () => {
      render(<List listKey="ranking" />, { container })
    })
    await act(async () => {
      render(<List listKey="later" />)
    })
    expect(firstTops).toEqual([180, 0])
  })
})
