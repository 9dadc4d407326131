// Route chunks that are worth warming before the click: the work detail (from every card) and the work grid (from
// the pages that show one). Each import() is the same promise the router's lazy() uses, so warming is free later.

import { lazyModule } from '../lib/lazy-module.ts'

export const loadArtworkPage = () => import('./routes/artwork-page.tsx')

/** Cards call this on hover, touch or focus, so the detail view opens without waiting for its code. */
export function preloadArtworkPage(): void {
  void loadArtworkPage().catch(() => {
    // A failed warm-up is retried by the navigation itself, which shows the error if it fails again.
  })
}

/** The work grid (with TanStack Virtual): a chunk of its own, warmed by the loaders of the pages that show one. */
export const workListModule = lazyModule(() => import('../features/works/components/infinite-work-list.tsx'))

export function preloadWorkList(): void {
  void workListModule.load().catch(() => {})
}

/** Novel cards call this on hover, touch or focus, so the reader opens without waiting for its code. */
export function preloadNovelPage(): void {
  void import('./routes/novel-page.tsx').catch(() => {})
}
