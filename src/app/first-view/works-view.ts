// The works' first view (first-view.ts): a single-page work's image, or the first screenful of the home page's and the
// ranking's grid, with the app's own justified layout, filters and thumbnail sizes and the viewer's settings.

import { toIllust } from '../../api/camel.ts'
import type { Illust } from '../../api/model.ts'
import { routeHref } from '../../api/gallery-routes.ts'
import type { WireIllust } from '../../api/wire.ts'
import type { WireIllustDetail } from '../../api/wire-responses.ts'
import { gridLayout } from '../../features/works/components/grid-geometry.ts'
import { thumbnailUrl } from '../../features/works/components/thumbnail.ts'
import { fitStyle } from '../../features/works/lib/fit.ts'
import {
  ARTWORK_ARTICLE_CLASS,
  ARTWORK_MEDIA_CLASS,
  SINGLE_PAGE_FIGURE_CLASS,
  SINGLE_PAGE_FRAME_CLASS,
  SINGLE_PAGE_IMAGE_CLASS,
  SINGLE_PAGE_ROW_CLASS,
} from '../../features/works/lib/single-page-frame.ts'
import { contentBoxWidth } from '../../lib/content-box.ts'
import { applyFilters, type FilteredItem } from '../../lib/filter-engine.ts'
import { uniqueById } from '../../lib/list-paging.ts'
import { parseSettings, SETTINGS_KEY, type Settings } from '../../lib/settings-values.ts'
import { HIGH_PRIORITY_CELLS } from '../../tunables.ts'
import { answerTo, element, storageItem, type Answers, type FirstView } from './first-view.ts'
import { FIRST_VIEW_GRID_ATTRIBUTE } from './marker.ts'

/** A single-page work's `large` image (the size single-page-image.tsx paints first, and the service preloads). */
export function artworkView(doc: Document, answers: Answers): FirstView | null {
  const illust = answerTo<WireIllustDetail>(answers, '/illust/detail')?.illust
  if (!illust || illust.visible === false || illust.page_count !== 1 || illust.type === 'ugoira') return null
  const src = illust.image_urls?.large
  if (!src) return null
  const img = element(doc, 'img', SINGLE_PAGE_IMAGE_CLASS)
  img.alt = illust.title
  img.width = illust.width
  img.height = illust.height
  img.setAttribute('fetchpriority', 'high')
  img.src = src
  const frame = element(doc, 'div', SINGLE_PAGE_FRAME_CLASS, img)
  const { width, aspectRatio } = fitStyle(illust.width, illust.height)
  frame.style.width = width
  frame.style.aspectRatio = aspectRatio
  const row = element(doc, 'div', SINGLE_PAGE_ROW_CLASS, frame)
  const media = element(doc, 'section', ARTWORK_MEDIA_CLASS, element(doc, 'figure', SINGLE_PAGE_FIGURE_CLASS, row))
  const view = element(doc, 'article', ARTWORK_ARTICLE_CLASS, media)
  return { view, images: [img] }
}

/**
 * The grid pages, by their first request's path, and what stands above their grid there, as empty boxes: the home
 * page's tabs (44 px, 40 on a wider screen); the ranking's title and day (on one line: on a phone they take two, so
 * its rows come 56 px lower), and its two rows of tabs. Never taller than the page's own, so the app's rows take the
 * same place or a lower one, where none shows larger than here. Then the list's count line (collection-states.tsx).
 */
const GRID_PAGES: readonly { path: string; above: readonly string[] }[] = [
  { path: '/illust/recommended', above: ['mb-4 h-11 sm:h-10'] },
  { path: '/illust/ranking', above: ['mb-3 h-13', 'mb-2 h-11 sm:h-10', 'mb-4 h-11 sm:h-10'] },
]

/** How many works the grid's first view converts, filters and lays out at a time. */
const GRID_BATCH = 12

/** The first screenful of a grid page's works: the app's cells, with their images and links and no badges. */
export function gridView(doc: Document, answers: Answers, column: HTMLElement): FirstView | null {
  let works: readonly WireIllust[] | undefined
  let above: readonly string[] = []
  for (const page of GRID_PAGES) {
    works = answerTo<{ illusts?: WireIllust[] }>(answers, page.path)?.illusts
    above = page.above
    if (works) break
  }
  if (!works?.length) return null
  const settings = readSettings(doc)
  const width = contentBoxWidth(column)
  if (!(width > 0)) return null
  const grid = element(doc, 'div', 'relative w-full')
  grid.setAttribute(FIRST_VIEW_GRID_ATTRIBUTE, '')
  const view = element(
    doc,
    'div',
    '',
    ...above.map((className) => element(doc, 'div', className)),
    element(doc, 'div', 'mb-2 min-h-6'),
    grid,
  )
  column.append(view) // in place already, to measure where its grid begins on the screen
  const screenBottom = (doc.defaultView?.innerHeight ?? 0) - grid.getBoundingClientRect().top
  // The items the app's list shows (use-infinite-list.ts: each work once, through the viewer's filters), as many as
  // the screen needs: a batch at a time, until the rows that no later work can change (`complete`) reach the screen's
  // bottom. Converting and laying out the whole page was most of this view's task on a slow phone.
  const unique = uniqueById([works], (page) => page)
  const visible: FilteredItem<Illust>[] = []
  let geometry = gridLayout([], width, settings.density)
  for (let done = 0; done < unique.length;) {
    const batch = unique.slice(done, (done += GRID_BATCH))
    visible.push(...applyFilters(batch.map(toIllust), settings.filters).visible)
    geometry = gridLayout(
      visible.map((v) => v.item),
      width,
      settings.density,
    )
    const settled = geometry.rows.filter((row) => row.complete).at(-1)
    if (settled && settled.y + settled.height >= screenBottom) break
  }
  if (!visible.length) {
    view.remove()
    return null
  }
  const dpr = doc.defaultView?.devicePixelRatio || 1
  const images: HTMLImageElement[] = []
  for (const row of geometry.rows) {
    if (row.y >= screenBottom) break
    for (let i = row.start; i < row.end; i++) {
      const { item: work, blurred } = visible[i]!
      const box = geometry.boxes[i]!
      const img = element(doc, 'img', `size-full object-cover${blurred ? ' scale-110 blur-xl' : ''}`)
      img.alt = work.title
      img.width = box.width
      img.height = box.height
      if (row === geometry.rows[0] && i - row.start < HIGH_PRIORITY_CELLS) img.setAttribute('fetchpriority', 'high')
      img.src = thumbnailUrl(work, box.width, box.height, settings.imageQuality, dpr)
      const link = element(doc, 'a', 'relative block size-full overflow-hidden rounded-md bg-line/70', img)
      link.href = routeHref('artwork', { id: work.id })
      const cell = element(doc, 'div', 'absolute', link)
      Object.assign(cell.style, {
        left: `${box.x}px`,
        top: `${box.y}px`,
        width: `${box.width}px`,
        height: `${box.height}px`,
      })
      grid.append(cell)
      images.push(img)
    }
    grid.style.height = `${row.y + row.height}px`
  }
  if (!images.length) {
    // its grid begins below the screen (a short window): nothing to paint first
    view.remove()
    return null
  }
  return { view, images }
}

/** The viewer's settings as the app reads them (the defaults when none are saved, or they do not parse). */
function readSettings(doc: Document): Settings {
  try {
    return parseSettings(storageItem(doc.defaultView, SETTINGS_KEY))
  } catch {
    return parseSettings(null)
  }
}
