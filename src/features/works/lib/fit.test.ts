import { describe, expect, it } from 'vitest'
import { fitStyle } from './fit.ts'

describe('fitStyle', () => {
  it('fits width, viewport height and natural size, keeping the aspect ratio', () => {
    expect(fitStyle(1200, 600)).toEqual({
      width: 'min(100%, calc((100dvh - 7rem) * 2), 1200px)',
      aspectRatio: '1200 / 600',
    })
  })

  it('gives each page of a spread half the width', () => {
    expect(fitStyle(600, 900, { widthShare: 0.5 }).width).toBe('min(50%, calc((100dvh - 7rem) * 0.6667), 600px)')
  })

  it('falls back to a square when the size is unknown', () => {
    expect(fitStyle(0, 0)).toEqual({ width: 'min(100%, calc((100dvh - 7rem) * 1))', aspectRatio: '1 / 1' })
  })
})
