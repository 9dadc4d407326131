// The editor's toolbar as plain functions: each tag of the novel markup (every one parse-novel.ts knows) as a
// template, and what pressing its button does to the text and the selection. Pure: no DOM, no React.
//
// - A selection that fits one of the tag's slots goes into it (wrapped); one that fits none (a line break in it, words
//   for a page number) is left as it is and the tag goes after it. Nothing typed is ever removed.
// - Spaces at the ends of a wrapped selection stay outside the tag (a double-click selects a word and its space).
// - A block tag (new page, chapter, images) stands on a line of its own: line breaks are added around it where needed.
// - Afterwards the caret is in the first slot left empty (the reading of a ruby, the URL of a link), else just after
//   the tag, ready to type on.

export type MarkupTool =
  'newpage' | 'chapter' | 'ruby' | 'emphasis' | 'bold' | 'italic' | 'jump' | 'link' | 'pixivimage' | 'uploadedimage'

/** The toolbar's order: the page's structure, then the text's marks, then links and images. */
export const MARKUP_TOOLS: readonly MarkupTool[] = [
  'newpage',
  'chapter',
  'ruby',
  'emphasis',
  'bold',
  'italic',
  'jump',
  'link',
  'pixivimage',
  'uploadedimage',
]

export interface TextSelection {
  start: number
  end: number
}

/** The text from `from` to `to` replaced by `insert`, and the selection afterwards. */
export interface MarkupEdit {
  from: number
  to: number
  insert: string
  selection: TextSelection
}

type SlotKind = 'text' | 'reading' | 'url' | 'page' | 'work' | 'upload'
type Part = string | { slot: SlotKind }

interface Template {
  block: boolean
  parts: readonly Part[]
}

/** The mark drawn beside each character of an emphasised run: the sesame dot of Japanese typesetting (傍点). */
export const EMPHASIS_MARK = '﹅'

const TEMPLATES: Record<MarkupTool, Template> = {
  newpage: { block: true, parts: ['[newpage]'] },
  chapter: { block: true, parts: ['[chapter:', { slot: 'text' }, ']'] },
  ruby: { block: false, parts: ['[[rb:', { slot: 'text' }, ' > ', { slot: 'reading' }, ']]'] },
  emphasis: { block: false, parts: ['[[emphasismark:', { slot: 'text' }, ` > ${EMPHASIS_MARK}]]`] },
  bold: { block: false, parts: ['[b:', { slot: 'text' }, ']'] },
  italic: { block: false, parts: ['[i:', { slot: 'text' }, ']'] },
  jump: { block: false, parts: ['[jump:', { slot: 'page' }, ']'] },
  link: { block: false, parts: ['[[jumpuri:', { slot: 'text' }, ' > ', { slot: 'url' }, ']]'] },
  pixivimage: { block: true, parts: ['[pixivimage:', { slot: 'work' }, ']'] },
  uploadedimage: { block: true, parts: ['[uploadedimage:', { slot: 'upload' }, ']'] },
}

/** What each slot takes, as the parser reads it (parse-novel.ts): anything else there would leave the tag literal. */
const FITS: Record<SlotKind, (s: string) => boolean> = {
  // One line, no brackets (a tag does not nest in another; ruby in a title is the one exception, left to the author).
  text: (s) => s !== '' && !/[\n[\]]/.test(s),
  reading: (s) => s !== '' && !/[\n[\]]/.test(s),
  url: (s) => /^https?:\/\/[^\s[\]<>"`{}|\\^]+$/i.test(s),
  page: (s) => /^\d{1,6}$/.test(s),
  work: (s) => /^\d{1,15}(?:-\d{1,6})?$/.test(s),
  upload: (s) => /^\d{1,20}$/.test(s),
}

/** The slot a selection goes into: a URL into a link's URL, anything else into the first slot it fits. */
function slotFor(template: Template, selected: string): SlotKind | null {
  const slots = template.parts.flatMap((p) => (typeof p === 'string' ? [] : [p.slot]))
  const order = slots.includes('url') && FITS.url(selected) ? ['url' as const] : slots
  return order.find((slot) => slot !== 'upload' && FITS[slot](selected)) ?? null
}

/**
 * What pressing `tool` does to `text` with `selection`. `value`: what the tool brings itself (the uploaded image's
 * id), put in its slot.
 */
export function markupEdit(text: string, selection: TextSelection, tool: MarkupTool, value?: string): MarkupEdit {
  const template = TEMPLATES[tool]
  const start = Math.min(selection.start, selection.end)
  const end = Math.max(selection.start, selection.end)
  const selected = text.slice(start, end)
  const core = selected.trim()
  const slot = value === undefined && core !== '' ? slotFor(template, core) : null

  // Wrapped: the selection's core is replaced, its outer spaces stay. Not: the tag goes after the selection.
  let from = end
  let to = end
  if (slot) {
    from = start + (selected.length - selected.trimStart().length)
    to = end - (selected.length - selected.trimEnd().length)
  }

  let insert = ''
  let caret: number | null = null
  for (const part of template.parts) {
    if (typeof part === 'string') {
      insert += part
      continue
    }
    const filled = part.slot === slot ? core : part.slot === 'upload' ? (value ?? '') : ''
    if (filled === '' && caret === null) caret = insert.length
    insert += filled
  }

  let before = ''
  /** Past the tag: in a block's case, past its line break (added, or the one already after it). */
  let after = insert.length
  if (template.block) {
    if (from > 0 && text[from - 1] !== '\n') before = '\n'
    // At the end of the text too: the caret goes to the line after the tag.
    if (text[to] !== '\n') insert += '\n'
    after = insert.length + (text[to] === '\n' ? 1 : 0)
  }
  const at = from + before.length + (caret ?? after)
  return { from, to, insert: before + insert, selection: { start: at, end: at } }
}

/** The text after an edit. */
export const applyMarkupEdit = (text: string, edit: MarkupEdit): string =>
  text.slice(0, edit.from) + edit.insert + text.slice(edit.to)
