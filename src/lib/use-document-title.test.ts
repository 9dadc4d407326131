import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useDocumentTitle } from './use-document-title.ts'

describe('useDocumentTitle', () => {
  it('names the view before the site, and the site alone while the view has no title yet', () => {
    const { rerender } = renderHook(({ title }: { title: string | null }) => useDocumentTitle(title), {
      initialProps: { title: null as string | null },
    })
    expect(document.title).toBe('Easel')
    rerender({ title: 'Sunset by Aki' })
    expect(document.title).toBe('Sunset by Aki · Easel')
  })
})
