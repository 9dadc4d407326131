// One cell of the work grid: a real link to the work (middle-click, long-press and "copy link" work natively) around a
// thumbnail that has its final size before it loads, with the work's badges. A work the filters blur stays blurred
// behind a button until the viewer reveals it.

import { useRef, useState, type CSSProperties } from 'react'
import { Link } from 'react-router'
import type { Illust } from '../../../api/model.ts'
import { RevealButton } from '../../../components/reveal-button.tsx'
import type { FilterReason } from '../../../lib/filter-engine.ts'
import { t, useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import type { ImageQuality } from '../../../lib/settings.ts'
import { smallThumbnailUrl, thumbnailUrl } from './thumbnail.ts'
import { WorkBadges } from './work-badges.tsx'
import '../../../lib/i18n/messages/en/works.ts'

export interface WorkCardProps {
  work: Illust
  /** The cell's size and horizontal place in its row, in CSS px. */
  box: { x: number; width: number; height: number }
  /** Covered by the filters' blur until revealed. */
  blurred?: boolean
  blurReasons?: readonly FilterReason[]
  onReveal?: (id: number) => void
  /** Cells of the first row load at once; the rest when near the viewport. */
  eager?: boolean
  highPriority?: boolean
  imageQuality: ImageQuality
  /** Position in the whole list (1-based) and its size (-1 when more pages may follow), for assistive tech. */
  posInSet?: number
  setSize?: number
  /** Warms the detail route's chunk (hover, touch, focus). */
  onIntent?: () => void
}

export function workAlt(work: Pick<Illust, 'title' | 'user'>): string {
  return t('works.byArtist', { title: work.title || t('works.untitled'), name: work.user.name })
}

export function WorkCard({
  work,
  box,
  blurred = false,
  blurReasons = [],
  onReveal,
  eager = false,
  highPriority = false,
  imageQuality,
  posInSet,
  setSize,
  onIntent,
}: WorkCardProps) {
  useT()
  const linkRef = useRef<HTMLAnchorElement>(null)
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1
  const chosen = thumbnailUrl(work, box.width, box.height, imageQuality, dpr)
  // A server without the small size (another App-API host) 404s it: that card falls back to medium, once.
  const [failedSmall, setFailedSmall] = useState<string>()
  const src = chosen === failedSmall ? work.imageUrls.medium : chosen
  const isSmall = src === smallThumbnailUrl(work.imageUrls.medium)
  const alt = workAlt(work)
  const style: CSSProperties = { left: box.x, width: box.width, height: box.height }

  return (
    <div
      role="listitem"
      aria-posinset={posInSet}
      aria-setsize={setSize}
      data-work-id={work.id}
      className="absolute top-0 focus-within:z-10"
      style={style}
    >
      <Link
        ref={linkRef}
        to={paths.artwork(work.id)}
        // Hidden from the keyboard and assistive tech while the reveal button stands in for it.
        tabIndex={blurred ? -1 : undefined}
        aria-hidden={blurred || undefined}
        onMouseEnter={onIntent}
        onTouchStart={onIntent}
        onFocus={onIntent}
        className="group relative block size-full overflow-hidden rounded-md bg-line/70 outline-offset-2 focus-visible:outline-3 focus-visible:outline-accent"
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
            blurred ? 'scale-110 blur-xl' : 'group-hover:brightness-95'
          }`}
        />
        <WorkBadges work={work} className="pointer-events-none absolute inset-x-1 top-1" />
      </Link>
      {blurred && (
        <RevealButton
          name={alt}
          reasons={blurReasons}
          onReveal={() => onReveal?.(work.id)}
          linkRef={linkRef}
          shape="rounded-md bg-black/20"
        />
      )}
    </div>
  )
}
