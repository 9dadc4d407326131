// The first view: what a deep link paints before the app's code is even fetched (issue 17, "first paint with data").
//
// index.html ends with this module, inlined at build (vite.config.ts, appLoader). It reads the answers the service
// wrote into the page (src/server/http/initial-data.ts) and paints, in plain DOM, the largest things the opened page
// shows first, at the size the app paints them: a single-page work's image, a novel's title, the first screenful of
// the home page's and the ranking's grid (the app's own justified layout, filters and thumbnail sizes, with the
// viewer's settings). React's first commit replaces it with the same images and title at the same size, in the same
// place or a little lower (e2e/first-paint.spec.ts holds the two to that): the first view's paint stays the page's
// largest.
//
// Then it starts the app. The entry script, the route's preloads and the Japanese messages' preload wait, inert, in
// `<template id="easel-app">` until the first view's images are in and the browser has reported their paint (or the
// tunables' FIRST_VIEW_WAIT_MS and FIRST_VIEW_PAINT_WAIT_MS have passed): on a phone's connection the script and the
// images share the bandwidth, and the images are what the reader came for, so they go first. A page with nothing to
// paint first (another route, a viewer signed in, a work the service hides) starts the app at once.
//
// DOM only, no React: it is part of the page's HTML, built on its own from the app's modules it names below.

import { toIllust } from '../../api/camel.ts'
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
import {
  NOVEL_ARTICLE_CLASS,
  NOVEL_HEADER_CLASS,
  NOVEL_HEADING_CLASS,
  NOVEL_TITLE_CLASS,
} from '../../features/novels/lib/novel-title.ts'
import { textLang } from '../../features/novels/lib/text-lang.ts'
import { contentBoxWidth } from '../../lib/content-box.ts'
import { applyFilters } from '../../lib/filter-engine.ts'
import { INITIAL_DATA_ID, parseInitialData } from '../../lib/initial-answers.ts'
import { uniqueById } from '../../lib/list-paging.ts'
import { parseSettings, SETTINGS_KEY, type Settings } from '../../lib/settings-values.ts'
import { DEFAULT_STORAGE_KEY } from '../../lib/session-key.ts'
import { FIRST_VIEW_PAINT_WAIT_MS, FIRST_VIEW_WAIT_MS, HIGH_PRIORITY_CELLS } from '../../tunables.ts'

/** The template that holds the app's scripts until the first view is painted (vite.config.ts writes it). */
export const APP_TEMPLATE_ID = 'easel-app'
/** Marks the first view's elements, for the app's tests and for nothing else. */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view'

type Answers = Readonly<Record<string, unknown>>
/** The page's window (a test's may differ from `window`). */
type Win = Window & typeof globalThis

/** The page's answers, by target. Left in the page: the app's client reads them too (src/lib/initial-answers.ts). */
export const readAnswers = (doc: Document): Answers => parseInitialData(doc.getElementById(INITIAL_DATA_ID))

/** The answer to the first target on the path `path` of any version (`/v1/illust/detail?…`, `/v2/novel/detail?…`),
 *  as first-requests.ts asks for it: the endpoint table itself is too large to come along. */
function answerTo<T>(answers: Answers, path: string): T | undefined {
  for (const [target, answer] of Object.entries(answers))
    if (/^\/v\d+\//.test(target) && target.slice(target.indexOf('/', 1)).startsWith(`${path}?`)) return answer as T
  return undefined
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag)
  el.className = className
  el.append(...children)
  return el
}

/** A single-page work's `large` image (the size single-page-image.tsx paints first, and the service preloads). */
function artworkView(doc: Document, answers: Answers): FirstView | null {
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

/** A novel's title, the reader's largest text on a phone (novel-reader.tsx's header). */
function novelView(doc: Document, answers: Answers): FirstView | null {
  const novel = answerTo<{ novel?: { title?: string; visible?: boolean } }>(answers, '/novel/detail')?.novel
  if (!novel || novel.visible === false || !novel.title) return null
  const title = element(doc, 'h1', NOVEL_TITLE_CLASS, doc.createTextNode(novel.title))
  const lang = textLang(novel.title)
  if (lang) title.lang = lang
  const heading = element(doc, 'div', NOVEL_HEADING_CLASS, title)
  const view = element(doc, 'article', NOVEL_ARTICLE_CLASS, element(doc, 'header', NOVEL_HEADER_CLASS, heading))
  return { view, images: [] }
}

export interface FirstView {
  /** the view, in the content column */
  view: HTMLElement
  /** its images, to wait for */
  images: HTMLImageElement[]
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

/** The first screenful of a grid page's works: the app's cells, with their images and links and no badges. */
function gridView(doc: Document, answers: Answers, settings: Settings, column: HTMLElement): FirstView | null {
  let works: readonly WireIllust[] | undefined
  let above: readonly string[] = []
  for (const page of GRID_PAGES) {
    works = answerTo<{ illusts?: WireIllust[] }>(answers, page.path)?.illusts
    above = page.above
    if (works) break
  }
  if (!works?.length) return null
  // the items the app's list shows (use-infinite-list.ts): each work once, through the viewer's filters
  const { visible } = applyFilters(
    uniqueById([works], (page) => page.map(toIllust)),
    settings.filters,
  )
  const width = contentBoxWidth(column)
  if (!visible.length || !(width > 0)) return null
  const grid = element(doc, 'div', 'relative w-full')
  const view = element(
    doc,
    'div',
    '',
    ...above.map((className) => element(doc, 'div', className)),
    element(doc, 'div', 'mb-2 min-h-6'),
    grid,
  )
  column.append(view) // in place already, to measure where its grid begins on the screen
  const geometry = gridLayout(
    visible.map((v) => v.item),
    width,
    settings.density,
  )
  const screenBottom = (doc.defaultView?.innerHeight ?? 0) - grid.getBoundingClientRect().top
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

/**
 * Paints the first view into index.html's content column; null when there is nothing to paint (a signed-in viewer
 * ignores the page's anonymous answers, and so does the first view).
 */
export function paintFirstView(
  doc: Document,
  answers: Answers,
  signedIn: boolean,
  settings: Settings = readSettings(doc),
): FirstView | null {
  const column = doc.querySelector<HTMLElement>('[data-content-column]')
  if (!column || signedIn) return null
  // the shell's main element's vertical padding (shell.tsx), which the static column does not have
  column.classList.add('py-4', 'sm:py-6')
  const painted = artworkView(doc, answers) ?? novelView(doc, answers) ?? gridView(doc, answers, settings, column)
  if (!painted) {
    column.classList.remove('py-4', 'sm:py-6')
    return null
  }
  painted.view.setAttribute(FIRST_VIEW_ATTRIBUTE, '')
  column.append(painted.view)
  return painted
}

/** The viewer's settings as the app reads them (the defaults when none are saved, or they do not parse). */
function readSettings(doc: Document): Settings {
  try {
    return parseSettings(doc.defaultView?.localStorage.getItem(SETTINGS_KEY) ?? null)
  } catch {
    return parseSettings(null)
  }
}

/** Puts the app's scripts into the head, once: the template's inline preload scripts run, the entry loads. */
export function startApp(doc: Document): void {
  const template = doc.getElementById(APP_TEMPLATE_ID)
  if (!(template instanceof HTMLTemplateElement)) return
  template.remove()
  doc.head.append(doc.importNode(template.content, true))
}

/**
 * Calls `done` once every image is ready to paint (decoded) or has failed, or after `timeoutMs`, whichever comes first.
 * Where `decode` is missing (jsdom), loaded is ready.
 */
export function whenImagesSettle(
  images: readonly HTMLImageElement[],
  timeoutMs: number,
  done: () => void,
  timers: Pick<Window, 'setTimeout' | 'clearTimeout'> = window,
): void {
  let left = images.length
  let called = false
  const timer = timers.setTimeout(finish, timeoutMs)
  function finish() {
    if (called) return
    called = true
    timers.clearTimeout(timer)
    done()
  }
  const settled = () => {
    if (--left <= 0) finish()
  }
  if (!left) return finish()
  for (const img of images) {
    if (typeof img.decode === 'function') img.decode().then(settled, settled)
    else if (img.complete) settled()
    else {
      img.addEventListener('load', settled, { once: true })
      img.addEventListener('error', settled, { once: true })
    }
  }
}

/** The on-screen area of the first view's largest image (0 without images): what its largest paint will measure. */
function largestImageArea(win: Win, view: Element): number {
  let largest = 0
  for (const img of view.querySelectorAll('img')) {
    const r = img.getBoundingClientRect()
    const width = Math.min(r.right, win.innerWidth) - Math.max(r.left, 0)
    const height = Math.min(r.bottom, win.innerHeight) - Math.max(r.top, 0)
    if (width > 0 && height > 0) largest = Math.max(largest, width * height)
  }
  return largest
}

/**
 * Calls `done` once the browser has reported the paint of `view`'s largest image (or, without images, of anything in
 * `view`) as the page's largest so far: the paint is then on the screen, at the time the browser gives it, which is
 * also what a Lighthouse trace counts. The images paint in the order they arrive, each reported only when larger than
 * the one before, so an earlier report of a smaller one is not enough. Or after `timeoutMs` (a largest paint this
 * measure got wrong). Where the browser reports no largest paints, after the next frame has been painted and shown
 * instead: a frame's callbacks run before its paint, and it is on the screen by the next frame's callbacks.
 */
export function afterLargestPaint(win: Win, view: Element, timeoutMs: number, done: () => void): void {
  let called = false
  // a little below the area measured here: the browser rounds, and measures an image's paint, not its box
  const enough = largestImageArea(win, view) * 0.9
  const reported = (list: PerformanceObserverEntryList) => {
    const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null; size?: number })[]
    if (entries.some((e) => e.element && view.contains(e.element) && (e.size ?? 0) >= enough)) win.setTimeout(once, 0)
  }
  const observer = win.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')
    ? new win.PerformanceObserver(reported)
    : undefined
  function once() {
    if (called) return
    called = true
    observer?.disconnect()
    done()
  }
  win.setTimeout(once, timeoutMs)
  if (observer) observer.observe({ type: 'largest-contentful-paint', buffered: true })
  else win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(once, 0)))
}

function signedIn(win: Win): boolean {
  try {
    return win.localStorage.getItem(DEFAULT_STORAGE_KEY) !== null
  } catch {
    return false
  }
}

/** Paints the first view once the page has been parsed (the data block comes after this script), then starts the
 *  app. Nothing in it may keep the app from starting: any failure starts it at once. */
export function run(win: Win = window): void {
  const doc = win.document
  const go = () => {
    let first: FirstView | null = null
    try {
      first = paintFirstView(doc, readAnswers(doc), signedIn(win))
    } catch {
      first = null
    }
    if (!first) return startApp(doc)
    const { view, images } = first
    whenImagesSettle(
      images,
      FIRST_VIEW_WAIT_MS,
      () => afterLargestPaint(win, view, FIRST_VIEW_PAINT_WAIT_MS, () => startApp(doc)),
      win,
    )
  }
  if (doc.readyState === 'loading') doc.addEventListener('DOMContentLoaded', go, { once: true })
  else go()
}
