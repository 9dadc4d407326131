// The full-screen viewer for touch screens, in its own chunk (the detail page loads it on the first tap).
// yet-another-react-lightbox does the gestures: swipe between slides, pinch and double-tap zoom (Zoom plugin), and
// drag down to close (`controller.closeOnPullDown`).

import { useMemo, useState } from 'react'
import Lightbox, { type GenericSlide, type Slide } from 'yet-another-react-lightbox'
import Zoom from 'yet-another-react-lightbox/plugins/zoom'
import 'yet-another-react-lightbox/styles.css'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { pageCounter, type ViewerSlide } from '../../lib/viewer-slides.ts'
import '../../../../lib/i18n/messages/en/viewer.ts'
import '../../../../lib/i18n/messages/en/works.ts'

interface WorkStepSlide extends GenericSlide {
  type: 'work-step'
  direction: 'prev' | 'next'
  workId: number
}

declare module 'yet-another-react-lightbox' {
  interface SlideTypes {
    'work-step': WorkStepSlide
  }
}

/**
 * The deepest zoom shows each pixel of the original at this many CSS pixels. Double-tap steps through two stops
 * (about 2.5× and the deepest, for a typical original on a phone) and back to the fitted page; pinch goes anywhere
 * between.
 */
const MAX_ZOOM_PIXEL_RATIO = 2

export interface WorkViewerProps {
  title: string
  slides: readonly ViewerSlide[]
  /** The slide to open at. */
  index: number
  reducedMotion: boolean
  /** Closed, on the page it last showed (null when it was on a step to another work). */
  onClose: (lastPage: number | null) => void
  /** Swiped onto the step before the first page or after the last one. */
  onStep: (direction: 'prev' | 'next', workId: number) => void
}

function toLightboxSlide(slide: ViewerSlide): Slide {
  return slide.kind === 'page'
    ? { src: slide.src, alt: slide.alt, width: slide.width, height: slide.height }
    : { type: 'work-step', direction: slide.direction, workId: slide.workId }
}

export function WorkViewer({ title, slides, index, reducedMotion, onClose, onStep }: WorkViewerProps) {
  const t = useT()
  const [current, setCurrent] = useState(index)
  const lightboxSlides = useMemo(() => slides.map(toLightboxSlide), [slides])
  const counter = pageCounter(slides, current)

  return (
    <Lightbox
      open
      close={() => {
        const slide = slides[current]
        onClose(slide?.kind === 'page' ? slide.page : null)
      }}
      index={index}
      slides={lightboxSlides}
      plugins={[Zoom]}
      labels={{
        Lightbox: t('viewer.label', { title: title || t('works.untitled') }),
        Previous: t('viewer.controls.prev'),
        Next: t('viewer.controls.next'),
        Close: t('viewer.controls.close'),
        'Zoom in': t('viewer.controls.zoomIn'),
        'Zoom out': t('viewer.controls.zoomOut'),
        Slide: t('viewer.controls.slide'),
        Carousel: t('viewer.controls.carousel'),
        'Photo gallery': t('viewer.controls.gallery'),
        // The lightbox fills in {index} and {total} itself.
        '{index} of {total}': t('viewer.controls.position'),
      }}
      carousel={{ finite: true, preload: 1 }}
      controller={{ closeOnPullDown: true, closeOnBackdropClick: false }}
      animation={reducedMotion ? { fade: 0, swipe: 0, navigation: 0, zoom: 0 } : undefined}
      zoom={{ maxZoomPixelRatio: MAX_ZOOM_PIXEL_RATIO, doubleClickMaxStops: 2 }}
      // Clear of the notch and the home indicator in a standalone app.
      styles={{
        toolbar: { paddingTop: 'max(8px, env(safe-area-inset-top))', paddingRight: 'env(safe-area-inset-right)' },
      }}
      on={{
        view: ({ index: i }) => {
          setCurrent(i)
          const slide = slides[i]
          if (slide?.kind === 'work') onStep(slide.direction, slide.workId)
        },
      }}
      render={{
        slide: ({ slide }) =>
          slide.type === 'work-step' ? (
            <p className="rounded-full bg-white/15 px-5 py-3 text-lg font-medium text-white">
              {slide.direction === 'next' ? t('viewer.nextWork') : t('viewer.prevWork')}
            </p>
          ) : undefined,
        controls: () =>
          counter && (
            <p
              data-viewer-counter
              aria-live="polite"
              className="absolute bottom-[max(1rem,env(safe-area-inset-bottom))] left-1/2 -translate-x-1/2 rounded-full bg-black/60 px-3 py-1 text-sm font-medium text-white tabular-nums"
            >
              {counter}
            </p>
          ),
      }}
    />
  )
}

export default WorkViewer
