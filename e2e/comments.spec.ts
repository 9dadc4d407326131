// Comments under works and novels, end to end (issue 13): reading them (newest first, with the total), posting,
// replying and deleting one's own, and the demo catalogue's hostile comments staying inert text. Real service, real
// data; on desktop and phone.

import AxeBuilder from '@axe-core/playwright'
import { type Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { isApi, signInAsDemo } from './helpers.ts'

/** The demo catalogue plants its hostile comments on these (src/server/generator/generate.ts). */
const HOSTILE_WORK = 7
const HOSTILE_NOVEL = 7

const section = (page: Page) => page.locator('[data-comments]')
/** A comment's text element, by its whole text. */
const comment = (page: Page, text: string) => section(page).getByText(text, { exact: true }).first()

/** Every dialog the page opens (an alert() from injected markup would be one). */
function trackDialogs(page: Page): string[] {
  const dialogs: string[] = []
  page.on('dialog', (d) => {
    dialogs.push(d.message())
    void d.dismiss()
  })
  return dialogs
}

/** Elements markup could have smuggled in: none belongs in the comment section. */
const injected = (page: Page) =>
  section(page).locator('script, iframe, svg, object, embed, form, math, style, img[src="x"], a[href*="javascript" i]')

async function openComments(page: Page) {
  const heading = page.getByRole('heading', { name: /^Comments/ })
  await heading.scrollIntoViewIfNeeded()
  await expect(section(page).getByText('Loading comments…')).toHaveCount(0, { timeout: 15_000 })
}

async function noSevereAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .include('[data-comments]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze()
  const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test.describe('reading comments', () => {
  test('are asked for only when the section nears the viewport', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (r) => {
      if (isApi(r, '/v3/illust/comments')) asked.push(r.url())
    })
    await page.goto(`/artworks/${HOSTILE_WORK}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(asked).toEqual([])
    await openComments(page)
    expect(asked.length).toBeGreaterThan(0)
  })

  test("a work's hostile comments render as literal text: no dialog, no injected element", async ({ page }) => {
    const dialogs = trackDialogs(page)
    const api = await page.request.get(`/v3/illust/comments?illust_id=${HOSTILE_WORK}&include_total_comments=true`)
    const body = (await api.json()) as { total_comments: number; comments: { id: number; comment: string }[] }
    await page.goto(`/artworks/${HOSTILE_WORK}`)
    await openComments(page)
    await expect(page.getByRole('heading', { name: `Comments (${body.total_comments})` })).toBeVisible()

    // Newest first, as the service answers them; each as exactly the text that was written.
    const texts = section(page).getByRole('list', { name: 'Comments' }).locator(':scope > li [data-comment-text]')
    await expect(texts.first()).toBeVisible()
    const shown = await texts.evaluateAll((els) => els.map((el) => el.textContent))
    expect(shown).toEqual(body.comments.map((c) => c.comment).slice(0, shown.length))
    await expect(comment(page, '<svg onload=alert(1)>')).toHaveText('<svg onload=alert(1)>')
    await expect(comment(page, '<script>alert(1)</script>')).toHaveText('<script>alert(1)</script>')

    // The replies hold more of them.
    const thread = section(page)
      .getByRole('article')
      .filter({ has: page.getByText('<script>alert(1)</script>', { exact: true }) })
      .first()
    await thread.getByRole('button', { name: 'Show replies' }).click()
    await expect(comment(page, '<img src=x onerror=alert(1)>')).toHaveText('<img src=x onerror=alert(1)>')

    await expect(injected(page)).toHaveCount(0)
    // Signed out: a sign-in link that comes back here, and no form.
    await expect(section(page).getByRole('link', { name: 'Sign in to comment' })).toHaveAttribute(
      'href',
      `/login?return_to=${encodeURIComponent(`/artworks/${HOSTILE_WORK}`)}`,
    )
    await expect(section(page).getByRole('textbox')).toHaveCount(0)
    if (test.info().project.name === 'phone') {
      // Every link and button of the section is a 44 × 44 px touch target.
      const small = await section(page)
        .locator('a[href], button')
        .evaluateAll((els) =>
          els
            .map((el) => ({ el, r: el.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 1 && (r.width < 44 || r.height < 44))
            .map(
              ({ el, r }) => `${el.textContent?.trim() || el.tagName} ${Math.round(r.width)}×${Math.round(r.height)}`,
            ),
        )
      expect(small).toEqual([])
    }
    await page.waitForTimeout(300)
    expect(dialogs).toEqual([])
    await noSevereAxeViolations(page)
  })

  test("a novel's hostile comments render as literal text under the reader", async ({ page }) => {
    const dialogs = trackDialogs(page)
    await page.goto(`/novels/${HOSTILE_NOVEL}`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await openComments(page)
    const texts = section(page).locator('[data-comment-text]')
    await expect(texts.first()).toBeVisible()
    const shown = await texts.evaluateAll((els) => els.map((el) => el.textContent ?? ''))
    expect(shown.some((t) => /<script|onerror|javascript:/i.test(t))).toBe(true)
    await expect(injected(page)).toHaveCount(0)
    await page.waitForTimeout(300)
    expect(dialogs).toEqual([])
  })
})

test.describe('writing comments', () => {
  /**
   * A work that takes comments from anyone (comment_access_control 0) and that demo did not make; each project and
   * test its own, as they run side by side against one service and count the comments.
   */
  async function openWork(page: Page, from: number): Promise<number> {
    for (let id = from; id < from + 40; id++) {
      const res = await page.request.get(`/v3/illust/comments?illust_id=${id}`)
      if (!res.ok()) continue
      const detail = await page.request.get(`/v1/illust/detail?illust_id=${id}`)
      const body = (await res.json()) as { comment_access_control: number }
      const work = (await detail.json()) as { illust: { visible: boolean; user: { id: number } } }
      if (body.comment_access_control === 0 && work.illust.visible && work.illust.user.id !== 1) return id
    }
    throw new Error('no open work to comment on')
  }

  test('post, reply and delete one’s own, with the count following', async ({ page }, testInfo) => {
    const dialogs = trackDialogs(page)
    await signInAsDemo(page)
    const id = await openWork(page, testInfo.project.name === 'phone' ? 200 : 100)
    await page.goto(`/artworks/${id}`)
    await openComments(page)
    const heading = page.getByRole('heading', { name: /^Comments/ })
    const countOf = async () =>
      Number(/\((\d[\d,]*)\)/.exec((await heading.textContent()) ?? '')![1]!.replace(/,/g, ''))
    await expect(heading).toHaveText(/\(\d/)
    const before = await countOf()

    // Unique per run and project: both projects write to the same service at once.
    const stamp = `${testInfo.project.name}-${Date.now()}`
    const text = `First line ${stamp}\nsecond line <b>not bold</b>`
    await section(page).getByRole('textbox', { name: 'Write a comment' }).fill(text)
    await section(page).getByRole('button', { name: 'Post comment' }).click()
    const mine = section(page)
      .getByRole('article', { name: 'Comment by Demo' })
      .filter({ has: page.getByText(`First line ${stamp}`) })
      .first()
    await expect(mine).toBeVisible()
    await expect(mine.locator('[data-comment-text]')).toHaveText(text)
    await expect(mine.locator('[data-comment-text] b')).toHaveCount(0)
    await expect(section(page).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('')
    await expect.poll(countOf).toBe(before + 1)

    // A reply, one level down.
    await mine.getByRole('button', { name: 'Reply' }).click()
    await mine.getByRole('textbox', { name: 'Reply to Demo' }).fill(`Reply ${stamp}`)
    await mine.getByRole('button', { name: 'Post reply' }).click()
    const reply = mine.getByRole('list', { name: 'Replies' }).getByRole('article', { name: 'Comment by Demo' })
    await expect(reply).toContainText(`Reply ${stamp}`)
    await expect.poll(countOf).toBe(before + 2)
    await noSevereAxeViolations(page)

    // Deleting asks first; keeping it keeps it.
    await reply.getByRole('button', { name: 'Delete your comment' }).click()
    await reply.getByRole('button', { name: 'Keep it' }).click()
    await expect(reply).toBeVisible()
    await reply.getByRole('button', { name: 'Delete your comment' }).click()
    await reply.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(section(page).getByText(`Reply ${stamp}`)).toHaveCount(0)

    await mine.getByRole('button', { name: 'Delete your comment' }).click()
    await mine.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(section(page).getByText(`First line ${stamp}`)).toHaveCount(0)
    await expect.poll(countOf).toBe(before)

    // Someone else's comments offer no delete of one's own (demo is an admin: moderation's Delete, named for the
    // comment's writer, is there instead).
    const others = section(page).locator('article:not([aria-label="Comment by Demo"])')
    if ((await others.count()) > 0) {
      await expect(others.first().getByRole('button', { name: 'Delete your comment' })).toHaveCount(0)
      await expect(others.first().getByRole('button', { name: /^Delete the comment by / })).toHaveCount(1)
    }
    expect(dialogs).toEqual([])
  })

  test('the service refusing a comment is said in words, and the text is kept', async ({ page }) => {
    await signInAsDemo(page)
    const id = await openWork(page, 300)
    await page.route(
      (url) => url.pathname === '/v1/illust/comment/add',
      (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { user_message: 'Comments are closed for now.', message: '', reason: '', user_message_details: {} },
          }),
        }),
    )
    await page.goto(`/artworks/${id}`)
    await openComments(page)
    await section(page).getByRole('textbox', { name: 'Write a comment' }).fill('kept text')
    await section(page).getByRole('button', { name: 'Post comment' }).click()
    await expect(section(page).getByRole('alert')).toHaveText(/not posted: Comments are closed for now\./)
    await expect(section(page).getByRole('textbox', { name: 'Write a comment' })).toHaveValue('kept text')
  })
})
