import type { Illust } from '../../../../api/model.ts'
import { t } from '../../../../lib/i18n/i18n.ts'
import '../../../../lib/i18n/messages/en/artwork.ts'
import '../../../../lib/i18n/messages/en/works.ts'

/** Alt text of a work's image: "Title by Name", plus " — page N" for one page of several. */
export function imageAlt(work: Pick<Illust, 'title' | 'user'>, page?: number): string {
  const base = t('works.byArtist', {
    title: work.title || t('works.untitled'),
    name: work.user.name || t('artwork.unknownArtist'),
  })
  return page === undefined ? base : t('artwork.withPage', { work: base, page })
}

/** The URL of page `index` (0-based) at the size the image-quality setting allows. */
export function pageUrl(work: Illust, index: number, quality: 'data-saver' | 'standard' | 'high'): string {
  const page = work.metaPages[index]
  if (!page) return index === 0 ? (work.metaSinglePage.originalImageUrl ?? work.imageUrls.large) : work.imageUrls.large
  return quality === 'data-saver' ? page.imageUrls.large : page.imageUrls.original
}
