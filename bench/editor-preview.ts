// The novel editor's preview latency: Chromium opens the editor (`/novel/upload`, signed in as demo, 1280×800: the text
// and its preview side by side) with a 50,000-character novel in the field, types one character at a time at the end
// of the text (and at its start, where every block after the caret moves), and times each keystroke from its keydown to the first frame that shows it: in the field (input), and
// in the preview (drawn by the reader's parser and page, as a deferred render). Two texts: one of ten pages
// (`[newpage]` every 5,000 characters: the preview draws the caret's page) and one page of 50,000 characters (the
// preview draws it all). Then the same at 4× CPU slowdown (DevTools' throttling), roughly a mid-range phone.
//
// On its own: npx tsx bench/editor-preview.ts [origin] (default http://127.0.0.1:8181, a running `npm start`).

import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium.config.ts'

const KEYS = 30
const LENGTH = 50_000

/** A novel of `LENGTH` characters: paragraphs of Japanese prose with ruby, a chapter every 40 paragraphs. */
function novelText(pageEvery: number | null): string {
  const sentences = [
    '湊は[[rb:夜空 > よぞら]]を見上げた。',
    '図書館の窓から、街の灯りが遠く滲んで見える。',
    '彼女はゆっくりと本を閉じ、深く息を吐いた。',
    '[[rb:司書 > ししょ]]の足音が、静かな書架の間に響いていた。',
    'The lamp flickered twice before it steadied again.',
  ]
  let text = ''
  let paragraphs = 0
  let sincePage = 0
  while (text.length < LENGTH - 200) {
    if (paragraphs % 40 === 0) text += `[chapter:第${paragraphs / 40 + 1}章]\n`
    let p = ''
    for (let i = 0; p.length < 120; i++) p += sentences[(paragraphs + i) % sentences.length]
    text += `${p}\n\n`
    paragraphs++
    sincePage += p.length + 2
    if (pageEvery && sincePage >= pageEvery) {
      text += '[newpage]\n'
      sincePage = 0
    }
  }
  text += '最後の段落：'
  return text + 'あ'.repeat(LENGTH - text.length)
}

/** Where the keys are typed: after the last character, or before the first paragraph's (every block after it moves). */
type Where = 'end' | 'start'

// In the page: `window.__keyTiming`, resolved with the times from the next keydown to the first frame that shows
// `typed` where it is typed, in the field and in the preview. A string: tsx would wrap inner functions in a helper the
// page lacks.
const measure = (typed: string, where: Where, at: number) => `void (window.__keyTiming = new Promise((resolve) => {
  const typed = ${JSON.stringify(typed)}
  const field = document.querySelector('textarea[name="text"]')
  const preview = document.querySelector('[data-preview]')
  const inField = () => ${where === 'end' ? 'field.value.endsWith(typed)' : `field.value.startsWith(typed, ${at})`}
  const inPreview = () => {
    const blocks = preview.querySelectorAll('[data-start]')
    return ${
      where === 'end'
        ? 'blocks[blocks.length - 1]?.textContent.endsWith(typed)'
        : '[...blocks].slice(0, 3).some((b) => b.textContent.startsWith(typed))'
    }
  }
  let down = null
  let input = null
  const stop = setTimeout(() => resolve({ input: NaN, preview: NaN }), 10000)
  document.addEventListener('keydown', (e) => { down = e.timeStamp }, { capture: true, once: true })
  const tick = (now) => {
    if (down !== null) {
      if (input === null && inField()) input = now - down
      if (inPreview()) {
        clearTimeout(stop)
        return resolve({ input: input ?? now - down, preview: now - down })
      }
    }
    requestAnimationFrame(tick)
  }
  requestAnimationFrame(tick)
}))`

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!
const ms = (x: number) => `${x.toFixed(0)} ms`

async function run(page: Page, text: string, where: Where): Promise<{ input: number[]; preview: number[] }> {
  const field = page.locator('textarea[name="text"]')
  // Set as a paste would (Playwright's fill inserts 50,000 characters in 13 s into a bare textarea: its own cost)
  await field.evaluate((el, value) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!
    setter.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  }, text)
  // the preview has caught up with the whole text
  await page.waitForFunction(
    () => {
      const blocks = document.querySelectorAll('[data-preview] [data-start]')
      return blocks[blocks.length - 1]?.textContent?.endsWith('あああ') ?? false
    },
    null,
    { timeout: 60_000 },
  )
  // the start of the first paragraph: just after the first chapter heading's line
  const at = where === 'end' ? text.length : text.indexOf('\n') + 1
  await field.evaluate((el: HTMLTextAreaElement, offset) => {
    el.focus()
    el.setSelectionRange(offset, offset)
  }, at)
  const input: number[] = []
  const preview: number[] = []
  let typed = ''
  // ASCII letters: a real key each (keydown, then the character), where Playwright inserts other scripts without a key
  const alphabet = 'abcdefghij'
  for (let i = 0; i < KEYS; i++) {
    const ch = alphabet[i % alphabet.length]!
    typed += ch
    // installed before the key is sent (an evaluate in flight may land after the key)
    await page.evaluate(measure(typed, where, at))
    await page.keyboard.press(ch)
    const t = (await page.evaluate('window.__keyTiming')) as { input: number; preview: number }
    if (Number.isNaN(t.preview)) throw new Error(`the preview never showed "${typed}" (${where})`)
    input.push(t.input)
    preview.push(t.preview)
  }
  return { input, preview }
}

async function main() {
  const origin = (process.argv[2] ?? 'http://127.0.0.1:8181').replace(/\/+$/, '')
  const token = await fetch(`${origin}/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', username: 'demo', password: 'demo' }),
  })
  if (!token.ok) throw new Error(`sign-in failed: ${token.status}`)
  const t = (await token.json()) as {
    access_token: string
    refresh_token: string
    expires_in: number
    user: { id: string; name: string; account: string; x_restrict: number; is_premium: boolean }
  }
  const session = {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: Date.now() + t.expires_in * 1000,
    user: {
      id: Number(t.user.id),
      name: t.user.name,
      account: t.user.account,
      profileImageUrl: '',
      xRestrict: t.user.x_restrict,
      isPremium: t.user.is_premium,
    },
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
  try {
    const rows: string[] = []
    for (const slowdown of [1, 4]) {
      for (const [name, text] of [
        ['10 pages of 5,000', novelText(5_000)],
        ['1 page of 50,000', novelText(null)],
      ] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })
        const page = await context.newPage()
        await page.goto(`${origin}/robots.txt`)
        await page.evaluate(
          ([key, value]) => {
            localStorage.setItem(key!, value!)
            for (const k of Object.keys(localStorage)) if (k.startsWith('easel.novelDraft.')) localStorage.removeItem(k)
          },
          ['easel.session', JSON.stringify(session)],
        )
        await page.goto(`${origin}/novel/upload`)
        await page.locator('[data-preview]').waitFor()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
        for (const where of ['end', 'start'] as const) {
          const { input, preview } = await run(page, text, where)
          rows.push(
            `${`${text.length.toLocaleString('en-US')} chars, ${name}, at the ${where}, CPU ${slowdown}×`.padEnd(56)} ` +
              `input p50 ${ms(percentile(input, 0.5))} p95 ${ms(percentile(input, 0.95))} | ` +
              `preview p50 ${ms(percentile(preview, 0.5))} p95 ${ms(percentile(preview, 0.95))} (${KEYS} keys)`,
          )
        }
        // nothing of the run is kept as a draft
        await page.evaluate(() => {
          for (const k of Object.keys(localStorage)) if (k.startsWith('easel.novelDraft.')) localStorage.removeItem(k)
        })
        await context.close()
      }
    }
    console.log('keydown → first frame showing the character')
    for (const row of rows) console.log(row)
  } finally {
    await browser.close()
  }
}

await main()
