import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { UserDetail } from '../../../api/model.ts'
import { ProfileHeader } from './profile-header.tsx'

const detail = (webpage: string | null) =>
  ({
    user: {
      id: 7,
      name: 'Reader',
      account: 'reader',
      comment: 'First line\nこんにちは',
      profileImageUrls: { medium: '/img/7.png' },
    },
    profile: { webpage, totalIllusts: 1, totalManga: 2, totalFollowUsers: 3, totalIllustBookmarksPublic: 4 },
  }) as unknown as UserDetail

describe('the profile header', () => {
  it('shows the name, the account, the bio with its line breaks, and the web page as a link', () => {
    render(<ProfileHeader detail={detail('https://reader.example.net/page')} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Reader' })).toBeVisible()
    expect(screen.getByText('@reader')).toBeVisible()
    expect(screen.getByText(/First line/).textContent).toBe('First line\nこんにちは')
    const link = screen.getByRole('link', { name: 'https://reader.example.net/page' })
    expect(link).toHaveAttribute('href', 'https://reader.example.net/page')
    expect(link.getAttribute('rel')).toContain('nofollow')
  })

  it('shows no link without a web page, or for one that is no http(s) address', () => {
    for (const webpage of [null, '', 'javascript:alert(1)']) {
      const { unmount } = render(<ProfileHeader detail={detail(webpage)} />)
      expect(screen.queryByRole('link'), String(webpage)).toBeNull()
      unmount()
    }
  })
})
