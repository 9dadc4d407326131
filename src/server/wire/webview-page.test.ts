import { createHash } from 'node:crypto'
import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { galleryDlNovel, pixezNovel, pixivpyNovel } from '../testing/webview.ts'
import { scriptJson, webviewNovelPage, type WebviewNovel } from './webview-page.ts'

// Whatever an author writes, the page's `novel` object reads back as exactly that, by each client's method, and
// nothing of it runs or ends the script.

const novel = (text: string, over: Partial<WebviewNovel> = {}): WebviewNovel => ({
  id: '7',
  title: 'title',
  seriesId: null,
  seriesTitle: null,
  seriesIsWatched: null,
  userId: '3',
  coverUrl: 'http://easel.test/c/240x480_80/novel-cover-master/img/2026/01/01/00/00/00/7_x_master1200.jpg',
  tags: ['tag'],
  caption: 'caption',
  cdate: '2026-01-01T00:00:00+09:00',
  rating: { like: 0, bookmark: 1, view: 2 },
  text,
  marker: null,
  illusts: [],
  images: [],
  seriesNavigation: null,
  glossaryItems: [],
  replaceableItemIds: [],
  aiType: 1,
  isOriginal: false,
  ...over,
})

const HOSTILE = [
  '</script><script>window.__xss = 1</script>',
  '</SCRIPT ><script>window.__xss = 2</script>',
  '<!--<script>window.__xss = 3</script>-->',
  '<![CDATA[</script><script>window.__xss = 4</script>]]>',
  '\u2028window.__xss = 5\u2029',
  '",\n      isOwnWork: true, forged: "',
  'novel: {"text":"forged"},\n      isOwnWork: false,',
  'x}, isOwnWork: true, y: {',
  '\\", "text": "forged\\',
  'lone \ud800 surrogate \udfff',
  'nul \u0000 and \r\n and \t',
  '&lt;script&gt;window.__xss = 6&lt;/script&gt;',
  '[[jumpuri:x > javascript:window.__xss = 7]]',
]

/** Loads the page in a DOM that runs its scripts; what the page defined, and whether a payload ran. */
function load(html: string) {
  const dom = new JSDOM(html, { runScripts: 'dangerously' })
  const w = dom.window as unknown as { pixiv?: { novel: unknown }; __xss?: number; JSON: JSON }
  const scripts = [...dom.window.document.querySelectorAll('script')].map((s) => s.textContent ?? '')
  return {
    scripts,
    defined: w.pixiv ? (JSON.parse(w.JSON.stringify(w.pixiv.novel)) as unknown) : undefined,
    xss: w.__xss,
    shown: dom.window.document.getElementById('novel')?.textContent,
  }
}

describe('the webview novel page', () => {
  it('reads back, by gallery-dl, pixivpy and PixEz alike, every hostile text, title, caption and tag', () => {
    for (const payload of HOSTILE) {
      const n = novel(`before ${payload} after`, {
        title: payload,
        caption: payload,
        tags: [payload],
        seriesTitle: payload,
      })
      const { html } = webviewNovelPage(n, false)
      const page = load(html)
      expect(galleryDlNovel(html), payload).toEqual(n)
      expect(pixivpyNovel(html), payload).toEqual(n)
      expect(pixezNovel(page.scripts), payload).toEqual(n)
      // Nothing ran but the page's own script, which defined the novel and showed its text as text.
      expect(page.scripts, payload).toHaveLength(1)
      expect(page.xss, payload).toBeUndefined()
      expect(page.defined, payload).toEqual(n)
      expect(page.shown, payload).toBe(n.text)
      expect(html, payload).not.toMatch(/[\u2028\u2029]/)
    }
  })

  it('reads back random strings of the characters that matter', () => {
    const alphabet = ['<', '>', '/', '!', '-', '&', '"', "'", '\\', '\n', '\r', '\u2028', '\u2029', ',', ':', ' ']
    const words = ['script', 'novel: ', 'isOwnWork', '{', '}', '</script>', '<!--', '-->', 'a', '\ud83d\ude00']
    let seed = 12345
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let i = 0; i < 300; i++) {
      let text = ''
      for (let k = rnd(60); k > 0; k--) text += rnd(3) ? alphabet[rnd(alphabet.length)] : words[rnd(words.length)]
      const n = novel(text, { title: text.slice(0, 20) })
      const { html } = webviewNovelPage(n, true)
      expect(galleryDlNovel(html)).toEqual(n)
      expect(pixivpyNovel(html)).toEqual(n)
      expect(html.match(/<script/gi)).toHaveLength(1)
      expect(html.match(/<\/script/gi)).toHaveLength(1)
      expect(html.match(/<!--/g)).toBeNull()
    }
  })

  it('lets only its own script run (CSP hash of that script)', () => {
    const { html, csp } = webviewNovelPage(novel('text'), false)
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!
    expect(csp).toContain(`script-src 'sha256-${createHash('sha256').update(script).digest('base64')}'`)
    expect(csp).toContain("default-src 'none'")
  })

  it('writes <, >, &, U+2028 and U+2029 as escapes that JSON reads as the same characters', () => {
    const value = { s: '<a>&\u2028\u2029' }
    const json = scriptJson(value)
    expect(json).toBe('{"s":"\\u003ca\\u003e\\u0026\\u2028\\u2029"}')
    expect(JSON.parse(json)).toEqual(value)
  })
})
