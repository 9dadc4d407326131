import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { setLang } from '../../../lib/i18n/i18n.ts'
import { WorkBadges, workBadgeKinds, type BadgeSource } from './work-badges.tsx'

const plain: BadgeSource = { xRestrict: 0, illustAiType: 0, pageCount: 1, type: 'illust', illustBookStyle: 0 }

describe('workBadgeKinds', () => {
  it('gives a plain single-page work no badges', () => {
    expect(workBadgeKinds(plain)).toEqual([])
  })

  it('maps each field to its badge', () => {
    expect(workBadgeKinds({ ...plain, xRestrict: 1 })).toEqual(['r18'])
    expect(workBadgeKinds({ ...plain, xRestrict: 2 })).toEqual(['r18g'])
    expect(workBadgeKinds({ ...plain, illustAiType: 2 })).toEqual(['ai'])
    expect(workBadgeKinds({ ...plain, illustAiType: 1 })).toEqual(['ai-partial'])
    expect(workBadgeKinds({ ...plain, type: 'ugoira' })).toEqual(['ugoira'])
    expect(workBadgeKinds({ ...plain, type: 'manga', pageCount: 12 })).toEqual(['pages'])
    expect(workBadgeKinds({ ...plain, type: 'manga', pageCount: 8, illustBookStyle: 1 })).toEqual(['book', 'pages'])
  })

  it('combines them in a stable order', () => {
    expect(workBadgeKinds({ xRestrict: 2, illustAiType: 2, pageCount: 3, type: 'manga', illustBookStyle: 1 })).toEqual([
      'r18g',
      'ai',
      'book',
      'pages',
    ])
  })
})

describe('WorkBadges', () => {
  it('speaks the gallery’s language, and follows it when it changes', async () => {
    const work = { ...plain, illustAiType: 1, pageCount: 3, type: 'ugoira' as const }
    const { container } = render(<WorkBadges work={work} variant="detail" />)
    const text = () => [...container.querySelectorAll('[data-badge]')].map((el) => el.textContent)
    expect(text()).toEqual(['Partly AI-generated', '▶ugoiraAnimated (ugoira)', '3 pages'])
    try {
      await act(() => setLang('ja'))
      expect(text()).toEqual(['一部AI生成', '▶うごイラアニメーション（うごイラ）', '3ページ'])
    } finally {
      await act(() => setLang('en'))
    }
  })

  it('renders one element per badge with data-badge, and the page count', () => {
    const { container } = render(
      <WorkBadges work={{ ...plain, xRestrict: 1, illustAiType: 2, pageCount: 12, type: 'manga' }} />,
    )
    const kinds = [...container.querySelectorAll('[data-badge]')].map((el) => el.getAttribute('data-badge'))
    expect(kinds).toEqual(['r18', 'ai', 'pages'])
    expect(container.querySelector('[data-badge="pages"]')).toHaveTextContent('12')
    expect(container.querySelector('[data-badge="ai"]')).toHaveTextContent('AI-generated')
  })

  it('uses full words in the detail variant and can be limited to some kinds', () => {
    const { container } = render(
      <WorkBadges variant="detail" only={['ai-partial']} work={{ ...plain, illustAiType: 1, pageCount: 4 }} />,
    )
    expect(container).toHaveTextContent('Partly AI-generated')
    expect(container.querySelector('[data-badge="pages"]')).toBeNull()
  })

  it('renders nothing for a work without badges', () => {
    const { container } = render(<WorkBadges work={plain} />)
    expect(container).toBeEmptyDOMElement()
  })
})
