// Optimistic updates touch every cached copy of a work: the detail, and the same work inside list pages
// (plain pages, infinite pages, ranking extras, series' first work, user previews). The shapes vary,
// so this walks the cached data and rebuilds only the branches that change; untouched data keeps its identity, so
// TanStack Query's observers of unrelated lists do not re-render.

import { rewriteObjects } from '../../../lib/rewrite-objects.ts'

export { rewriteObjects }

/** An illustration work (novels have no `metaPages`, so a novel with the same id is never touched). */
const isWork = (obj: Record<string, unknown>, id: number) => obj.id === id && Array.isArray(obj.metaPages)

export interface WorkPatch {
  isBookmarked?: boolean
  totalBookmarks?: number | ((previous: number) => number)
}

/** Applies `patch` to every copy of work `id` inside `data`. */
export function patchWork<T>(data: T, id: number, patch: WorkPatch): T {
  return rewriteObjects(data, (obj) => {
    if (!isWork(obj, id)) return obj
    const next: Record<string, unknown> = { ...obj }
    if (patch.isBookmarked !== undefined) next.isBookmarked = patch.isBookmarked
    if (patch.totalBookmarks !== undefined && typeof obj.totalBookmarks === 'number') {
      next.totalBookmarks =
        typeof patch.totalBookmarks === 'function' ? patch.totalBookmarks(obj.totalBookmarks) : patch.totalBookmarks
    }
    return next.isBookmarked === obj.isBookmarked && next.totalBookmarks === obj.totalBookmarks ? obj : next
  }) as T
}
