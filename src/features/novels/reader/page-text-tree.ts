import { paths } from '../../../lib/paths.ts'
import { EXTERNAL_LINK_REL, inAppPath } from '../../../lib/pixiv-links.ts'
import { splitTwoDigitRuns } from '../lib/text-lang.ts'
import type { Block, ChapterBlock, InlineNode, ParagraphBlock, TitleNode } from '../markup/parse-novel.ts'

// A page's text blocks (paragraphs and chapter headings) as plain trees of elements: novel-page-text.tsx renders
// them with React, and the page's first view (src/app/first-view/first-view.ts) with the DOM, before the app has
// started, so the two paint the same text in the same boxes. Every string from the markup is a text child, never
// HTML; the only URLs are http(s) links the parser let through and in-app paths.

export interface TextElement {
  tag: 'p' | 'h2' | 'br' | 'span' | 'ruby' | 'rp' | 'rt' | 'strong' | 'i' | 'em' | 'a'
  /** Attributes by their HTML names (`data-start`, `aria-label`, `href`…). */
  attrs?: Readonly<Record<string, string>>
  className?: string
  /** An emphasis mark's `text-emphasis-style`. */
  emphasis?: string
  /** A path in the gallery: the app's router follows the link (React renders it as the router's `Link`). */
  to?: string
  children: readonly TextTree[]
}

export type TextTree = string | TextElement

export type TextBlock = ParagraphBlock | ChapterBlock

export interface TextOptions {
  novelId: number
  /** Vertical writing: two-digit numbers are set upright in one cell (tate-chu-yoko). */
  vertical: boolean
  /** A page link's accessible name ("Page 2", in the viewer's language); the link's text alone without it. */
  pageLabel?: (page: number) => string
}

export const isTextBlock = (block: Block): block is TextBlock => block.type === 'paragraph' || block.type === 'chapter'

const el = (tag: TextElement['tag'], children: readonly TextTree[], rest: Omit<TextElement, 'tag' | 'children'> = {}) =>
  ({ tag, children, ...rest }) satisfies TextElement

/** `data-start`/`data-end` mark each block's source offsets: the reading position is measured from them. */
export function blockTree(block: TextBlock, options: TextOptions): TextElement {
  const span = { 'data-start': String(block.start), 'data-end': String(block.end) }
  if (block.type === 'chapter') {
    return el('h2', title(block.title, options.vertical), {
      attrs: { ...span, id: `chapter-${block.index}`, 'data-chapter': String(block.index) },
    })
  }
  if (block.content.length === 0) return el('p', [el('br', [])], { attrs: { ...span, 'aria-hidden': 'true' } })
  return el(
    'p',
    block.content.flatMap((node) => inline(node, options)),
    { attrs: span },
  )
}

/**
 * Plain text; in vertical writing, a two-digit number ("第12話") stands upright in one cell, as Japanese typesetting
 * does (CSS `text-combine-upright: all` on `[data-tcy]`, src/index.css: Chromium has no `digits 2`).
 */
function text(value: string, vertical: boolean): TextTree[] {
  if (!vertical) return [value]
  return splitTwoDigitRuns(value).map((part) =>
    part.upright ? el('span', [part.text], { attrs: { 'data-tcy': '' } }) : part.text,
  )
}

const ruby = (base: string, reading: string) =>
  el('ruby', [base, el('rp', ['(']), el('rt', [reading]), el('rp', [')'])])

/** A CSS string for `text-emphasis-style`: the mark quoted, with quotes and backslashes escaped. */
const cssString = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`

function title(nodes: readonly TitleNode[], vertical: boolean): TextTree[] {
  return nodes.flatMap((node) => (node.type === 'text' ? text(node.text, vertical) : [ruby(node.base, node.reading)]))
}

function inline(node: InlineNode, { novelId, vertical, pageLabel }: TextOptions): TextTree[] {
  switch (node.type) {
    case 'text':
      return text(node.text, vertical)
    case 'ruby':
      return [ruby(node.base, node.reading)]
    case 'bold':
      return [el('strong', [node.text])]
    case 'italic':
      return [el('i', [node.text])]
    case 'emphasis':
      return [el('em', [node.text], { className: 'not-italic', emphasis: cssString(node.mark) })]
    case 'jump':
      return [
        el('a', [String(node.page)], {
          to: paths.novel(novelId, node.page),
          attrs: { 'data-jump': String(node.page), ...(pageLabel && { 'aria-label': pageLabel(node.page) }) },
        }),
      ]
    case 'link': {
      const inApp = inAppPath(node.href)
      const children = title(node.title, false)
      return [
        inApp
          ? el('a', children, { to: inApp })
          : el('a', children, { attrs: { href: node.href, target: '_blank', rel: EXTERNAL_LINK_REL } }),
      ]
    }
  }
}

/** The tree as DOM nodes of `doc` (an in-app link as a plain link to its path). */
export function treeToDom(doc: Document, node: TextTree): Node {
  if (typeof node === 'string') return doc.createTextNode(node)
  const element = doc.createElement(node.tag)
  for (const [name, value] of Object.entries(node.attrs ?? {})) element.setAttribute(name, value)
  if (node.to !== undefined) element.setAttribute('href', node.to)
  if (node.className) element.className = node.className
  if (node.emphasis) element.style.setProperty('text-emphasis-style', node.emphasis)
  element.append(...node.children.map((child) => treeToDom(doc, child)))
  return element
}
