// Optimistic updates touch every cached copy of a work or user: the detail, and the same work inside list pages
// (plain pages, infinite pages, ranking extras, series' first work, trending tags, user previews). The shapes vary,
// so this walks the cached data and rebuilds only the branches that change; untouched data keeps its identity, so
// TanStack Query's observers of unrelated lists do not re-render.

type Json = unknown

/** Rebuilds `value` bottom-up, applying `fn` to every plain object; returns `value` itself when nothing changed. */
export function rewriteObjects(value: Json, fn: (obj: Record<string, unknown>) => Record<string, unknown>): Json {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const next = rewriteObjects(value[i], fn)
      if (next !== value[i]) (out ??= value.slice())[i] = next
    }
    return out ?? value
  }
  if (value === null || typeof value !== 'object') return value
  const obj = value as Record<string, unknown>
  let out: Record<string, unknown> | undefined
  for (const key of Object.keys(obj)) {
    const child = obj[key]
    if (child === null || typeof child !== 'object') continue
    const next = rewriteObjects(child, fn)
    if (next !== child) (out ??= { ...obj })[key] = next
  }
  return fn(out ?? obj)
}

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

/** Sets `isFollowed` on every copy of user `userId` inside `data` (authors of works, user details, previews). */
export function patchUserFollowed<T>(data: T, userId: number, isFollowed: boolean): T {
  return rewriteObjects(data, (obj) => {
    // A user object: an id, a name and profile images (works and novels have no profileImageUrls of their own).
    if (obj.id !== userId || typeof obj.profileImageUrls !== 'object' || !('account' in obj)) return obj
    return obj.isFollowed === isFollowed ? obj : { ...obj, isFollowed }
  }) as T
}
