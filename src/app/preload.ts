// Route chunks that are worth warming before the click: the work detail (from every card) and the work grid (from
// the pages that show one). Each import() is the same promise the router's lazy() uses, so warming is free later.

export const loadArtworkPage = () => import('../features/works/routes/artwork-page.tsx')

/** Cards call this on hover, touch or focus, so the detail view opens without waiting for its code. */
export function preloadArtworkPage(): void {
  void loadArtworkPage().catch(() => {
    // A failed warm-up is retried by the navigation itself, which shows the error if it fails again.
  })
}

export const loadWorkList = () => import('../features/works/components/infinite-work-list.tsx')

export function preloadWorkList(): void {
  void loadWorkList().catch(() => {})
}

export const loadNovelList = () => import('../features/novels/components/infinite-novel-list.tsx')

export function preloadNovelList(): void {
  void loadNovelList().catch(() => {})
}

/** Novel cards call this on hover, touch or focus, so the reader opens without waiting for its code. */
export function preloadNovelPage(): void {
  void import('./routes/novel-page.tsx').catch(() => {})
}
