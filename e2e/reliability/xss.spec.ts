/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// DOM types for the callbacks that run in the page (evaluate); tsconfig.node.json has none.
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { XSS_CORPUS, corpusOne, corpusWindow } from '../../src/server/generator/hostile-corpus.ts'
import { report } from '../../src/server/testing/reliability.ts'

// The XSS corpus rendered in Chromium. The service runs on a catalogue generated with CATALOGUE_HOSTILE=all, where
// every title, caption, tag, user name and comment, series title and novel text carries payloads that would set
// top.__xss and open a dialog if they ran. Every view is opened anonymously: lists (recommended, ranking, search),
// work detail, the novel reader and novel pages, user profiles and series. On each: no dialog, no top.__xss, no
// inline event handler attribute, no javascript:/vbscript:/data: link or source, no frame, object, base, refresh or
// style that a payload brought. Each payload carries a visible marker (XSS-07:); the markers found on the pages
// show which payloads were rendered (as text), and together the pages must have rendered every one.

interface WireItem {
  id: number
  visible: boolean
  user: { id: number }
  series: { id: number } | null
}

const rendered = new Map<string, Set<number>>()
let pagesChecked = 0

test.describe.configure({ mode: 'serial' })

const dialogs: string[] = []
test.beforeEach(({ page }) => {
  page.on('dialog', (d) => {
    dialogs.push(`${page.url()}: ${d.type()} ${d.message()}`)
    void d.dismiss()
  })
})

/** The payload numbers whose markers the page shows: in its text, or in alt, title and aria-label attributes. */
function markersOn(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const texts = [document.body.innerText]
    for (const el of document.querySelectorAll('[alt], [title], [aria-label]'))
      for (const a of ['alt', 'title', 'aria-label']) texts.push(el.getAttribute(a) ?? '')
    const found = new Set<number>()
    for (const m of texts.join('\n').matchAll(/XSS-(\d\d):/g)) found.add(Number(m[1]))
    return [...found]
  })
}

/** Everything in the DOM a payload could have brought that runs code or navigates. Empty when the page is inert. */
function findings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = []
    const describe = (el: Element) => `<${el.tagName.toLowerCase()}> in ${el.parentElement?.tagName.toLowerCase()}`
    const urlAttrs = new Set([
      'href',
      'src',
      'action',
      'formaction',
      'xlink:href',
      'data',
      'poster',
      'background',
      'srcset',
      'ping',
      'cite',
      'to',
      'values',
      'from',
      'by',
    ])
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase()
        if (name.startsWith('on')) out.push(`${describe(el)} has ${name}="${attr.value.slice(0, 60)}"`)
        if (name === 'srcdoc') out.push(`${describe(el)} has srcdoc`)
        if (name === 'style' && /javascript:|expression\(|url\(\s*['"]?\s*javascript/i.test(attr.value))
          out.push(`${describe(el)} has style="${attr.value.slice(0, 60)}"`)
        if (name === 'attributename' && /^on/i.test(attr.value)) out.push(`${describe(el)} animates ${attr.value}`)
        if (!urlAttrs.has(name)) continue
        // As the browser reads a URL: whitespace and control characters inside the scheme do not count.
        // eslint-disable-next-line no-control-regex -- those are what a URL parser skips
        const value = attr.value.replace(/[\u0000-\u0020]/g, '').toLowerCase()
        const imageData = /^data:image\/(png|jpe?g|gif|webp|avif)[;,]/.test(value) && el.tagName !== 'A'
        if (/^(javascript|vbscript|livescript):/.test(value) || (value.startsWith('data:') && !imageData))
          out.push(`${describe(el)} has ${name}="${attr.value.slice(0, 60)}"`)
      }
    }
    for (const a of document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]'))
      if (['javascript:', 'vbscript:', 'data:'].includes(a.protocol)) out.push(`link to ${a.href.slice(0, 60)}`)
    for (const el of document.querySelectorAll('iframe, frame, object, embed, base, meta[http-equiv], #root style'))
      out.push(`${describe(el)} present`)
    for (const s of document.querySelectorAll('script'))
      if (/__xss/.test(s.textContent ?? '') || /^(data|javascript):/i.test(s.getAttribute('src') ?? ''))
        out.push(`a payload <script> is in the DOM`)
    if ((window.top as unknown as { __xss?: unknown }).__xss !== undefined)
      out.push(`top.__xss = ${String((window.top as unknown as { __xss?: unknown }).__xss)}: a payload ran`)
    return out
  })
}

/**
 * Opens a view, waits until it shows payload markers (and, when given, all of `expectMarkers`) and until the network
 * is quiet (broken images have fired their error events by then), then checks the page is inert.
 */
async function check(page: Page, view: string, path: string, expectMarkers: number[] = []) {
  await page.goto(path)
  await expect
    .poll(
      async () => {
        const seen = new Set(await markersOn(page))
        return seen.size > 0 && expectMarkers.every((m) => seen.has(m))
      },
      { message: `${path} shows the payloads' markers`, timeout: 20_000 },
    )
    .toBe(true)
  await page.waitForLoadState('networkidle')
  // Scroll through once, so lazy content (and its images) render too.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await page.waitForLoadState('networkidle')
  expect(await findings(page), `${path}: what a payload left in the DOM`).toEqual([])
  expect(dialogs, `${path}: dialogs opened`).toEqual([])
  expect(new URL(page.url()).origin, `${path}: the page navigated away`).toBe(
    new URL(test.info().project.use.baseURL!).origin,
  )
  const set = rendered.get(view) ?? new Set<number>()
  for (const m of await markersOn(page)) set.add(m)
  rendered.set(view, set)
  pagesChecked++
}

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path)
  expect(res.status(), path).toBe(200)
  return (await res.json()) as T
}

const numberOf = (payload: string) => Number(/^XSS-(\d\d):/.exec(payload)![1])
const windowNumbers = (id: number) => corpusWindow(id).map(numberOf)
const titleNumber = (id: number) => numberOf(corpusOne(id))

/** Visible items whose long-text windows (captions, novel texts, comments) together carry every payload. */
function coveringIds(ids: number[]): number[] {
  const missing = new Set(XSS_CORPUS.map((_, i) => i + 1))
  const out: number[] = []
  for (const id of ids) {
    const numbers = windowNumbers(id)
    if (!numbers.some((n) => missing.has(n))) continue
    out.push(id)
    for (const n of numbers) missing.delete(n)
    if (missing.size === 0) return out
  }
  throw new Error(`no visible items cover payloads ${[...missing].join(', ')}`)
}

test('positive control: the same checks catch the corpus when it is rendered raw', async ({ browser }) => {
  const raw = await browser.newPage()
  const opened: string[] = []
  raw.on('dialog', (d) => {
    opened.push(d.message())
    void d.dismiss()
  })
  await raw.setContent(`<div id="root">${XSS_CORPUS.join('<br>')}</div>`)
  await expect.poll(() => opened.length, { message: 'raw payloads open dialogs' }).toBeGreaterThan(0)
  const found = (await findings(raw)).join('\n')
  expect(found).toMatch(/has onerror=/)
  expect(found).toMatch(/link to javascript:/)
  expect(found).toMatch(/iframe> .*present/)
  expect(found).toMatch(/top\.__xss = \d+: a payload ran/)
  await raw.close()
})

test('lists: recommended, ranking and search grids run nothing', async ({ page }) => {
  for (const [view, path] of [
    ['recommended', '/'],
    ['recommended', '/?tab=manga'],
    ['recommended', '/?tab=novel'],
    ['ranking', '/ranking'],
    ['ranking', '/ranking?mode=week'],
    ['search', '/search?word=XSS'],
    ['search', '/search/novels?word=XSS'],
  ])
    await check(page, view!, path!)
})

test('work detail: titles, captions, tags and author names run nothing', async ({ page, request }) => {
  const { illusts } = await api<{ illusts: WireItem[] }>(request, '/v1/search/illust?word=XSS&sort=date_asc')
  const more = await api<{ illusts: WireItem[] }>(request, '/v1/search/illust?word=XSS&sort=date_asc&offset=30')
  // Works 7 and 8 carry the default catalogue's hostile captions too; the others' caption windows cover the corpus.
  // The wait is for the title's payload: a caption may rightly lose text after a payload the sanitizer drops whole.
  const ids = [7, 8, ...coveringIds([...illusts, ...more.illusts].map((i) => i.id).filter((id) => id > 8))]
  for (const id of ids) await check(page, 'work detail', `/artworks/${id}`, [titleNumber(id)])
})

test('novels: the reader, novel detail and novel series run nothing', async ({ page, request }) => {
  const { novels } = await api<{ novels: WireItem[] }>(request, '/v1/search/novel?word=XSS&sort=date_asc')
  const more = await api<{ novels: WireItem[] }>(request, '/v1/search/novel?word=XSS&sort=date_asc&offset=30')
  const all = [...novels, ...more.novels]
  // The reader shows the novel's first page, where every novel's payload window sits.
  for (const id of coveringIds(all.map((n) => n.id)))
    await check(page, 'novel reader', `/novels/${id}`, windowNumbers(id))
  const series = all.find((n) => n.series?.id)
  expect(series, 'a novel in a series').toBeDefined()
  await check(page, 'novel series', `/novel/series/${series!.series!.id}`)
})

test('users: profiles, their works, following and bookmarks, and illust series run nothing', async ({
  page,
  request,
}) => {
  const { illusts } = await api<{ illusts: WireItem[] }>(request, '/v1/search/illust?word=XSS&sort=popular_desc')
  const users = [...new Set(illusts.map((i) => i.user.id))].slice(0, 4)
  for (const id of users) await check(page, 'user profile', `/users/${id}`)
  await check(page, 'user lists', `/users/${users[0]}/following`)
  await check(page, 'user lists', `/users/${users[0]}/novels`)
  await check(page, 'user lists', '/users/1/bookmarks/artworks')
  // Illust series 1 is one of the long ones; its title carries a window of payloads.
  const series = await api<{ illust_series_detail: { user: { id: number } } }>(
    request,
    '/v1/illust/series?illust_series_id=1',
  )
  await check(
    page,
    'illust series',
    `/user/${series.illust_series_detail.user.id}/series/1`,
    windowNumbers(1).slice(0, 1),
  )
})

test('together the views rendered every payload, and none ran', async () => {
  const all = new Set([...rendered.values()].flatMap((s) => [...s]))
  const perView = [...rendered].map(([view, s]) => `${view} ${s.size}`).join(', ')
  report(
    `XSS payloads rendered inert in Chromium (${test.info().project.name})`,
    all.size,
    `of ${XSS_CORPUS.length}, on ${pagesChecked} pages; per view: ${perView}`,
  )
  expect(dialogs).toEqual([])
  expect(
    [...XSS_CORPUS.keys()].map((i) => i + 1).filter((n) => !all.has(n)),
    'payloads never rendered',
  ).toEqual([])
})
