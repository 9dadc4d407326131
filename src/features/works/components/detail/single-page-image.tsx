import { useCallback, useEffect, useRef, useState } from 'react'
import type { Illust } from '../../../../api/model.ts'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { useSettings } from '../../../../lib/settings.ts'
import { fitStyle } from '../../lib/fit.ts'
import {
  SINGLE_PAGE_FIGURE_CLASS,
  SINGLE_PAGE_FRAME_CLASS,
  SINGLE_PAGE_IMAGE_CLASS,
  SINGLE_PAGE_ROW_CLASS,
} from '../../lib/single-page-frame.ts'
import { largeCovers } from '../thumbnail.ts'
import { imageAlt } from './image-alt.ts'
import '../../../../lib/i18n/messages/en/artwork.ts'

/**
 * A single-page work: the `large` size first (the page's preloaded image: it paints early), then the original where
 * it shows more than `large` does at the size the image is shown (the grid's rule, thumbnail.ts largeCovers: a wide
 * screen or the "high" quality setting; at its own size, always), painted over it once it has arrived. The original
 * is only asked for once the `large` one is in: on a slow connection the two would share it, and the small one, the
 * one seen first, would arrive late. Fits the viewport; a click (or the "Full size" button) shows it at its own size,
 * scrollable.
 */
export function SinglePageImage({ work }: { work: Illust }) {
  const t = useT()
  const { imageQuality } = useSettings()
  const large = work.imageUrls.large
  const original = imageQuality === 'data-saver' ? large : (work.metaSinglePage.originalImageUrl ?? large)
  const [previewDone, setPreviewDone] = useState(false)
  /** the original has arrived (it then replaces the preview for good) */
  const [originalIn, setOriginalIn] = useState(false)
  const [full, setFull] = useState(false)
  // Whether `large` is enough at the size the image is shown (measured, and again when it changes: a phone turned).
  // Measured by the observer's first report, which comes once the browser has laid the page out anyway: measuring in
  // a layout effect forced the whole new page's style and layout in the middle of React's commit (~20 ms of a phone's
  // first render, before the image could paint).
  const box = useRef<HTMLDivElement>(null)
  const [largeEnough, setLargeEnough] = useState(true)
  useEffect(() => {
    const el = box.current
    if (!el || original === large) return
    const measure = () => {
      const { width, height } = el.getBoundingClientRect()
      setLargeEnough(largeCovers(work, width, height, imageQuality, window.devicePixelRatio))
    }
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [work, original, large, imageQuality])
  // Once the original is shown it stays (it is in, and better), whatever the size does next.
  const src = full || originalIn || !largeEnough ? original : large
  const withPreview = src !== large
  const onMainLoad = () => {
    if (src !== large) setOriginalIn(true)
  }
  const alt = imageAlt(work)
  const fit = fitStyle(work.width, work.height)
  const toggle = () => setFull((f) => !f)
  // An image served from the memory cache may be complete before React attaches onLoad.
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth > 0 && img.getAttribute('src') !== large) setOriginalIn(true)
    },
    [large],
  )
  const previewRef = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete) setPreviewDone(true)
  }, [])
  const onPreviewDone = () => setPreviewDone(true)

  return (
    <figure className={SINGLE_PAGE_FIGURE_CLASS}>
      <div
        data-zoomed={full}
        // Scrollable when shown at full size: focusable so the keyboard can pan it.
        tabIndex={full ? 0 : undefined}
        role={full ? 'region' : undefined}
        aria-label={full ? t('artwork.image.fullSizeRegion') : undefined}
        className={full ? 'max-h-[calc(100dvh-4rem)] w-full overflow-auto' : SINGLE_PAGE_ROW_CLASS}
      >
        <div
          ref={box}
          className={full ? 'relative cursor-zoom-out' : `${SINGLE_PAGE_FRAME_CLASS} cursor-zoom-in`}
          style={full ? { width: work.width, aspectRatio: fit.aspectRatio, maxWidth: 'none' } : fit}
          onClick={toggle}
        >
          {withPreview && !originalIn && (
            <img
              ref={previewRef}
              src={large}
              alt=""
              aria-hidden="true"
              data-role="preview"
              fetchPriority="high"
              onLoad={onPreviewDone}
              onError={onPreviewDone}
              className="absolute inset-0 size-full object-contain"
            />
          )}
          {(!withPreview || previewDone) && (
            <img
              ref={ref}
              src={src}
              alt={alt}
              width={work.width}
              height={work.height}
              fetchPriority="high"
              decoding="async"
              onLoad={onMainLoad}
              className={SINGLE_PAGE_IMAGE_CLASS}
            />
          )}
        </div>
      </div>
      <button
        type="button"
        aria-pressed={full}
        onClick={toggle}
        className="min-h-11 rounded-full border border-line px-3 py-1 text-sm text-muted hover:text-ink sm:min-h-0"
      >
        {t('artwork.image.fullSize')}
      </button>
    </figure>
  )
}
