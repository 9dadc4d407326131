import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { INITIAL_DATA_ID } from '../../lib/initial-answers.ts'
import { DEFAULT_STORAGE_KEY } from '../../lib/session-key.ts'
import { FIRST_VIEW_PAINT_WAIT_MS, FIRST_VIEW_WAIT_MS, PRELOADS_PER_TASK } from '../../tunables.ts'
import { APP_TEMPLATE_ID } from '../../api/first-views.ts'
import { paintFirstView, readAnswers, run, startApp, whenImagesSettle } from './first-view.ts'
import { FIRST_VIEW_ATTRIBUTE } from './marker.ts'
import { novelView } from './novel-view.ts'
import { PRELOAD_TABLE_ID, type PreloadTable } from './preload-table.ts'
import { artworkView, gridView } from './works-view.ts'
import { toIllust } from '../../api/camel.ts'
import type { WireIllust } from '../../api/wire.ts'
import { gridLayout } from '../../features/works/components/grid-geometry.ts'

// What index.html paints before the app's code is fetched, and when that code is let in: the page a reader sees first
// on a phone, and the page's only way to start the app.

/** Every first view (a page has one: the service keeps the opened page's). */
const VIEWS = [artworkView, novelView, gridView]

const illust = (over: Record<string, unknown> = {}) => ({
  illust: {
    id: 7,
    title: 'Salt & <Song>',
    type: 'illust',
    page_count: 1,
    width: 1200,
    height: 800,
    visible: true,
    image_urls: { square_medium: '/s.jpg', medium: '/m.jpg', large: '/c/600x1200_90/7_p0.jpg' },
    ...over,
  },
})

function page(answers: Record<string, unknown> | string | null) {
  const data =
    answers === null
      ? ''
      : `<script type="application/json" id="${INITIAL_DATA_ID}">${typeof answers === 'string' ? answers : JSON.stringify(answers)}</script>`
  document.head.innerHTML = '<title>Easel</title>'
  document.body.innerHTML =
    '<div id="root"><header>Easel</header><div class="mx-auto w-full" data-content-column></div></div>' +
    `<template id="${APP_TEMPLATE_ID}"><script>window.started = true</script>` +
    '<script type="module" src="/assets/shell.js"></script></template>' +
    data
  return document.querySelector<HTMLElement>('[data-content-column]')!
}

const appStarted = () => document.head.querySelector('script[src="/assets/shell.js"]') !== null

/** An image still loading (jsdom loads none: its images are all `complete`). */
const loading = () => {
  const img = new Image()
  Object.defineProperty(img, 'complete', { value: false })
  return img
}

afterEach(() => {
  localStorage.clear()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('paintFirstView', () => {
  it("paints a single-page work's large image, fitted as the detail fits it, in the content column", () => {
    const column = page({ '/v1/illust/detail?illust_id=7': illust() })
    const first = paintFirstView(document, readAnswers(document), false, VIEWS)
    const img = column.querySelector('img')!
    expect(first!.images).toEqual([img])
    expect(first!.view.contains(img)).toBe(true)
    expect(img.getAttribute('src')).toBe('/c/600x1200_90/7_p0.jpg')
    expect(img.alt).toBe('Salt & <Song>')
    expect([img.width, img.height]).toEqual([1200, 800])
    expect(img.getAttribute('fetchpriority')).toBe('high')
    // (its box, fitted with fit.ts as the detail's is, is compared with the detail's own in e2e/first-view.spec.ts:
    // jsdom drops `min()` and `aspect-ratio`)
    expect(column.querySelector(`[${FIRST_VIEW_ATTRIBUTE}]`)).not.toBeNull()
    // the title is text, never markup
    expect(column.innerHTML).not.toContain('<Song>')
  })

  it.each([
    ['a work the service hides', { visible: false }],
    ['a work of several pages', { page_count: 3 }],
    ['an ugoira', { type: 'ugoira' }],
    ['a work without a large image', { image_urls: {} }],
  ])('paints nothing for %s', (_, over) => {
    const column = page({ '/v1/illust/detail?illust_id=7': illust(over) })
    expect(paintFirstView(document, readAnswers(document), false, VIEWS)).toBeNull()
    expect(column.childElementCount).toBe(0)
  })

  it('paints nothing for a viewer signed in (the answers are an anonymous caller’s), nor without answers', () => {
    let column = page({ '/v1/illust/detail?illust_id=7': illust() })
    expect(paintFirstView(document, readAnswers(document), true, VIEWS)).toBeNull()
    expect(column.childElementCount).toBe(0)
    for (const answers of [null, '{not json', '[]', { '/v1/illust/ranking?mode=day': { illusts: [] } }]) {
      column = page(answers)
      expect(paintFirstView(document, readAnswers(document), false, VIEWS)).toBeNull()
      expect(column.childElementCount).toBe(0)
    }
  })

  it("paints a novel's title as the reader's heading, marked Japanese when it is", () => {
    const column = page({
      '/v2/novel/detail?novel_id=5': { novel: { id: 5, title: 'やさしい踏切の話', visible: true } },
      '/v1/novel/text?novel_id=5': { novel_text: '…' },
    })
    expect(paintFirstView(document, readAnswers(document), false, VIEWS)!.images).toEqual([])
    const title = column.querySelector('h1')!
    expect(title.textContent).toBe('やさしい踏切の話')
    expect(title.lang).toBe('ja')

    page({ '/v2/novel/detail?novel_id=5': { novel: { id: 5, title: 'Crossing', visible: true } } })
    paintFirstView(document, readAnswers(document), false, VIEWS)
    expect(document.querySelector('h1')!.hasAttribute('lang')).toBe(false)

    const hidden = page({ '/v2/novel/detail?novel_id=5': { novel: { id: 5, title: 'Crossing', visible: false } } })
    expect(paintFirstView(document, readAnswers(document), false, VIEWS)).toBeNull()
    expect(hidden.childElementCount).toBe(0)
  })
})

describe("paintFirstView: a novel's text", () => {
  const SOURCE = [
    '[chapter:第1章　[[rb:踏切>ふみきり]]]',
    '「どこへ行くの」と[[rb:蓮>れん]]は言った。<b>本当</b>に[[jumpuri:外へ>https://example.com/a]]と[[jump:2]]',
    '',
    '[[jumpuri:作品>https://www.pixiv.net/artworks/12]]',
    '[uploadedimage:3]',
    '画像のあと',
    '[newpage]',
    '二頁目',
  ].join('\n')
  const novelPage = (search = '', hash = '') => {
    window.history.replaceState(null, '', `/novels/5${search}${hash}`)
    return page({
      '/v2/novel/detail?novel_id=5': {
        novel: { id: 5, title: 'やさしい踏切の話', visible: true, tags: [{ name: '踏切' }] },
      },
      '/v1/novel/text?novel_id=5': { novel_text: SOURCE, images: {}, illusts: {} },
    })
  }
  afterEach(() => window.history.replaceState(null, '', '/'))
  const blocks = (column: HTMLElement) => [...column.querySelectorAll<HTMLElement>('[data-start]')]

  it("paints the first page's text down to its first image, as the reader's blocks, in the reader's typography", () => {
    const column = novelPage()
    expect(paintFirstView(document, readAnswers(document), false, VIEWS)!.images).toEqual([])
    const painted = blocks(column)
    // the chapter, the paragraph, the blank line and the link's line; the image and what follows it are the app's
    expect(painted.map((b) => b.tagName)).toEqual(['H2', 'P', 'P', 'P'])
    expect(painted[0]!.id).toBe('chapter-1')
    expect(painted[0]!.querySelector('rt')!.textContent).toBe('ふみきり')
    expect(painted[2]!.getAttribute('aria-hidden')).toBe('true')
    const line = painted[1]!
    // markup the parser does not know stays text
    expect(line.textContent).toContain('<b>本当</b>')
    expect(line.querySelector('b')).toBeNull()
    const external = line.querySelector('a[target="_blank"]')!
    expect([external.getAttribute('href'), external.getAttribute('rel')]).toEqual([
      'https://example.com/a',
      'noopener noreferrer nofollow',
    ])
    expect(line.querySelector('a[data-jump="2"]')!.getAttribute('href')).toBe('/novels/5?p=2')
    expect(painted[3]!.querySelector('a')!.getAttribute('href')).toBe('/artworks/12')
    const text = column.querySelector<HTMLElement>('[data-start]')!.parentElement!
    expect(text.lang).toBe('ja')
    expect(text.style.fontSize).toBe('18px')
    expect(text.style.lineHeight).toBe('1.85')
    expect(text.style.fontFamily).toContain('Noto Serif CJK JP')
    expect(text.parentElement!.className).toContain('bg-white')
  })

  const paragraphs = (count: number, text: string) =>
    page({
      '/v2/novel/detail?novel_id=5': { novel: { id: 5, title: 'Lines', visible: true, tags: [] } },
      '/v1/novel/text?novel_id=5': {
        novel_text: Array.from({ length: count }, (_, i) => `${i}${text}`).join('\n'),
        images: {},
        illusts: {},
      },
    })

  it("paints a screen's height of lines at least, counted without laying the page out", () => {
    window.history.replaceState(null, '', '/novels/5')
    const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    let column = paragraphs(60, ' short')
    paintFirstView(document, readAnswers(document), false, VIEWS)
    expect(measured).not.toHaveBeenCalled()
    const text = column.querySelector<HTMLElement>('[data-start]')!.parentElement!
    // jsdom's window is 1024 × 768 px; the reader's 18 px and normal line spacing, 1.85: 23.1 lines
    expect([text.style.fontSize, text.style.lineHeight]).toEqual(['18px', '1.85'])
    // a line each: 24 blocks
    expect(blocks(column).map((b) => b.textContent)).toEqual(Array.from({ length: 24 }, (_, i) => `${i} short`))
    // 401 characters, none Japanese: 100.25 ems at the least, two lines of 56.9 ems at the least: 12 blocks
    column = paragraphs(60, ' long'.repeat(80))
    paintFirstView(document, readAnswers(document), false, VIEWS)
    expect(blocks(column)).toHaveLength(12)
    expect(measured).not.toHaveBeenCalled()
  })

  describe('the cover, beside the title on a wider screen', () => {
    /** The cover shown at its size (`shown`) or hidden (a phone); every text `textHeight` px high, 600 px wide. */
    const layOut = (shown: boolean, textHeight: number) => {
      // NOVEL_COVER_CLASS shows it from Tailwind's `sm` up (jsdom has no media queries)
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: shown && query === '(min-width: 40rem)' }))
      vi.spyOn(HTMLImageElement.prototype, 'getBoundingClientRect').mockReturnValue(
        new DOMRect(0, 0, shown ? 120 : 0, shown ? 170 : 0),
      )
      // jsdom lays nothing out
      Object.defineProperty(Range.prototype, 'getBoundingClientRect', {
        configurable: true,
        value: () => new DOMRect(0, 0, 600, textHeight),
      })
    }
    const own = Object.getOwnPropertyDescriptor(Range.prototype, 'getBoundingClientRect')
    afterEach(() => {
      vi.unstubAllGlobals()
      if (own) Object.defineProperty(Range.prototype, 'getBoundingClientRect', own)
      else delete (Range.prototype as Partial<Range>).getBoundingClientRect
    })
    /** The images the app waits for, told once the view has painted (novel-view.ts measures them then). */
    const waitedFor = () => {
      const { images } = paintFirstView(document, readAnswers(document), false, VIEWS)!
      return Array.isArray(images) ? images : images()
    }
    const cover = (column: HTMLElement) => column.querySelector('header img')!
    const withCover = () =>
      page({
        '/v2/novel/detail?novel_id=5': {
          novel: { id: 5, title: 'Crossing', visible: true, tags: [], image_urls: { medium: '/cover.jpg' } },
        },
        '/v1/novel/text?novel_id=5': { novel_text: 'A line of the text.', images: {}, illusts: {} },
      })

    it('is fetched only when shown', () => {
      window.history.replaceState(null, '', '/novels/5')
      layOut(false, 66)
      const column = withCover()
      expect(waitedFor()).toEqual([])
      expect(cover(column).hasAttribute('src')).toBe(false)
    })

    it('is waited for only where it is the largest paint: beside a paragraph larger than it, it is not', () => {
      window.history.replaceState(null, '', '/novels/5')
      layOut(true, 66) // 600 × 66 px of text against 120 × 170 px of cover
      let column = withCover()
      expect(waitedFor()).toEqual([])
      expect(cover(column).getAttribute('src')).toBe('/cover.jpg')

      layOut(true, 32) // the title's line and a one-line text: the cover is larger
      column = withCover()
      expect(waitedFor()).toEqual([cover(column)])
    })
  })

  it("follows the reader's saved display settings", () => {
    localStorage.setItem('easel.reader', JSON.stringify({ fontSize: 22, theme: 'dark', font: 'sans' }))
    const column = novelPage()
    paintFirstView(document, readAnswers(document), false, VIEWS)
    const text = column.querySelector<HTMLElement>('[data-start]')!.parentElement!
    expect(text.style.fontSize).toBe('22px')
    expect(text.style.fontFamily).toContain('Noto Sans CJK JP')
    expect(text.parentElement!.className).toContain('bg-[#1b1b1f]')
  })

  it.each([
    [
      'vertical writing',
      () => localStorage.setItem('easel.reader', JSON.stringify({ writingMode: 'vertical' })),
      '',
      '',
    ],
    ['another page in the URL', () => {}, '?p=2', ''],
    ['a chapter in the hash', () => {}, '', '#chapter-1'],
    [
      'a reading position saved past the first line',
      () => localStorage.setItem('easel.reading-positions', JSON.stringify({ 5: { offset: 40, at: 1 } })),
      '',
      '',
    ],
  ])('paints the title alone where the reader opens elsewhere: %s', (_, arrange, search, hash) => {
    arrange()
    const column = novelPage(search, hash)
    expect(paintFirstView(document, readAnswers(document), false, VIEWS)).not.toBeNull()
    expect(column.querySelector('h1')!.textContent).toBe('やさしい踏切の話')
    expect(blocks(column)).toEqual([])
  })
})

describe('paintFirstView: a grid page', () => {
  const work = (id: number, over: Record<string, unknown> = {}) => ({
    ...illust({
      id,
      title: `w${id}`,
      width: 1000,
      height: 1000,
      x_restrict: 0,
      sanity_level: 2,
      tags: [],
      user: { id: 2 },
      ...over,
    }).illust,
    image_urls: {
      square_medium: `/sq/${id}.jpg`,
      medium: `/c/540x540_70/img-master/${id}_p0_master1200.jpg`,
      large: `/c/600x1200_90/${id}.jpg`,
    },
  })
  const ranking = (works: unknown[]) => ({ '/v1/illust/ranking?mode=day': { illusts: works, next_url: null } })
  /** jsdom lays nothing out: the column is given a width. */
  const withWidth = (column: HTMLElement, width: number) => {
    Object.defineProperty(column, 'clientWidth', { value: width })
    return column
  }

  it("lays the first works out in the app's justified rows, each a link to its page", () => {
    const column = withWidth(page(ranking([work(1), work(2, { width: 2000 }), work(3)])), 396)
    const first = paintFirstView(document, readAnswers(document), false, VIEWS)!
    const cells = [...column.querySelectorAll<HTMLAnchorElement>('[data-first-view] a')]
    expect(cells.map((a) => a.getAttribute('href'))).toEqual(['/artworks/1', '/artworks/2', '/artworks/3'])
    expect(first.images).toHaveLength(3)
    // grid-geometry.ts at a phone's 396 px: the square and the 2:1 fill the first row (131 + 4 + 261), the last square
    // starts the trailing row, at the comfortable target height of that width
    const boxes = cells.map((a) => a.parentElement!.style)
    expect(boxes.map((b) => [b.left, b.top, b.width, b.height])).toEqual([
      ['0px', '0px', '131px', '131px'],
      ['135px', '0px', '261px', '131px'],
      ['0px', '135px', '201px', '201px'],
    ])
    // the size the app's cells take (thumbnail.ts): at 1×, the small one covers cells of this size
    expect((first.images as HTMLImageElement[]).map((img) => img.getAttribute('src'))).toEqual([
      '/c/360x360_70/img-master/1_p0_master1200.jpg',
      '/c/360x360_70/img-master/2_p0_master1200.jpg',
      '/c/360x360_70/img-master/3_p0_master1200.jpg',
    ])
  })

  it('paints the rows on the screen as the whole page lays them out, from the works those rows need', () => {
    // 60 works of varied shapes, one in seven hidden: the view converts and lays them out a batch at a time
    const hidden = (i: number) => i % 7 === 3
    const works = Array.from({ length: 60 }, (_, i) =>
      work(i + 1, { width: [1000, 2000, 700, 1200, 900][i % 5], x_restrict: hidden(i) ? 1 : 0 }),
    )
    const column = withWidth(page(ranking(works)), 396)
    paintFirstView(document, readAnswers(document), false, VIEWS)
    const painted = [...column.querySelectorAll<HTMLElement>('[data-first-view] a')].map((a) => [
      a.getAttribute('href'),
      a.parentElement!.style.top,
      a.parentElement!.style.width,
    ])
    // the app's list: every work, filtered, laid out at once; its rows that begin on jsdom's 768 px high screen
    const shown = works.filter((_, i) => !hidden(i)).map((w) => toIllust(w as unknown as WireIllust))
    const whole = gridLayout(shown, 396, 'comfortable')
    const onScreen = whole.rows.filter((row) => row.y < 768).flatMap((row) => shown.slice(row.start, row.end))
    expect(painted).toEqual(
      onScreen.map((w) => {
        const box = whole.boxes[shown.indexOf(w)]!
        return [`/artworks/${w.id}`, `${box.y}px`, `${box.width}px`]
      }),
    )
    expect(painted.length).toBeLessThan(shown.length)
  })

  it("leaves out what the viewer's filters hide, and blurs what they blur", () => {
    const column = withWidth(
      page(ranking([work(1, { x_restrict: 1 }), work(2, { sanity_level: 6 }), work(3), work(3)])),
      396,
    )
    paintFirstView(document, readAnswers(document), false, VIEWS)
    const cells = [...column.querySelectorAll<HTMLAnchorElement>('[data-first-view] a')]
    // R-18 hidden by default, the sensitive one blurred, the repeated one once
    expect(cells.map((a) => a.getAttribute('href'))).toEqual(['/artworks/2', '/artworks/3'])
    expect(cells[0]!.querySelector('img')!.className).toContain('blur-xl')
    expect(cells[1]!.querySelector('img')!.className).not.toContain('blur')

    localStorage.setItem('easel.settings', JSON.stringify({ filters: { mutedUserIds: [2] } }))
    withWidth(page(ranking([work(1)])), 396)
    expect(paintFirstView(document, readAnswers(document), false, VIEWS)).toBeNull()
  })

  it('paints nothing when the grid begins below the screen', () => {
    const column = withWidth(page(ranking([work(1)])), 396)
    vi.spyOn(HTMLDivElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(8, 2000, 396, 0))
    expect(paintFirstView(document, readAnswers(document), false, VIEWS)).toBeNull()
    expect(column.childElementCount).toBe(0)
  })

  it('paints nothing where the column has no width yet', () => {
    page(ranking([work(1)]))
    expect(paintFirstView(document, readAnswers(document), false, VIEWS)).toBeNull()
  })
})

describe('startApp', () => {
  it("puts the template's scripts into the head once, and removes the template", () => {
    page(null)
    startApp(document)
    expect(appStarted()).toBe(true)
    expect(document.getElementById(APP_TEMPLATE_ID)).toBeNull()
    startApp(document)
    expect(document.head.querySelectorAll('script[src="/assets/shell.js"]')).toHaveLength(1)
  })

  describe("the opened page's preloads", () => {
    const TABLE: PreloadTable = {
      files: ['/assets/a.js', '/assets/b.js', '/assets/c.js', '/assets/d.js', '/assets/grid.js'],
      routes: [
        ['^/ranking/?$', ['kind', 'novel'], [0]],
        ['^/ranking/?$', null, [0, 1, 2, 3, 4]],
      ],
      ja: ['/assets/ja.js'],
    }
    const withTable = (table: string) => {
      page(null)
      document.getElementById(APP_TEMPLATE_ID)!.innerHTML =
        `<script type="application/json" id="${PRELOAD_TABLE_ID}">${table}</script>` +
        '<script type="module" src="/assets/shell.js"></script>'
    }
    const preloaded = () =>
      [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))
    beforeEach(() => void vi.useFakeTimers())
    afterEach(() => {
      vi.useRealTimers()
      window.history.replaceState(null, '', '/')
      document.documentElement.lang = 'en'
    })

    it('adds a few a task, all of them before the entry', () => {
      window.history.replaceState(null, '', '/ranking')
      document.documentElement.lang = 'ja'
      withTable(JSON.stringify(TABLE))
      startApp(document)
      expect(preloaded()).toHaveLength(PRELOADS_PER_TASK)
      expect(appStarted()).toBe(false)
      vi.runAllTimers()
      expect(preloaded()).toEqual([...TABLE.files, ...TABLE.ja])
      expect(document.head.querySelector<HTMLLinkElement>('link[rel=modulepreload]')!.crossOrigin).toBe('')
      expect(appStarted()).toBe(true)
      expect(document.getElementById(PRELOAD_TABLE_ID)).toBeNull()
    })

    it("takes a route's query into account, and the Japanese messages only for a page in Japanese", () => {
      window.history.replaceState(null, '', '/ranking?kind=novel')
      withTable(JSON.stringify(TABLE))
      startApp(document)
      vi.runAllTimers()
      expect(preloaded()).toEqual(['/assets/a.js'])
    })

    it('starts the entry at once where the table names nothing for the page, or cannot be read', () => {
      window.history.replaceState(null, '', '/settings')
      withTable(JSON.stringify(TABLE))
      startApp(document)
      expect([preloaded(), appStarted()]).toEqual([[], true])

      window.history.replaceState(null, '', '/ranking')
      withTable('{"files": [')
      startApp(document)
      expect([preloaded(), appStarted()]).toEqual([[], true])
    })
  })
})

describe('whenImagesSettle', () => {
  beforeEach(() => void vi.useFakeTimers())

  it('waits for every image to load or fail', () => {
    const done = vi.fn()
    const [a, b] = [loading(), loading()]
    whenImagesSettle([a, b], 1000, done)
    a.dispatchEvent(new Event('load'))
    expect(done).not.toHaveBeenCalled()
    b.dispatchEvent(new Event('error'))
    expect(done).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(2000)
    expect(done).toHaveBeenCalledTimes(1)
  })

  it('gives up waiting after the timeout, and calls once', () => {
    const done = vi.fn()
    const img = loading()
    whenImagesSettle([img], 1000, done)
    vi.advanceTimersByTime(999)
    expect(done).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(done).toHaveBeenCalledTimes(1)
    img.dispatchEvent(new Event('load'))
    expect(done).toHaveBeenCalledTimes(1)
  })
})

describe('run', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(false)
  })

  it('starts the app at once when there is no first view to paint', () => {
    page({ '/v1/illust/ranking?mode=day': { illusts: [] } })
    run('works', VIEWS, globalThis as unknown as Window & typeof globalThis) // the faked timers are the global ones, not jsdom’s window’s
    expect(appStarted()).toBe(true)
  })

  it("leaves another kind of page to that page's own first view: it neither paints nor starts the app", () => {
    const win = globalThis as unknown as Window & typeof globalThis
    const column = page({ '/v1/illust/ranking?mode=day': { illusts: [] } })
    run('novel', VIEWS, win) // the page of `/` (the service worker's copy holds every first view)
    expect(appStarted()).toBe(false)
    window.history.replaceState(null, '', '/novels/5')
    run('works', VIEWS, win)
    expect(appStarted()).toBe(false)
    run('novel', VIEWS, win)
    expect(appStarted()).toBe(true)
    expect(column.childElementCount).toBe(0)
    window.history.replaceState(null, '', '/')
  })

  it('starts the app at once for a viewer signed in', () => {
    localStorage.setItem(DEFAULT_STORAGE_KEY, '{}')
    const column = page({ '/v1/illust/detail?illust_id=7': illust() })
    run('works', VIEWS, globalThis as unknown as Window & typeof globalThis) // the faked timers are the global ones, not jsdom’s window’s
    expect(column.childElementCount).toBe(0)
    expect(appStarted()).toBe(true)
  })

  it("starts the app after the first view's image is in and the browser has reported its paint", () => {
    const observers: { callback: PerformanceObserverCallback; observing: boolean }[] = []
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint']
      record: { callback: PerformanceObserverCallback; observing: boolean }
      constructor(callback: PerformanceObserverCallback) {
        this.record = { callback, observing: false }
        observers.push(this.record)
      }
      observe() {
        this.record.observing = true
      }
      disconnect() {
        this.record.observing = false
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver)
    const report = (element: Element, size: number) => {
      for (const o of observers.filter((o) => o.observing))
        o.callback({ getEntries: () => [{ element, size }] } as unknown as PerformanceObserverEntryList, {} as never)
    }
    // the image on screen at 396 × 396 px (jsdom lays nothing out)
    vi.spyOn(HTMLImageElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(8, 77, 396, 396))
    page({ '/v1/illust/detail?illust_id=7': illust() })
    run('works', VIEWS, globalThis as unknown as Window & typeof globalThis)
    const img = document.querySelector('[data-content-column] img')!
    img.dispatchEvent(new Event('load'))
    report(document.querySelector('header')!, 1368) // the static header's paint is not the first view's
    vi.advanceTimersByTime(100)
    expect(appStarted()).toBe(false)
    report(img, 20_000) // a smaller paint reported (in a grid, an image that came first) is not yet the largest
    vi.advanceTimersByTime(100)
    expect(appStarted()).toBe(false)
    report(img, 396 * 396)
    vi.advanceTimersByTime(1)
    expect(appStarted()).toBe(true)
    expect(observers.every((o) => !o.observing)).toBe(true)
    vi.unstubAllGlobals()
  })

  it("starts the app after the first view's image is in and a frame has been painted", () => {
    page({ '/v1/illust/detail?illust_id=7': illust() })
    run('works', VIEWS, globalThis as unknown as Window & typeof globalThis) // the faked timers are the global ones, not jsdom’s window’s
    expect(appStarted()).toBe(false)
    document.querySelector('[data-content-column] img')!.dispatchEvent(new Event('load'))
    expect(appStarted()).toBe(false) // the frame that paints it comes first
    vi.advanceTimersToNextFrame()
    vi.advanceTimersToNextFrame()
    expect(appStarted()).toBe(false) // and after the frame that shows it
    vi.advanceTimersByTime(1) // a timeout of 0 is one of 1 ms
    expect(appStarted()).toBe(true)
  })

  it("measures a novel's view for the images to wait for only after the frame that paints it", () => {
    window.history.replaceState(null, '', '/novels/5')
    vi.stubGlobal('matchMedia', () => ({ matches: true })) // a wider screen: the cover shows
    const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    const textMeasured = vi.fn(() => new DOMRect(0, 0, 600, 30))
    Object.defineProperty(Range.prototype, 'getBoundingClientRect', { configurable: true, value: textMeasured })
    onTestFinished(() => {
      delete (Range.prototype as Partial<Range>).getBoundingClientRect
      vi.unstubAllGlobals()
      window.history.replaceState(null, '', '/')
    })
    const column = page({
      '/v2/novel/detail?novel_id=5': {
        novel: { id: 5, title: 'Crossing', visible: true, tags: [], image_urls: { medium: '/cover.jpg' } },
      },
      '/v1/novel/text?novel_id=5': { novel_text: 'A line of the text.', images: {}, illusts: {} },
    })
    run('novel', VIEWS, globalThis as unknown as Window & typeof globalThis)
    expect(column.querySelector('header img')!.getAttribute('src')).toBe('/cover.jpg')
    expect([measured, textMeasured].map((m) => m.mock.calls.length)).toEqual([0, 0])
    vi.advanceTimersToNextFrame()
    expect([measured, textMeasured].map((m) => m.mock.calls.length)).toEqual([0, 0])
    vi.advanceTimersByTime(1)
    expect(measured).toHaveBeenCalled()
    expect(textMeasured).toHaveBeenCalled()
  })

  describe('the Intl worker (warm-intl.ts)', () => {
    /**
     * Workers started, each with its script and the messages it was sent, and the blob URLs still live; `fail` makes
     * starting one throw.
     */
    function stubWorkers({ fail = false } = {}) {
      const started: { script: Blob; messages: unknown[] }[] = []
      const blobs = new Map<string, Blob>()
      vi.stubGlobal(
        'Worker',
        class {
          messages: unknown[] = []
          constructor(url: string) {
            if (fail) throw new DOMException('refused by the page', 'SecurityError')
            started.push({ script: blobs.get(url)!, messages: this.messages })
          }
          postMessage(message: unknown) {
            this.messages.push(message)
          }
        },
      )
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          const url = `blob:${blobs.size}`
          blobs.set(url, blob)
          return url
        },
        revokeObjectURL: (url: string) => void blobs.delete(url),
      })
      onTestFinished(() => {
        vi.unstubAllGlobals()
        delete (URL as Partial<typeof URL>).createObjectURL
        delete (URL as Partial<typeof URL>).revokeObjectURL
      })
      return { started, blobs }
    }
    beforeEach(() => {
      document.documentElement.lang = 'ja'
      onTestFinished(() => void (document.documentElement.lang = ''))
    })

    it("runs the code the build gave it, told the page's language, before the view paints, signed in or not", async () => {
      vi.stubEnv('EASEL_INTL_WORKER', 'warm()')
      onTestFinished(() => void vi.unstubAllEnvs())
      const { started, blobs } = stubWorkers()
      page({ '/v1/illust/detail?illust_id=7': illust() })
      run('works', VIEWS, globalThis as unknown as Window & typeof globalThis)
      expect(started.map((w) => w.messages)).toEqual([['ja']])
      expect(await started[0]!.script.text()).toBe('warm()')
      expect(blobs.size).toBe(0) // its URL revoked once the worker is made

      localStorage.setItem(DEFAULT_STORAGE_KEY, '{}')
      page({ '/v1/illust/detail?illust_id=7': illust() })
      run('works', VIEWS, globalThis as unknown as Window & typeof globalThis)
      expect(started).toHaveLength(2)
    })

    it('is not started without its code (a build that has none, such as the dev server)', () => {
      const { started } = stubWorkers()
      page({ '/v1/illust/detail?illust_id=7': illust() })
      run('works', VIEWS, globalThis as unknown as Window & typeof globalThis)
      expect(started).toEqual([])
      expect(document.querySelector('[data-first-view] img')).not.toBeNull()
    })

    it('keeps nothing from painting or starting when it cannot start', () => {
      vi.stubEnv('EASEL_INTL_WORKER', 'warm()')
      onTestFinished(() => void vi.unstubAllEnvs())
      const { blobs } = stubWorkers({ fail: true })
      localStorage.setItem(DEFAULT_STORAGE_KEY, '{}') // nothing to paint: the app starts at once
      page({ '/v1/illust/detail?illust_id=7': illust() })
      run('works', VIEWS, globalThis as unknown as Window & typeof globalThis)
      expect(appStarted()).toBe(true)
      expect(blobs.size).toBe(0)
    })
  })

  it('starts the app after FIRST_VIEW_WAIT_MS when the image never comes, then FIRST_VIEW_PAINT_WAIT_MS without a reported paint', () => {
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes = ['largest-contentful-paint']
        observe() {}
        disconnect() {}
      },
    )
    page({ '/v1/illust/detail?illust_id=7': illust() })
    run('works', VIEWS, globalThis as unknown as Window & typeof globalThis)
    vi.advanceTimersByTime(FIRST_VIEW_WAIT_MS + FIRST_VIEW_PAINT_WAIT_MS - 1)
    expect(appStarted()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(appStarted()).toBe(true)
    vi.unstubAllGlobals()
  })
})
