import type { Illust } from '../../../../api/model.ts'

/** Alt text of a work's image: "Title by Name", plus " — page N" for one page of several. */
export function imageAlt(work: Pick<Illust, 'title' | 'user'>, page?: number): string {
  const base = `${work.title || 'Untitled'} by ${work.user.name || 'an unknown artist'}`
  return page === undefined ? base : `${base} — page ${page}`
}

/** The URL of page `index` (0-based) at the size the image-quality setting allows. */
export function pageUrl(work: Illust, index: number, quality: 'data-saver' | 'standard' | 'high'): string {
  const page = work.metaPages[index]
  if (!page) return index === 0 ? (work.metaSinglePage.originalImageUrl ?? work.imageUrls.large) : work.imageUrls.large
  return quality === 'data-saver' ? page.imageUrls.large : page.imageUrls.original
}
