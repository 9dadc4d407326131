import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Illust } from '../../../api/model.ts'
import { WorkCard } from './work-card.tsx'

const D = '2025/03/01/12/34/56'
const medium = `/c/540x540_70/img-master/img/${D}/9_p0_master1200.jpg`
const small = `/c/360x360_70/img-master/img/${D}/9_p0_master1200.jpg`

const work = {
  id: 9,
  title: 'Tall',
  type: 'illust',
  imageUrls: {
    squareMedium: `/c/360x360_70/img-master/img/${D}/9_p0_square1200.jpg`,
    medium,
    large: `/c/600x1200_90/img-master/img/${D}/9_p0_master1200.jpg`,
  },
  user: { id: 7, name: 'Painter', account: 'painter', profileImageUrls: { medium: '' } },
  pageCount: 1,
  width: 1200,
  height: 1697,
  xRestrict: 0,
  illustAiType: 0,
} as unknown as Illust

const phoneCell = { x: 0, width: 190, height: 270 }

function renderCard(box = phoneCell) {
  render(
    <MemoryRouter>
      <WorkCard work={work} box={box} imageQuality="standard" />
    </MemoryRouter>,
  )
  return screen.getByRole('img', { name: 'Tall by Painter' })
}

describe('WorkCard thumbnail', () => {
  it('loads the small size for a phone cell', () => {
    expect(renderCard()).toHaveAttribute('src', small)
  })

  it('falls back to medium once when the small size fails, and stays there', () => {
    const img = renderCard()
    fireEvent.error(img)
    expect(img).toHaveAttribute('src', medium)
    fireEvent.error(img)
    expect(img).toHaveAttribute('src', medium)
  })

  it('leaves a failing medium alone (no other URL to try)', () => {
    const img = renderCard({ x: 0, width: 400, height: 566 })
    expect(img).toHaveAttribute('src', medium)
    fireEvent.error(img)
    expect(img).toHaveAttribute('src', medium)
  })
})
