// One cell of the work grid, in the collections' card frame (card-frame.tsx: the list item, the link, the reveal
// button): a thumbnail that has its final size before it loads, with the work's badges.

import { useState } from 'react'
import type { Illust } from '../../../api/model.ts'
import { CardFrame, type CardPlace } from '../../../components/collection/card-frame.tsx'
import { t, useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import type { ImageQuality } from '../../../lib/settings.ts'
import { smallThumbnailUrl, thumbnailUrl } from './thumbnail.ts'
import { WorkBadges } from './work-badges.tsx'
import '../../../lib/i18n/messages/en/works.ts'

export interface WorkCardProps extends CardPlace {
  work: Illust
  /** The cell's size and horizontal place in its row, in CSS px. */
  box: { x: number; width: number; height: number }
  /** Cells of the first row load at once; the rest when near the viewport. */
  eager?: boolean
  highPriority?: boolean
  imageQuality: ImageQuality
}

export function workAlt(work: Pick<Illust, 'title' | 'user'>): string {
  return t('works.byArtist', { title: work.title || t('works.untitled'), name: work.user.name })
}

export function WorkCard({ work, box, eager = false, highPriority = false, imageQuality, ...place }: WorkCardProps) {
  useT()
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1
  const chosen = thumbnailUrl(work, box.width, box.height, imageQuality, dpr)
  // A server without the small size (another App-API host) 404s it: that card falls back to medium, once.
  const [failedSmall, setFailedSmall] = useState<string>()
  const src = chosen === failedSmall ? work.imageUrls.medium : chosen
  const isSmall = src === smallThumbnailUrl(work.imageUrls.medium)
  const alt = workAlt(work)

  return (
    <CardFrame
      id={work.id}
      kind="work"
      to={paths.artwork(work.id)}
      name={alt}
      className="absolute top-0 focus-within:z-10"
      style={{ left: box.x, width: box.width, height: box.height }}
      linkClassName="group relative block size-full overflow-hidden rounded-md bg-line/70 outline-offset-2 focus-visible:outline-3 focus-visible:outline-accent"
      revealShape="rounded-md bg-black/20"
      {...place}
    >
      <img
        src={src}
        alt={alt}
        width={box.width}
        height={box.height}
        decoding="async"
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={highPriority ? 'high' : undefined}
        onError={isSmall ? () => setFailedSmall(src) : undefined}
        draggable={false}
        className={`size-full object-cover transition-[filter,transform] duration-200 motion-reduce:transition-none ${
          place.blurred ? 'scale-110 blur-xl' : 'group-hover:brightness-95'
        }`}
      />
      <WorkBadges work={work} className="pointer-events-none absolute inset-x-1 top-1" />
    </CardFrame>
  )
}
