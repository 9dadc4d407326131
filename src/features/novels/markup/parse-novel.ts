// The pixiv novel markup (wire reference §19) parsed into pages → blocks → inline nodes. Pure: no DOM, no React.
//
// Rules, after pixiv's reference grammar (pixiv/pixiv-novel-parser src/parser.pegjs) with a few deliberate limits:
// - `[newpage]` splits pages (numbered from 1, the targets of `[jump:N]`); `[chapter:…]`, `[pixivimage:…]` and
//   `[uploadedimage:…]` are blocks. A newline on either side of a block tag belongs to the tag, so a tag alone on its
//   line leaves no blank line behind, and a tag in mid-line splits the line around it.
// - Every other line is a paragraph of inline nodes: ruby, links, in-novel jumps, emphasis marks, bold, italic.
// - Tags never nest, except ruby inside a chapter title or a link title (as in the grammar).
// - No tag spans a line break, so an unterminated tag can never swallow the rest of the page.
// - Anything that is not a well-formed tag stays literal text: unknown tags, unterminated or mis-nested ones, links
//   whose URL is not http(s), jumps to pages that do not exist.
// Every block carries its [start, end) offsets in the (newline-normalised) source, so a reading position can be kept
// as a character offset that does not depend on the layout.

export interface TextNode {
  type: 'text'
  text: string
}

export interface RubyNode {
  type: 'ruby'
  base: string
  reading: string
}

/** What a chapter title or a link title may hold. */
export type TitleNode = TextNode | RubyNode

export interface LinkNode {
  type: 'link'
  /** Always an absolute http(s) URL. */
  href: string
  title: TitleNode[]
}

export interface JumpNode {
  type: 'jump'
  /** 1-based, and always a page of the novel. */
  page: number
}

export interface EmphasisNode {
  type: 'emphasis'
  text: string
  /** One character, drawn beside each character of `text` (CSS `text-emphasis-style`). */
  mark: string
}

export interface StyledNode {
  type: 'bold' | 'italic'
  text: string
}

export type InlineNode = TextNode | RubyNode | LinkNode | JumpNode | EmphasisNode | StyledNode

interface Span {
  /** Offset of the block's first character in the source text. */
  start: number
  /** Offset just past the block's last character. */
  end: number
}

export interface ParagraphBlock extends Span {
  type: 'paragraph'
  /** Empty for a blank line. */
  content: InlineNode[]
}

export interface ChapterBlock extends Span {
  type: 'chapter'
  /** 1-based position among the novel's chapters. */
  index: number
  title: TitleNode[]
}

export interface PixivImageBlock extends Span {
  type: 'pixivimage'
  /** The marker's literal value (`"123"` or `"123-2"`): the key of the novel text's `illusts` map. */
  key: string
  illustId: number
  /** 1-based page of the work; null when the marker names none. */
  page: number | null
}

export interface UploadedImageBlock extends Span {
  type: 'uploadedimage'
  /** The key of the novel text's `images` map. */
  imageId: string
}

export type Block = ParagraphBlock | ChapterBlock | PixivImageBlock | UploadedImageBlock

export interface NovelPage {
  /** 1-based. */
  number: number
  blocks: Block[]
  /** Source offsets of the page's text (between its `[newpage]` markers). */
  start: number
  end: number
}

export interface ChapterEntry {
  index: number
  page: number
  title: TitleNode[]
}

export interface NovelDocument {
  /** At least one page, even for empty text. */
  pages: NovelPage[]
  chapters: ChapterEntry[]
  /** Length of the normalised source: the largest meaningful character offset. */
  length: number
}

// ---- scanning helpers (all work on one line: no tag crosses a newline) ----

const WHITESPACE = /^[\s\uFEFF\xA0]+|[\s\uFEFF\xA0]+$/g
const trim = (s: string) => s.replace(WHITESPACE, '')

/** Longest id we turn into a number without losing digits (Number.MAX_SAFE_INTEGER has 16). */
const MAX_ID_DIGITS = 15
/** No tag is longer than this, so a line full of unterminated openers costs linear time, not quadratic. */
const MAX_TAG_LENGTH = 2000

interface Match<T> {
  node: T
  /** Offset just past the tag. */
  end: number
}

/** `[[rb:BASE > READING]]` at `at`. The base has no `>`, `[` or `]`; the reading no `[`; both non-empty. */
function matchRuby(line: string, at: number): Match<RubyNode> | null {
  if (!line.startsWith('[[rb:', at)) return null
  const tag = line.slice(at, at + MAX_TAG_LENGTH)
  const gt = tag.indexOf('>', 5)
  if (gt < 0) return null
  const base = tag.slice(5, gt)
  if (/[[\]]/.test(base)) return null
  const close = tag.indexOf(']]', gt + 1)
  if (close < 0) return null
  const reading = tag.slice(gt + 1, close)
  if (reading.includes('[')) return null
  const node: RubyNode = { type: 'ruby', base: trim(base), reading: trim(reading) }
  if (!node.base || !node.reading) return null
  return { node, end: at + close + 2 }
}

/**
 * Title text up to (not including) a character in `stop`, with ruby allowed inside: the tokens and where it
 * stopped, or null when the line ends first or an inner `[`…`]` is not ruby (stays literal). Text is trimmed at
 * both ends of the title, as the grammar does.
 */
function matchTitle(line: string, from: number, stop: string): { title: TitleNode[]; end: number } | null {
  const title: TitleNode[] = []
  let text = ''
  let i = from
  // No stop character within reach: not a title (checked natively first, so openers without a close cost little).
  const window = line.slice(from, from + MAX_TAG_LENGTH)
  if (![...stop].some((c) => window.includes(c))) return null
  const limit = from + window.length
  while (i < limit) {
    const c = line[i]!
    if (stop.includes(c)) {
      if (text) title.push({ type: 'text', text })
      return { title: trimTitle(title), end: i }
    }
    if (c === '[') {
      const ruby = matchRuby(line, i)
      if (ruby) {
        if (text) title.push({ type: 'text', text })
        text = ''
        title.push(ruby.node)
        i = ruby.end
        continue
      }
    }
    text += c
    i++
  }
  return null
}

function trimTitle(title: TitleNode[]): TitleNode[] {
  const out = title.slice()
  const first = out[0]
  if (first?.type === 'text') out[0] = { type: 'text', text: first.text.replace(/^[\s\uFEFF\xA0]+/, '') }
  const lastIndex = out.length - 1
  const last = out[lastIndex]
  if (last?.type === 'text') out[lastIndex] = { type: 'text', text: last.text.replace(/[\s\uFEFF\xA0]+$/, '') }
  return out.filter((n) => n.type !== 'text' || n.text !== '')
}

const titleIsEmpty = (title: TitleNode[]) => title.length === 0

/** `[chapter:TITLE]`: the title may hold ruby, no other `[`…`]` pair, and is not empty. */
function matchChapter(line: string, at: number): Match<TitleNode[]> | null {
  if (!line.startsWith('[chapter:', at)) return null
  const t = matchTitle(line, at + 9, ']')
  if (!t || titleIsEmpty(t.title)) return null
  // `[` in plain title text (say `[chapter:[draft]`) makes the tag ambiguous: the grammar refuses it too.
  if (t.title.some((n) => n.type === 'text' && n.text.includes('['))) return null
  return { node: t.title, end: t.end + 1 }
}

// The grammar's URI: http(s):// then RFC 3986 characters. Non-ASCII letters are accepted too (IRIs); whitespace,
// brackets, double quotes and angle brackets are not. `new URL` then has the last word.
const URI = /^https?:\/\/[^\s[\]<>"`{}|\\^]+/i

function safeHttpUrl(raw: string): string | null {
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** `[[jumpuri:TITLE > URL]]`: only http(s) URLs make a link; anything else leaves the whole tag as text. */
function matchJumpuri(line: string, at: number): Match<LinkNode> | null {
  if (!line.startsWith('[[jumpuri:', at)) return null
  const t = matchTitle(line, at + 10, '>')
  if (!t || titleIsEmpty(t.title)) return null
  const rest = line.slice(t.end + 1, at + MAX_TAG_LENGTH)
  const lead = /^[ \t]*/.exec(rest)![0].length
  const uri = URI.exec(rest.slice(lead))
  if (!uri) return null
  const after = t.end + 1 + lead + uri[0].length
  const tail = /^[ \t]*\]\]/.exec(line.slice(after))
  if (!tail) return null
  const href = safeHttpUrl(uri[0])
  if (!href) return null
  return { node: { type: 'link', href, title: t.title }, end: after + tail[0].length }
}

/** `[jump:N]` (leading zeros allowed). Whether page N exists is checked once all pages are known. */
function matchJump(line: string, at: number): Match<JumpNode> | null {
  const m = /^\[jump:(\d{1,6})\]/.exec(line.slice(at, at + 14))
  return m ? { node: { type: 'jump', page: Number(m[1]) }, end: at + m[0].length } : null
}

/** `[pixivimage:ID]` or `[pixivimage:ID-PAGE]`, PAGE 1-based. */
function matchPixivImage(line: string, at: number): Match<Omit<PixivImageBlock, 'start' | 'end'>> | null {
  const m = /^\[pixivimage:(\d{1,15})(?:-(\d{1,6}))?\]/.exec(line.slice(at, at + 36))
  if (!m) return null
  const page = m[2] === undefined ? null : Number(m[2])
  if (page === 0 || Number(m[1]) === 0 || m[1]!.length > MAX_ID_DIGITS) return null
  const key = m[2] === undefined ? m[1]! : `${m[1]}-${m[2]}`
  return { node: { type: 'pixivimage', key, illustId: Number(m[1]), page }, end: at + m[0].length }
}

function matchUploadedImage(line: string, at: number): Match<Omit<UploadedImageBlock, 'start' | 'end'>> | null {
  const m = /^\[uploadedimage:(\d{1,20})\]/.exec(line.slice(at, at + 36))
  return m ? { node: { type: 'uploadedimage', imageId: m[1]! }, end: at + m[0].length } : null
}

/** `[[emphasismark:TEXT > MARK]]`: MARK is one character (the first, if more are given). */
function matchEmphasis(line: string, at: number): Match<EmphasisNode> | null {
  if (!line.startsWith('[[emphasismark:', at)) return null
  const tag = line.slice(at, at + MAX_TAG_LENGTH)
  const close = tag.indexOf(']]', 15)
  if (close < 0) return null
  const inner = tag.slice(15, close)
  if (/[[\]]/.test(inner)) return null
  const gt = inner.lastIndexOf('>')
  if (gt < 0) return null
  const text = trim(inner.slice(0, gt))
  const mark = [...trim(inner.slice(gt + 1))][0]
  if (!text || !mark) return null
  return { node: { type: 'emphasis', text, mark }, end: at + close + 2 }
}

/** `[b:TEXT]` and `[i:TEXT]`: plain text inside, not empty. */
function matchStyled(line: string, at: number): Match<StyledNode> | null {
  const m = /^\[([bi]):([^[\]]+)\]/.exec(line.slice(at, at + MAX_TAG_LENGTH))
  if (!m || !trim(m[2]!)) return null
  return { node: { type: m[1] === 'b' ? 'bold' : 'italic', text: m[2]! }, end: at + m[0].length }
}

function matchInline(line: string, at: number): Match<InlineNode> | null {
  if (line[at + 1] === '[') return matchRuby(line, at) ?? matchJumpuri(line, at) ?? matchEmphasis(line, at)
  return matchJump(line, at) ?? matchStyled(line, at)
}

// ---- the parser ----

/** Text nodes next to each other become one (literal fallbacks leave them split). */
function mergeText(nodes: InlineNode[]): InlineNode[] {
  const out: InlineNode[] = []
  for (const node of nodes) {
    const prev = out[out.length - 1]
    if (node.type === 'text' && prev?.type === 'text')
      out[out.length - 1] = { type: 'text', text: prev.text + node.text }
    else if (node.type !== 'text' || node.text) out.push(node)
  }
  return out
}

const isBlank = (b: Block) => b.type === 'paragraph' && b.content.length === 0

/** Parses novel markup. Never throws; any input gives at least one page. */
export function parseNovel(source: string): NovelDocument {
  const text = source.replace(/\r\n?/g, '\n')
  const pages: NovelPage[] = []
  let blocks: Block[] = []
  let pageStart = 0
  /** Raw text of each jump, to put back when its page turns out not to exist. */
  const jumpRaw = new Map<JumpNode, string>()
  let chapterCount = 0

  const endPage = (end: number) => {
    // Blank lines at the edges of a page only push its text away from the page break.
    let from = 0
    let to = blocks.length
    while (from < to && isBlank(blocks[from]!)) from++
    while (to > from && isBlank(blocks[to - 1]!)) to--
    pages.push({ number: pages.length + 1, blocks: blocks.slice(from, to), start: pageStart, end })
    blocks = []
  }

  const NEWPAGE = '[newpage]'
  let lineStart = 0
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart)
    const lineEnd = nl < 0 ? text.length : nl
    const line = text.slice(lineStart, lineEnd)

    let inline: InlineNode[] = []
    let literal = ''
    let paraStart = lineStart
    /** Whether a block tag already stood on this line (then its newlines belong to the tag). */
    let hadBlock = false

    const flushLiteral = () => {
      if (literal) inline.push({ type: 'text', text: literal })
      literal = ''
    }
    const endParagraph = (at: number, force: boolean) => {
      flushLiteral()
      const content = mergeText(inline)
      const onlySpace = content.every((n) => n.type === 'text' && !trim(n.text))
      if (!onlySpace || (force && !hadBlock)) {
        blocks.push({ type: 'paragraph', content: onlySpace ? [] : content, start: paraStart, end: lineStart + at })
      }
      inline = []
    }

    let i = 0
    while (i < line.length) {
      const c = line[i]!
      if (c !== '[') {
        // Plain text runs to the next bracket.
        const next = line.indexOf('[', i + 1)
        const to = next < 0 ? line.length : next
        literal += line.slice(i, to)
        i = to
        continue
      }
      if (line.startsWith(NEWPAGE, i)) {
        endParagraph(i, false)
        endPage(lineStart + i)
        pageStart = lineStart + i + NEWPAGE.length
        hadBlock = true
        i += NEWPAGE.length
        paraStart = lineStart + i
        continue
      }
      const chapter = matchChapter(line, i)
      const image = chapter ? null : (matchPixivImage(line, i) ?? matchUploadedImage(line, i))
      if (chapter || image) {
        endParagraph(i, false)
        const span = { start: lineStart + i, end: lineStart + (chapter ?? image)!.end }
        if (chapter) blocks.push({ type: 'chapter', index: ++chapterCount, title: chapter.node, ...span })
        else blocks.push({ ...image!.node, ...span } as PixivImageBlock | UploadedImageBlock)
        hadBlock = true
        i = (chapter ?? image)!.end
        paraStart = lineStart + i
        continue
      }
      const tag = matchInline(line, i)
      if (tag) {
        flushLiteral()
        inline.push(tag.node)
        if (tag.node.type === 'jump') jumpRaw.set(tag.node, line.slice(i, tag.end))
        i = tag.end
        continue
      }
      literal += c
      i++
    }
    endParagraph(line.length, true)
    if (nl < 0) break
    lineStart = nl + 1
  }
  endPage(text.length)

  // Jumps to pages that do not exist stay as they were written.
  if (jumpRaw.size > 0) {
    for (const page of pages) {
      for (const block of page.blocks) {
        if (block.type !== 'paragraph') continue
        if (!block.content.some((n) => n.type === 'jump' && (n.page < 1 || n.page > pages.length))) continue
        block.content = mergeText(
          block.content.map((n) =>
            n.type === 'jump' && (n.page < 1 || n.page > pages.length) ? { type: 'text', text: jumpRaw.get(n)! } : n,
          ),
        )
      }
    }
  }

  const chapters: ChapterEntry[] = []
  for (const page of pages)
    for (const block of page.blocks)
      if (block.type === 'chapter') chapters.push({ index: block.index, page: page.number, title: block.title })

  return { pages, chapters, length: text.length }
}

/** The plain text of title nodes (ruby as its base), e.g. for a link's accessible name or the document title. */
export function titleText(title: TitleNode[]): string {
  return title.map((n) => (n.type === 'text' ? n.text : n.base)).join('')
}

/** The page (1-based) that holds source offset `offset`: the last page starting at or before it. */
export function pageAt(doc: NovelDocument, offset: number): number {
  let page = 1
  for (const p of doc.pages) if (p.start <= offset) page = p.number
  return page
}
