import { fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Illust } from '../../../../api/model.ts'
import { toIllust } from '../../../../api/camel.ts'
import type { WireIllust } from '../../../../api/wire.ts'
import { ArtworkMedia } from './artwork-media.tsx'

// An imported ugoira kept as a video (`easel_video` on the wire) is played by a <video>, never by the frame player
// (whose /v1/ugoira/metadata answers an error for such a work).

const wire = {
  id: 601,
  title: 'A converted ugoira',
  type: 'ugoira',
  image_urls: { square_medium: '/s.jpg', medium: '/m.jpg', large: '/l.jpg' },
  caption: '',
  restrict: 0,
  user: { id: 88, name: 'Animator', account: 'animator', profile_image_urls: { medium: '/a.jpg' } },
  tags: [],
  tools: [],
  create_date: '2025-04-02T10:20:30+09:00',
  page_count: 1,
  width: 640,
  height: 480,
  sanity_level: 2,
  x_restrict: 0,
  series: null,
  meta_single_page: { original_image_url: '/img-original/img/2025/04/02/10/20/30/601_ugoira0.jpg' },
  meta_pages: [],
  total_view: 0,
  total_bookmarks: 0,
  is_bookmarked: false,
  visible: true,
  is_muted: false,
  seasonal_effect_animation_urls: null,
  event_banners: null,
  illust_ai_type: 0,
  illust_book_style: 0,
  request: null,
  easel_video: {
    url: '/img-original/img/2025/04/02/10/20/30/601_ugoira.webm',
    type: 'video/webm',
    width: 64,
    height: 48,
  },
} satisfies WireIllust

afterEach(() => vi.restoreAllMocks())

describe('ArtworkMedia on an ugoira kept as a video', () => {
  it('plays the video as it is: looping, muted, inline; Pause pauses it', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
    const work: Illust = toIllust(wire)
    expect(work.easelVideo).toEqual({ url: wire.easel_video.url, type: 'video/webm', width: 64, height: 48 })
    const { container, getByRole } = render(<ArtworkMedia work={work} />)
    const video = container.querySelector('video')!
    expect(video).not.toBeNull()
    expect(video.getAttribute('src')).toBe(wire.easel_video.url)
    expect(video.loop).toBe(true)
    expect(video.muted).toBe(true)
    expect(video.hasAttribute('playsinline')).toBe(true)
    expect(video).toHaveAccessibleName()
    expect(play).toHaveBeenCalled()
    // no canvas of the frame player
    expect(container.querySelector('canvas')).toBeNull()
    fireEvent.click(getByRole('button', { name: 'Pause' }))
    expect(getByRole('button', { name: 'Pause' })).toHaveAttribute('aria-pressed', 'true')
    expect(pause).toHaveBeenCalled()
  })
})
