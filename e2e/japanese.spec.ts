// The gallery in Japanese (issue 17): a browser whose language is Japanese gets every route with no English UI string
// left (checked against the English catalogue), no sideways scroll at 360 px, and no serious axe violation (on the
// phone profile); and the language setting switches the UI, and `<html lang>`, without a reload (on both).

import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { entries, Plural, type Message, type Tree } from '../src/lib/i18n/catalogue.ts'
import { en } from '../src/lib/i18n/messages/en/index.ts'
import { ja } from '../src/lib/i18n/messages/ja/index.ts'
import { expect, test } from './fixtures.ts'
import { signInAsDemo } from './helpers.ts'

test.use({ locale: 'ja-JP' })

const texts = (m: Message | undefined) => (m === undefined ? [] : m instanceof Plural ? Object.values(m.forms) : [m])

/**
 * The English UI strings to look for: every catalogue message's literal parts (split at its placeholders and tags),
 * left out when shorter than 3 characters, without a Latin letter, or also in the Japanese message (R-18, Easel).
 */
function englishFragments(): { key: string; fragment: string }[] {
  const jaMessages = new Map(entries(ja as unknown as Tree))
  const found = new Map<string, string>()
  for (const [key, message] of entries(en as unknown as Tree)) {
    const japanese = texts(jaMessages.get(key)).join('\n')
    for (const text of texts(message)) {
      if (japanese.includes(text)) continue
      for (const part of text.split(/\{\w+\}|<\/?\w+>/)) {
        const fragment = part.trim().replace(/^[\s,.:;·—–()“”]+|[\s,.:;·—–()“”]+$/g, '')
        if (fragment.length < 3 || !/[A-Za-z]/.test(fragment) || japanese.includes(fragment)) continue
        if (!found.has(fragment)) found.set(fragment, key)
      }
    }
  }
  return [...found].map(([fragment, key]) => ({ key, fragment }))
}
const FRAGMENTS = englishFragments()

/**
 * What is content, not UI: works, novels, users and tags (their titles, names, captions and text are the authors'),
 * wherever a page shows them. The gallery marks its own content containers `data-content` (captions `data-caption`,
 * novel text `data-reader-text`); the cards and the detail views are recognised by their links.
 */
const CONTENT = [
  '[data-content]',
  '[data-caption]',
  '[data-reader-text]',
  '[translate="no"]',
  'a[href^="/artworks/"]',
  'a[href^="/novels/"]',
  'a[href^="/users/"]:not(nav a)',
  'a[href^="/user/"]',
  'a[href^="/novel/series/"]',
  'a[href^="/search?word="]',
  'a[href^="/search/novels?word="]',
  'code',
  'kbd',
].join(', ')

/** The page's UI text: visible text and the accessible names it gives in attributes, outside content. */
async function uiText(page: Page): Promise<string> {
  return page.evaluate((content) => {
    const out: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let node = walker.currentNode as Node | null; node; node = walker.nextNode()) {
      const element = node instanceof Element ? node : node.parentElement
      if (!element || element.closest(content) || element.closest('script, style, template, noscript, [hidden]'))
        continue
      if (node instanceof Text) out.push(node.data)
      else if (node instanceof Element && !node.hasAttribute('data-label-content'))
        for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
          if (node.hasAttribute(name)) out.push(node.getAttribute(name)!)
    }
    out.push(document.title)
    return out.join('\n')
  }, CONTENT)
}

function englishIn(text: string): string[] {
  return FRAGMENTS.filter(({ fragment }) =>
    new RegExp(`(?<![A-Za-z])${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`).test(text),
  ).map(({ key, fragment }) => `${key}: "${fragment}"`)
}

/** Waits until the route has rendered its data: its first words, no request under way, nothing busy. */
async function settled(page: Page) {
  await expect(page.locator('main :is(h1, h2, p)').first()).toBeAttached()
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
}

interface Ids {
  artwork: number
  novel: number
  user: number
}

async function demoIds(page: Page): Promise<Ids> {
  const ranking = (await (await page.request.get('/v1/illust/ranking')).json()) as { illusts: { id: number }[] }
  const novels = (await (await page.request.get('/v1/novel/ranking')).json()) as { novels: { id: number }[] }
  return { artwork: ranking.illusts[0]!.id, novel: novels.novels[0]!.id, user: 2 }
}

/** Every route of src/app/routes.tsx, with ids from the demo catalogue. */
const ROUTES: { path: (ids: Ids) => string; signedIn?: boolean; owner?: 'B' }[] = [
  { path: () => '/' },
  { path: () => '/?tab=manga' },
  { path: () => '/?tab=novel' },
  { path: () => '/?tab=following' },
  { path: () => '/?tab=following', signedIn: true },
  { path: () => '/?tab=following&kind=novel', signedIn: true },
  { path: () => '/ranking' },
  { path: () => '/ranking?mode=week' },
  { path: () => '/ranking?kind=novel' },
  { path: () => '/ranking?mode=day_r18' },
  { path: () => '/ranking?mode=nonsense' },
  { path: () => '/new' },
  { path: () => '/new?type=manga' },
  { path: () => '/new?type=novel' },
  { path: () => '/search' },
  { path: () => '/search?word=landscape' },
  { path: () => '/search/novels?word=landscape' },
  { path: () => '/search/users?word=demo' },
  { path: (ids) => `/artworks/${ids.artwork}`, owner: 'B' },
  { path: () => '/artworks/99999999', owner: 'B' },
  { path: (ids) => `/novels/${ids.novel}`, owner: 'B' },
  { path: () => '/user/1/series/1' },
  { path: () => '/novel/series/1', owner: 'B' }, // the header is the novels feature's
  { path: () => '/novel/upload' },
  { path: () => '/novel/upload', signedIn: true },
  { path: (ids) => `/novels/${ids.novel}/edit`, signedIn: true }, // another author's: the editor says so
  { path: (ids) => `/users/${ids.user}` },
  { path: (ids) => `/users/${ids.user}/artworks?type=manga` },
  { path: (ids) => `/users/${ids.user}/novels` },
  { path: (ids) => `/users/${ids.user}/followers` },
  { path: (ids) => `/users/${ids.user}/mypixiv` },
  { path: () => '/users/1/following', signedIn: true },
  { path: () => '/users/1/bookmarks/artworks', signedIn: true },
  { path: () => '/users/1/bookmarks/novels?restrict=private', signedIn: true },
  { path: () => '/users/999999999' },
  { path: () => '/settings' },
  { path: () => '/settings', signedIn: true },
  { path: () => '/settings?view=moderation', signedIn: true }, // demo is an admin: the moderation screen
  { path: () => '/settings?view=moderation&tab=log', signedIn: true },
  { path: () => '/library' },
  { path: () => '/library', signedIn: true },
  { path: () => '/login' },
  { path: () => '/signup' },
  { path: () => '/signup?invite=no-such-invite' },
  { path: () => '/bookmarks', signedIn: true },
  { path: () => '/no/such/page' },
]

test.describe('the gallery in Japanese', () => {
  test('the catalogue gives the check something to look for', () => {
    expect(FRAGMENTS.length).toBeGreaterThan(200)
    expect(FRAGMENTS.map((f) => f.fragment)).toEqual(expect.arrayContaining(['Sign in', 'Ranking', 'Settings']))
  })

  for (const route of ROUTES) {
    const name = `${route.path({ artwork: 0, novel: 0, user: 2 }).replace(/\/0\b/, '/:id')}${route.signedIn ? ' (signed in)' : ''}`
    test(`${name}: Japanese only, no sideways scroll at 360 px, axe clean`, async ({ page, isMobile }) => {
      test.skip(!isMobile, 'the sweep is at a phone’s width: the phone project runs it')
      test.slow()
      if (route.signedIn) await signInAsDemo(page)
      const ids = await demoIds(page)
      await page.setViewportSize({ width: 360, height: 740 })
      await page.goto(route.path(ids))
      await settled(page)

      expect(englishIn(await uiText(page)), 'English UI strings on the page').toEqual([])
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360)
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
      const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    })
  }

  test('the language setting switches the UI and <html lang> without a reload', async ({ page }) => {
    await page.goto('/settings')
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    // A reload would lose this mark.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true))

    await page.getByText('English', { exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeAttached()
    await expect(page).toHaveTitle('Settings · Easel')

    await page.getByText('日本語', { exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    await expect(page).toHaveTitle('設定 · Easel')

    // Automatic follows the browser again (Japanese here), and the choice is kept across a reload.
    await page.getByText('自動（ブラウザ）', { exact: true }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
    await page.getByText('English', { exact: true }).click()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })
})
