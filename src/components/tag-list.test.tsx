import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { setLang } from '../lib/i18n/i18n.ts'
import { TagList, tagTranslation } from './tag-list.tsx'

const tags = [
  { name: '猫', translatedName: 'cat' },
  { name: 'オリジナル', translatedName: 'original' },
  { name: 'landscape', translatedName: 'landscape' },
  { name: '風景', translatedName: null },
]

const renderTags = () =>
  render(
    <MemoryRouter>
      <TagList tags={tags} href={(tag) => `/search?word=${encodeURIComponent(tag)}`} />
    </MemoryRouter>,
  )

describe('tags in the reader’s language', () => {
  afterEach(() => setLang('en'))

  it('in English: each name, with its English translation beside it when it differs', () => {
    renderTags()
    const list = screen.getByRole('list', { name: 'Tags' })
    expect(list.textContent).toBe('#猫cat#オリジナルoriginal#landscape#風景')
    expect(screen.getByText('cat').getAttribute('lang')).toBe('en')
  })

  it('in Japanese: the names only, no English beside them; switching back shows the translations again', async () => {
    await act(() => setLang('ja'))
    renderTags()
    const list = screen.getByRole('list', { name: 'タグ' })
    expect(list.textContent).toBe('#猫#オリジナル#landscape#風景')
    await act(() => setLang('en'))
    expect(screen.getByRole('list', { name: 'Tags' }).textContent).toContain('#猫cat')
  })

  it('tagTranslation: English only, and never a translation equal to the name', () => {
    expect(tagTranslation({ name: '猫', translatedName: 'cat' }, 'en')).toBe('cat')
    expect(tagTranslation({ name: '猫', translatedName: 'cat' }, 'ja')).toBeNull()
    expect(tagTranslation({ name: 'cat', translatedName: 'cat' }, 'en')).toBeNull()
    expect(tagTranslation({ name: '猫' }, 'en')).toBeNull()
  })
})
