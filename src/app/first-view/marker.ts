/**
 * Marks the first view's element (first-view.ts): the app holds it on screen through its first commit by it
 * (held-first-view.tsx), and tests find it by it. A module of its own, so the app's chunk takes the name alone.
 */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view'

/** Marks the grid of the first view of a grid page (works-view.ts): where the page's list begins, to the app's first
 *  render (held-first-view.tsx). */
export const FIRST_VIEW_GRID_ATTRIBUTE = 'data-first-view-grid'
