// The first view: what a deep link paints before the app's code is even fetched (issue 17, "first paint with data").
//
// index.html ends with the first views, inlined at build (vite.config.ts, appLoader), one script each: the works'
// (works-view.ts: a single-page work's image; the first screenful of the home page's and the ranking's grid) and the
// novel reader's (novel-view.ts: a novel's title and the top of its text), of which the service keeps the opened
// page's only (src/api/first-views.ts). It reads the answers the service wrote into the page just ahead of it
// (src/server/http/initial-data.ts) and paints, in plain DOM and as it runs, the largest things the page shows first,
// at the size the app paints them; the page's head holds its first render until this has run (FIRST_VIEWS_END_ID). React's first commit replaces it with the same images and text at the same size, in the same
// place or a little lower (e2e/first-paint.spec.ts holds the two to that): the first view's paint stays the page's
// largest.
//
// Then it starts the app. The entry script, and the table of the routes' preloads and the Japanese messages'
// (preload-table.ts), wait, inert, in `<template id="easel-app">` until the first view's images are in and the browser has reported their paint (or the
// tunables' FIRST_VIEW_WAIT_MS and FIRST_VIEW_PAINT_WAIT_MS have passed): on a phone's connection the script and the
// images share the bandwidth, and the images are what the reader came for, so they go first. A page with nothing to
// paint first (another route, a viewer signed in, a work the service hides) starts the app at once.
//
// DOM only, no React: it is part of the page's HTML, built on its own from the app's modules the views name.

import { APP_TEMPLATE_ID, firstViewOf, type FirstViewName } from '../../api/first-views.ts'
import { INITIAL_DATA_ID, parseInitialData } from '../../lib/initial-answers.ts'
import { DEFAULT_STORAGE_KEY } from '../../lib/session-key.ts'
import { FIRST_VIEW_PAINT_WAIT_MS, FIRST_VIEW_WAIT_MS, PRELOADS_PER_TASK } from '../../tunables.ts'
import { FIRST_VIEW_ATTRIBUTE } from './marker.ts'
import { PRELOAD_TABLE_ID, preloadsFor, type PreloadTable } from './preload-table.ts'

export type Answers = Readonly<Record<string, unknown>>
/** The page's window (a test's may differ from `window`). */
export type Win = Window & typeof globalThis

/** The page's answers, by target. Left in the page: the app's client reads them too (src/lib/initial-answers.ts). */
export const readAnswers = (doc: Document): Answers => parseInitialData(doc.getElementById(INITIAL_DATA_ID))

/** The answer to the first target on the path `path` of any version (`/v1/illust/detail?…`, `/v2/novel/detail?…`),
 *  as first-requests.ts asks for it: the endpoint table itself is too large to come along. */
export function answerTo<T>(answers: Answers, path: string): T | undefined {
  for (const [target, answer] of Object.entries(answers))
    if (/^\/v\d+\//.test(target) && target.slice(target.indexOf('/', 1)).startsWith(`${path}?`)) return answer as T
  return undefined
}

export function element<K extends keyof HTMLElementTagNameMap>(
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

export interface FirstView {
  /** the view, in the content column */
  view: HTMLElement
  /** its images, to wait for; or, where telling them takes measuring the view, what tells them once it has painted
   *  (measured sooner, the view would be laid out in the task that builds it, which a phone makes a long one) */
  images: HTMLImageElement[] | (() => HTMLImageElement[])
}

/** One kind of page's first view, painted into the content column; null when the page is not of its kind, or it has
 *  nothing to paint. It may put its view into the column itself, to measure it. */
export type View = (doc: Document, answers: Answers, column: HTMLElement) => FirstView | null

/**
 * Paints the first view into index.html's content column; null when there is nothing to paint (a signed-in viewer
 * ignores the page's anonymous answers, and so does the first view).
 */
export function paintFirstView(
  doc: Document,
  answers: Answers,
  signedIn: boolean,
  views: readonly View[],
): FirstView | null {
  const column = doc.querySelector<HTMLElement>('[data-content-column]')
  if (!column || signedIn) return null
  // the shell's main element's vertical padding (shell.tsx), which the static column does not have
  column.classList.add('py-4', 'sm:py-6')
  let painted: FirstView | null = null
  for (const view of views) if ((painted = view(doc, answers, column))) break
  if (!painted) {
    column.classList.remove('py-4', 'sm:py-6')
    return null
  }
  painted.view.setAttribute(FIRST_VIEW_ATTRIBUTE, '')
  column.append(painted.view)
  return painted
}

/** A saved item of the page's localStorage; null when there is none, or storage is off. */
export function storageItem(win: Win | null, key: string): string | null {
  try {
    return win?.localStorage.getItem(key) ?? null
  } catch {
    return null
  }
}

/**
 * Starts the app, once: the opened page's preloads (preload-table.ts) go into the head, then the template's entry
 * script and its own preloads.
 */
export function startApp(doc: Document): void {
  const template = doc.getElementById(APP_TEMPLATE_ID)
  if (!(template instanceof HTMLTemplateElement)) return
  template.remove()
  const app = doc.importNode(template.content, true)
  const links = openedPagePreloads(doc, app).map((href) => {
    const link = doc.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    return link
  })
  // A few links a task (each starts its request on the main thread), then the entry: every chunk of the view is asked
  // for before the entry has run, which would otherwise ask for them itself, one after the other.
  const next = () => {
    if (!links.length) return doc.head.append(app)
    doc.head.append(...links.splice(0, PRELOADS_PER_TASK))
    setTimeout(next, 0)
  }
  next()
}

/** The opened page's preloads, from the table in the app template (which leaves it). */
function openedPagePreloads(doc: Document, app: DocumentFragment): string[] {
  const data = app.getElementById(PRELOAD_TABLE_ID)
  if (!data) return []
  data.remove()
  try {
    const { pathname, search } = doc.location
    return preloadsFor(JSON.parse(data.textContent ?? '') as PreloadTable, pathname, search, doc.documentElement.lang)
  } catch {
    return [] // the entry asks for its view's code itself
  }
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

/** The part of `rect` on the screen, in px² (what the browser measures a paint by). */
export function onScreenArea(win: Win, rect: DOMRect): number {
  const width = Math.min(rect.right, win.innerWidth) - Math.max(rect.left, 0)
  const height = Math.min(rect.bottom, win.innerHeight) - Math.max(rect.top, 0)
  return width > 0 && height > 0 ? width * height : 0
}

/** The on-screen area of the first view's largest image (0 without images): what its largest paint will measure. */
function largestImageArea(win: Win, view: Element): number {
  let largest = 0
  for (const img of view.querySelectorAll('img'))
    largest = Math.max(largest, onScreenArea(win, img.getBoundingClientRect()))
  return largest
}

/** Calls `fn` in a task after the frame about to be painted: a frame's callbacks run before its paint. */
const afterFrame = (win: Win, fn: () => void) => win.requestAnimationFrame(() => win.setTimeout(fn, 0))

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
  // a little below the area measured here: the browser rounds, and measures an image's paint, not its box. Measured
  // at the first report, when the view has been laid out to paint it, rather than laying it out now.
  let enough: number | undefined
  const reported = (list: PerformanceObserverEntryList) => {
    const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null; size?: number })[]
    enough ??= largestImageArea(win, view) * 0.9
    if (entries.some((e) => e.element && view.contains(e.element) && (e.size ?? 0) >= enough!)) win.setTimeout(once, 0)
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
  else win.requestAnimationFrame(() => afterFrame(win, once))
}

/**
 * Starts the worker (warm-intl.ts, whose `code` the build puts into this script) that initialises the browser's locale
 * data for the page's language, on a thread of its own while the app's code downloads. The first `Intl` format a page
 * builds does that, and the data is the page process's, shared by its threads: 50–140 ms of a phone's main thread at
 * 4× CPU (a date format in Japanese the most), spent in the app's first render, or, built ahead on the main thread,
 * in a long task of its own. After the worker, each of the app's formats takes well under a millisecond. Its code
 * comes with the page (a `blob:` worker: the policy allows it), so it starts at once, with no request to wait for.
 */
export function startIntlWorker(win: Win, code: string | undefined, lang: string): void {
  if (!code || !lang || typeof win.Worker !== 'function') return
  const url = win.URL.createObjectURL(new win.Blob([code], { type: 'text/javascript' }))
  try {
    new win.Worker(url).postMessage(lang)
  } catch {
    // no worker here: the app initialises the data itself, as it needs it
  } finally {
    win.URL.revokeObjectURL(url) // the worker took the blob as it was made (a `blob:` URL is resolved as it is parsed)
  }
}

const signedIn = (win: Win): boolean => storageItem(win, DEFAULT_STORAGE_KEY) !== null

/**
 * The first view `name`, for its kind of page only (src/api/first-views.ts: the service's copy of the page has none
 * other, the service worker's has them all, and the opened page's own acts): paints the first of `views` that paints,
 * as the script runs, then starts the app. Nothing in it may keep the app from starting: any failure starts it at once.
 */
export function run(name: FirstViewName, views: readonly View[], win: Win = window): void {
  if (firstViewOf(win.location.pathname) !== name) return
  const doc = win.document
  startIntlWorker(win, import.meta.env.EASEL_INTL_WORKER, doc.documentElement.lang)
  const go = () => {
    let first: FirstView | null = null
    try {
      first = paintFirstView(doc, readAnswers(doc), signedIn(win), views)
    } catch {
      first = null
    }
    if (!first) return startApp(doc)
    const { view, images } = first
    const settle = (painted: HTMLImageElement[]) =>
      whenImagesSettle(
        painted,
        FIRST_VIEW_WAIT_MS,
        () => afterLargestPaint(win, view, FIRST_VIEW_PAINT_WAIT_MS, () => startApp(doc)),
        win,
      )
    if (Array.isArray(images)) settle(images)
    else afterFrame(win, () => settle(images())) // the frame that paints the view
  }
  // The service writes the data ahead of this script (src/server/app.ts): all it paints from is parsed, and painting
  // now puts the view into the page's first frame. Waiting for the end of the parse let the browser paint the bare
  // header first, and then this view's work came after the first paint, as the page's first long task.
  go()
}
