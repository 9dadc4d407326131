/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// DOM types for the callbacks that run in the page (evaluate); tsconfig.node.json has none.
import { type APIRequestContext, type Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

// The reader in Japanese (issue 17): a browser whose language is Japanese gets the gallery in Japanese, a Japanese
// novel's text is marked lang="ja", and in vertical writing it is set as Japanese is: vertical-rl, ruby to the right
// of its base, kanji from a CJK font, nothing spilling out of the page.
//
// The screenshot baseline (japanese-reader.spec.ts-snapshots/) was made on Debian with fonts-noto-cjk installed, and
// is valid only with it: the reader's Japanese font stack puts Noto Serif/Sans CJK JP first, and without them
// Chromium falls back to whatever fontconfig offers (or draws tofu), which changes every glyph. `npm test` installs
// the package first (scripts/system-deps.mjs); the font test below fails with a clear message if it is missing, so
// a screenshot mismatch is never the first sign. Regenerate the baseline with
// `npx playwright test e2e/japanese-reader.spec.ts --update-snapshots` on a machine with the same fonts.

test.use({ locale: 'ja-JP' })

interface WireNovel {
  id: number
  title: string
  visible: boolean
}

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}]/u

async function getJson<T>(request: APIRequestContext, path: string): Promise<T | null> {
  const res = await request.get(path)
  return res.ok() ? ((await res.json()) as T) : null
}

/**
 * The first visible demo novel (by id) whose first page is Japanese and has a chapter heading and ruby, and no
 * embedded picture (whose loading would make the screenshot's neighbourhood vary).
 */
async function findJapaneseNovel(request: APIRequestContext): Promise<WireNovel> {
  for (let id = 1; id < 400; id++) {
    const detail = await getJson<{ novel: WireNovel }>(request, `/v2/novel/detail?novel_id=${id}`)
    if (!detail?.novel.visible) continue
    const text = await getJson<{ novel_text: string }>(request, `/v1/novel/text?novel_id=${id}`)
    const first = text?.novel_text.split(/\n?\[newpage\]\n?/)[0] ?? ''
    if (JAPANESE.test(first) && /\[chapter:/.test(first) && /\[\[rb:/.test(first) && !/image:/.test(first))
      return detail.novel
  }
  throw new Error('no Japanese demo novel with a chapter and ruby on its first page among the first 400')
}

const readerText = (page: Page) => page.locator('[data-reader-text]')

/** The fonts Chromium actually drew a node's text with (CDP), by family name. */
async function platformFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('DOM.enable')
  await cdp.send('CSS.enable')
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 })
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
  await cdp.detach()
  return fonts.map((f) => f.familyName)
}

test('a Japanese novel in vertical writing: lang, vertical-rl, ruby, CJK fonts, no overflow, as it looks', async ({
  page,
  request,
}) => {
  const novel = await findJapaneseNovel(request)
  await page.goto(`/novels/${novel.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(novel.title)

  // The chrome speaks the browser's language; the text is marked with its own.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  await expect(readerText(page)).toHaveAttribute('lang', 'ja')
  expect(await readerText(page).evaluate((el) => getComputedStyle(el).lineBreak)).toBe('strict')

  // Switch to vertical writing through the Japanese display settings.
  const display = page.getByRole('button', { name: '表示設定' })
  await display.click()
  await expect(page.getByRole('group', { name: '表示設定' })).toBeVisible()
  await page.getByText('縦書き', { exact: true }).click()
  await expect(page.locator('[data-reader]')).toHaveAttribute('data-writing-mode', 'vertical')
  await display.click() // closes the panel, which would cover the text
  await expect(page.getByRole('group', { name: '表示設定' })).toBeHidden()

  const text = readerText(page)
  expect(await text.evaluate((el) => getComputedStyle(el).writingMode)).toBe('vertical-rl')
  expect(await text.evaluate((el) => getComputedStyle(el).textOrientation)).toBe('mixed')
  await page.evaluate(() => document.fonts.ready)

  // Ruby: every <rt> of the first page has a box, to the right of its base (vertical-rl), alongside it. (The base's
  // text box is the font's ascent plus descent wide, wider than its glyphs, so the reading may overlap its edge: it
  // is compared by centres.)
  const ruby = await text.locator('ruby').evaluateAll((els) =>
    els.map((el) => {
      const base = document.createRange()
      base.selectNodeContents(el.firstChild!)
      const b = base.getBoundingClientRect()
      const r = el.querySelector('rt')!.getBoundingClientRect()
      return { base: { left: b.left, right: b.right, top: b.top, bottom: b.bottom }, rt: r.toJSON() as DOMRect }
    }),
  )
  expect(ruby.length).toBeGreaterThan(0)
  for (const { base, rt } of ruby) {
    expect(rt.width).toBeGreaterThan(0)
    expect(rt.height).toBeGreaterThan(0)
    expect(rt.left).toBeGreaterThan((base.left + base.right) / 2)
    expect(rt.right).toBeGreaterThan(base.right)
    expect(rt.top).toBeLessThan(base.bottom)
    expect(rt.bottom).toBeGreaterThan(base.top)
  }

  // Kanji are drawn from a CJK font (fonts-noto-cjk: Noto Serif CJK JP for the default serif setting).
  const fonts = await platformFonts(page, '[data-reader-text] ruby')
  expect(
    fonts.some((f) => /Noto/.test(f) && /CJK/.test(f)),
    `the ruby's base was drawn with ${fonts.join(', ')}; is fonts-noto-cjk installed? (scripts/system-deps.mjs)`,
  ).toBe(true)

  // Nothing spills out: the page never scrolls sideways, and each block of the text stays within the text's box
  // from top to bottom (the text scrolls sideways inside its own box, by design).
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  const spill = await text.evaluate((el) => {
    const box = el.getBoundingClientRect()
    return [...el.querySelectorAll('[data-start]')]
      .map((b) => b.getBoundingClientRect())
      .filter((r) => r.height > 0 && (r.top < box.top - 1 || r.bottom > box.bottom + 1)).length
  })
  expect(spill).toBe(0)

  // As it looks: the first block with ruby (a chapter heading or a paragraph), a narrow column strip of the text.
  // Nothing in it depends on the time; a small tolerance absorbs antialiasing. The clip stops above the reading bar
  // (sticky at the bottom of the screen, over the text on a short screen) and the phone's bottom navigation, so only
  // the text is compared.
  // The text scrolls sideways in its own box: the sample is brought into it, and the box to the top of the screen.
  const sample = text.locator(':is(h2, p):has(rt)').first()
  await sample.evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' }))
  await text.evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }))
  const s = (await sample.boundingBox())!
  const t = (await text.boundingBox())!
  const barTop = (await page.locator('[data-reader-bar]').boundingBox())!.y
  const x = Math.max(s.x, t.x)
  const clip = {
    x,
    y: s.y,
    width: Math.min(s.x + s.width, t.x + t.width) - x,
    height: Math.min(s.y + s.height, t.y + t.height, barTop) - s.y,
  }
  expect(clip.width).toBeGreaterThan(40)
  expect(clip.height).toBeGreaterThan(100)
  await expect(page).toHaveScreenshot('vertical-ruby.png', { clip, maxDiffPixelRatio: 0.02, threshold: 0.2 })

  // Back to horizontal, so a reused browser profile starts as others expect.
  await display.click()
  await page.getByText('横書き', { exact: true }).click()
  await expect(page.locator('[data-reader]')).toHaveAttribute('data-writing-mode', 'horizontal')
})
