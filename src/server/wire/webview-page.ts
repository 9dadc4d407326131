import { createHash } from 'node:crypto'

// The `/webview/v2/novel` page (reference §7 "Novel text"): HTML whose <script> holds the novel as a JS object
// literal `novel: {…}` with camelCase keys. Clients do not run the page; they cut the object out of the text:
// - gallery-dl: the text between the first `novel: ` of the page and the first `,\n` after it, JSON-parsed;
// - pixivpy: the regex `novel:\s({.+}),\s+isOwnWork` (`.` stops at line ends);
// - PixEz: in the first <script> holding `novel:`, the balanced `{…}` after it.
// So the object is one line of JSON, directly followed by `,\n` and then `isOwnWork`; nothing the author wrote comes
// before it in the page; and no character of a title or text can end the string, the object, the line or the script.

/** The `novel` object of the page (pixivpy `WebviewNovel`, PixEz `NovelWebResponse`). */
export interface WebviewNovel {
  id: string
  title: string
  seriesId: string | null
  seriesTitle: string | null
  seriesIsWatched: boolean | null
  userId: string
  coverUrl: string
  tags: string[]
  caption: string
  cdate: string
  rating: { like: number; bookmark: number; view: number }
  text: string
  marker: null
  /** pixiv's maps of the embeds by marker value; Easel's are empty lists (see novel-text.ts) */
  illusts: []
  images: []
  seriesNavigation: { nextNovel: WebviewSeriesLink | null; prevNovel: WebviewSeriesLink | null } | null
  glossaryItems: []
  replaceableItemIds: []
  aiType: number
  isOriginal: boolean
}

export interface WebviewSeriesLink {
  id: number
  viewable: boolean
  contentOrder: string
  title: string
  coverUrl: string
  viewableMessage: string | null
}

/**
 * JSON that is safe as a script's source text and still parses to the same value: `<`, `>` and `&` (no `</script>`,
 * no `<!--`), and U+2028/U+2029 (line terminators to older parsers and to any line-based reader) are written as
 * `\uXXXX` escapes. They can only occur inside JSON strings, where such an escape means the same character.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The page, and the Content-Security-Policy that lets exactly its one script run. */
export function webviewNovelPage(novel: WebviewNovel, isOwnWork: boolean): { html: string; csp: string } {
  // The object is the first thing in the script and stays on its own line: see the clients' readers above.
  const script = `
  Object.defineProperty(window, 'pixiv', {
    value: Object.freeze({
      novel: ${scriptJson(novel)},
      isOwnWork: ${isOwnWork},
    }),
  })
  document.getElementById('novel').textContent = window.pixiv.novel.text
`
  const hash = createHash('sha256').update(script).digest('base64')
  const html = `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Easel</title>
</head>
<body>
<div id="novel" style="white-space: pre-wrap; overflow-wrap: anywhere"></div>
<script>${script}</script>
</body>
</html>
`
  return { html, csp: `default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'` }
}
