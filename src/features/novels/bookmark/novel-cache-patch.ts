import { rewriteObjects } from '../../../lib/rewrite-objects.ts'

export interface NovelPatch {
  isBookmarked?: boolean
  totalBookmarks?: (previous: number) => number
}

/** A novel (works have no `textLength`, so a work with the same id is never touched). */
const isNovel = (obj: Record<string, unknown>, id: number) => obj.id === id && typeof obj.textLength === 'number'

/** Applies `patch` to every copy of novel `id` inside `data` (the detail, list pages, a text's series neighbours). */
export function patchNovel<T>(data: T, id: number, patch: NovelPatch): T {
  return rewriteObjects(data, (obj) => {
    if (!isNovel(obj, id)) return obj
    const isBookmarked = patch.isBookmarked ?? obj.isBookmarked
    const totalBookmarks =
      patch.totalBookmarks && typeof obj.totalBookmarks === 'number'
        ? patch.totalBookmarks(obj.totalBookmarks)
        : obj.totalBookmarks
    return isBookmarked === obj.isBookmarked && totalBookmarks === obj.totalBookmarks
      ? obj
      : { ...obj, isBookmarked, totalBookmarks }
  }) as T
}
