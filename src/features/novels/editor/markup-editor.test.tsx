import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { MarkupEditor } from './markup-editor.tsx'

const noEmbeds = { images: {}, illusts: {} }

function Harness({ initial }: { initial: string }) {
  const [text, setText] = useState(initial)
  return (
    <MemoryRouter>
      <MarkupEditor
        value={text}
        onChange={setText}
        embeds={noEmbeds}
        label="A novel by Someone"
        novelId={0}
        error={null}
        onUploadingChange={() => {}}
      />
    </MemoryRouter>
  )
}

const field = () => screen.getByRole('textbox', { name: 'Text' }) as HTMLTextAreaElement
const tool = (name: string) => within(screen.getByRole('toolbar', { name: 'Markup' })).getByRole('button', { name })

function select(start: number, end = start) {
  const el = field()
  el.focus()
  el.setSelectionRange(start, end)
  fireEvent.select(el)
}

describe('the markup editor', () => {
  it('has a button for every tag of the markup', () => {
    render(<Harness initial="" />)
    const names = within(screen.getByRole('toolbar', { name: 'Markup' }))
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(names).toEqual([
      'New page',
      'Chapter',
      'Ruby',
      'Emphasis dots',
      'Bold',
      'Italic',
      'Jump to page',
      'Link',
      'Artwork',
      'Image',
    ])
  })

  it('wraps the selection in a tag, then gives the field back its focus with the caret in the empty slot', () => {
    render(<Harness initial="湊は夜空を見上げた。" />)
    select(2, 4)
    // A keyboard press moves the focus to the button; the tool brings it back.
    tool('Ruby').focus()
    fireEvent.click(tool('Ruby'))
    const el = field()
    expect(el.value).toBe('湊は[[rb:夜空 > ]]を見上げた。')
    expect(document.activeElement).toBe(el)
    expect([el.selectionStart, el.selectionEnd]).toEqual([12, 12])
  })

  it('inserts a block tag at the caret on a line of its own, the caret after it', () => {
    render(<Harness initial="一頁目の終わり。二頁目。" />)
    select(8)
    fireEvent.click(tool('New page'))
    const el = field()
    expect(el.value).toBe('一頁目の終わり。\n[newpage]\n二頁目。')
    expect(el.selectionStart).toBe(19)
    expect(document.activeElement).toBe(el)
  })

  it('counts the characters, and previews the text with the reader: a chapter heading and ruby', async () => {
    render(<Harness initial="" />)
    const el = field()
    const text = '[chapter:第一章]\n[[rb:司書 > ししょ]]は言った。'
    await act(async () => {
      fireEvent.change(el, { target: { value: text } })
    })
    expect(el).toHaveAccessibleDescription(`${text.length} of 300,000 characters.`)
    // On a narrow screen the preview waits behind its switch.
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }))
    const preview = await screen.findByRole('region', { name: 'Preview' })
    expect(within(preview).getByRole('heading', { level: 2 })).toHaveTextContent('第一章')
    expect(preview.querySelector('ruby rt')).toHaveTextContent('ししょ')
  })
})
