import { describe, expect, it } from 'vitest'
import { parseNovel } from '../markup/parse-novel.ts'
import { applyMarkupEdit, EMPHASIS_MARK, MARKUP_TOOLS, markupEdit, type MarkupTool } from './markup-tools.ts'

/**
 * Presses `tool` on a text written with its selection as `|…|` (or a caret as one `|`); the result is written the
 * same way, with the caret after the edit.
 */
function press(marked: string, tool: MarkupTool, value?: string): string {
  const start = marked.indexOf('|')
  const second = marked.indexOf('|', start + 1)
  const end = second < 0 ? start : second - 1
  const text = marked.replace(/\|/g, '')
  const edit = markupEdit(text, { start, end }, tool, value)
  const after = applyMarkupEdit(text, edit)
  expect(edit.selection.start).toBe(edit.selection.end)
  return after.slice(0, edit.selection.start) + '|' + after.slice(edit.selection.start)
}

describe('the toolbar wraps a selection', () => {
  it('in an inline tag, the caret after it', () => {
    expect(press('a |bold| word', 'bold')).toBe('a [b:bold]| word')
    expect(press('a |slanted| word', 'italic')).toBe('a [i:slanted]| word')
    expect(press('|強調|する', 'emphasis')).toBe(`[[emphasismark:強調 > ${EMPHASIS_MARK}]]|する`)
  })

  it('in the first slot, the caret in the slot left empty', () => {
    expect(press('これは|漢字|です', 'ruby')).toBe('これは[[rb:漢字 > |]]です')
    expect(press('see |the site|', 'link')).toBe('see [[jumpuri:the site > |]]')
  })

  it('a URL in a link’s URL, the caret in its title', () => {
    expect(press('see |https://example.org/a|', 'link')).toBe('see [[jumpuri:| > https://example.org/a]]')
  })

  it('leaving the spaces at its ends outside the tag', () => {
    expect(press('a| word |here', 'bold')).toBe('a [b:word]| here')
  })

  it('only where the tag can hold it: a number in a jump, a work id in an image', () => {
    expect(press('go to |3|', 'jump')).toBe('go to [jump:3]|')
    expect(press('|123-2|', 'pixivimage')).toBe('[pixivimage:123-2]\n|')
  })

  it('never across lines, and never removing what was selected', () => {
    expect(press('|one\ntwo|', 'bold')).toBe('one\ntwo[b:|]')
    expect(press('page |three|', 'jump')).toBe('page three[jump:|]')
  })

  it('in a chapter tag on a line of its own', () => {
    expect(press('before |Chapter one| after', 'chapter')).toBe('before \n[chapter:Chapter one]\n| after')
    expect(press('|Chapter one|\ntext', 'chapter')).toBe('[chapter:Chapter one]\n|text')
  })
})

describe('the toolbar inserts at the caret', () => {
  it('an empty tag with the caret in its first slot', () => {
    expect(press('text|', 'ruby')).toBe('text[[rb:| > ]]')
    expect(press('|', 'bold')).toBe('[b:|]')
    expect(press('see |', 'jump')).toBe('see [jump:|]')
    expect(press('x|', 'link')).toBe('x[[jumpuri:| > ]]')
  })

  it('a block tag on a line of its own, the caret on the line after it', () => {
    expect(press('end of a page|', 'newpage')).toBe('end of a page\n[newpage]\n|')
    expect(press('first|second', 'newpage')).toBe('first\n[newpage]\n|second')
    expect(press('line\n|\nnext', 'newpage')).toBe('line\n[newpage]\n|next')
    expect(press('|', 'newpage')).toBe('[newpage]\n|')
    expect(press('text|', 'chapter')).toBe('text\n[chapter:|]\n')
  })

  it('the uploaded image it brings, after the selection', () => {
    expect(press('a |picture| here', 'uploadedimage', '42')).toBe('a picture\n[uploadedimage:42]\n| here')
    expect(press('text\n|', 'uploadedimage', '7')).toBe('text\n[uploadedimage:7]\n|')
  })
})

describe('every tag the parser knows has a button', () => {
  // Each tool, filled in, as the parser reads it: a button whose tag the parser did not know would insert plain text.
  const filled: Record<MarkupTool, [string, string | undefined]> = {
    newpage: ['one|', undefined],
    chapter: ['|Title|', undefined],
    ruby: ['|漢字|', undefined],
    emphasis: ['|text|', undefined],
    bold: ['|text|', undefined],
    italic: ['|text|', undefined],
    jump: ['|1|', undefined],
    link: ['|https://example.org/|', undefined],
    pixivimage: ['|12|', undefined],
    uploadedimage: ['|', '5'],
  }

  it.each(MARKUP_TOOLS)('%s makes a node the parser reads', (tool) => {
    const [marked, value] = filled[tool]
    let text = press(marked, tool, value).replace('|', '')
    if (tool === 'ruby') text = text.replace(' > ]]', ' > かんじ]]')
    if (tool === 'link') text = text.replace('[[jumpuri: >', '[[jumpuri:a site >')
    const doc = parseNovel(text)
    const blocks = doc.pages.flatMap((p) => p.blocks)
    const kinds = new Set([
      ...blocks.map((b) => b.type),
      ...blocks.flatMap((b) => (b.type === 'paragraph' ? b.content.map((n) => n.type) : [])),
    ])
    const expected: Record<MarkupTool, () => boolean> = {
      newpage: () => doc.pages.length === 2,
      chapter: () => kinds.has('chapter'),
      ruby: () => kinds.has('ruby'),
      emphasis: () => kinds.has('emphasis'),
      bold: () => kinds.has('bold'),
      italic: () => kinds.has('italic'),
      jump: () => kinds.has('jump'),
      link: () => kinds.has('link'),
      pixivimage: () => kinds.has('pixivimage'),
      uploadedimage: () => kinds.has('uploadedimage'),
    }
    expect(expected[tool](), text).toBe(true)
  })
})
