import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NovelBadges, novelBadgeKinds } from './novel-badges.tsx'

const plain = { xRestrict: 0, novelAiType: 0, isOriginal: false }

describe('novel badges', () => {
  it('names each flag once, in order, and nothing for a plain novel', () => {
    expect(novelBadgeKinds(plain)).toEqual([])
    expect(novelBadgeKinds({ ...plain, xRestrict: 1 })).toEqual(['r18'])
    expect(novelBadgeKinds({ ...plain, xRestrict: 2 })).toEqual(['r18g'])
    expect(novelBadgeKinds({ xRestrict: 1, novelAiType: 2, isOriginal: true })).toEqual(['r18', 'ai', 'original'])
    expect(novelBadgeKinds({ ...plain, novelAiType: 1 })).toEqual(['ai-partial'])
  })

  it('renders nothing without badges and spells out the short ones for assistive tech', () => {
    const { container, rerender } = render(<NovelBadges novel={plain} />)
    expect(container).toBeEmptyDOMElement()
    rerender(<NovelBadges novel={{ xRestrict: 2, novelAiType: 2, isOriginal: false }} />)
    expect([...container.querySelectorAll('[data-badge]')].map((b) => b.getAttribute('data-badge'))).toEqual([
      'r18g',
      'ai',
    ])
    expect(container).toHaveTextContent('AI-generated')
    expect(container).toHaveTextContent('R-18G')
  })
})
