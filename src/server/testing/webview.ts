// The ways real clients cut the `novel` object out of the `/webview/v2/novel` page (reference §7 "Novel text"),
// written after their sources, so tests read the page exactly as they do. Each returns the parsed object, or
// throws as the client would fail.

/** gallery-dl `_novel_webview_parse`: `text.extr(page, "novel: ", ",\n")`, JSON-parsed. */
export function galleryDlNovel(html: string): unknown {
  const start = html.indexOf('novel: ')
  if (start < 0) throw new Error('no "novel: " in the page')
  const from = start + 'novel: '.length
  const end = html.indexOf(',\n', from)
  if (end < 0) throw new Error('no ",\\n" after "novel: "')
  return JSON.parse(html.slice(from, end))
}

/**
 * pixivpy `webview_novel`: `re.search(r"novel:\s({.+}),\s+isOwnWork", text)`. Python's `.` matches every character
 * but `\n` (JavaScript's would also stop at `\r`, U+2028 and U+2029), so the pattern is spelt out in those terms.
 */
export function pixivpyNovel(html: string): unknown {
  const m = /novel:\s(\{[^\n]+\}),\s+isOwnWork/.exec(html)
  if (!m) throw new Error('pixivpy regex does not match')
  return JSON.parse(m[1]!)
}

/** PixEz `parseNovelJsonFromHtml`: in the first <script> holding `novel:`, the balanced `{…}` after it. */
export function pixezNovel(scripts: readonly string[]): unknown {
  for (const script of scripts) {
    const at = script.indexOf('novel:')
    if (at < 0) continue
    const start = script.indexOf('{', at)
    if (start < 0) continue
    let depth = 0
    let inString = false
    let escaped = false
    for (let i = start; i < script.length; i++) {
      const ch = script[i]
      if (inString) {
        if (escaped) escaped = false
        else if (ch === '\\') escaped = true
        else if (ch === '"') inString = false
      } else if (ch === '"') inString = true
      else if (ch === '{') depth++
      else if (ch === '}' && --depth === 0) return JSON.parse(script.slice(start, i + 1))
    }
    throw new Error('unbalanced object')
  }
  throw new Error('no script holds "novel:"')
}

/**
 * What pixivpy's `WebviewNovel` model (pydantic, camelCase aliases) refuses in the object: it validates every page
 * it reads (`_load_model`) and raises on any mismatch, so one wrong type makes the novel unreadable through it.
 */
export function pixivpyModelErrors(novel: Record<string, unknown>): string[] {
  const str = (v: unknown) => typeof v === 'string'
  const optStr = (v: unknown) => v === null || v === undefined || str(v)
  const int = (v: unknown) => Number.isInteger(v)
  const strList = (v: unknown) => Array.isArray(v) && v.every(str)
  const rating = (v: unknown) =>
    typeof v === 'object' && v !== null && ['like', 'bookmark', 'view'].every((k) => int((v as never)[k]))
  // Union[NovelNavigationInfo, EmptyObject, None]: EmptyObject takes any object.
  const navigation = (v: unknown) => v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v))
  const fields: Record<string, (v: unknown) => boolean> = {
    id: str,
    title: str,
    seriesId: optStr,
    seriesTitle: optStr,
    seriesIsWatched: (v) => v === null || v === undefined || typeof v === 'boolean',
    userId: str,
    coverUrl: str,
    tags: strList,
    caption: str,
    cdate: str,
    rating,
    text: str,
    marker: optStr,
    illusts: strList,
    images: strList,
    seriesNavigation: navigation,
    glossaryItems: strList,
    replaceableItemIds: strList,
    aiType: int,
    isOriginal: (v) => typeof v === 'boolean',
  }
  return Object.entries(fields).flatMap(([k, ok]) => (ok(novel[k]) ? [] : [k]))
}
