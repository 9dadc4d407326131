import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react'
import { useLocation, useNavigate } from 'react-router'
import type { Illust } from '../../../../api/model.ts'
import { paths } from '../../../../lib/paths.ts'
import { useSettings, type ImageQuality } from '../../../../lib/settings.ts'
import { pageElementId } from '../../lib/page-anchor.ts'
import { slideIndexOfPage, viewerSlides, type ViewerPage, type ViewerSlide } from '../../lib/viewer-slides.ts'
import { imageAlt, pageUrl } from './image-alt.ts'
import { useReducedMotion } from './use-reduced-motion.ts'
import type { Neighbours } from './work-neighbours.tsx'

const loadViewer = () => import('../viewer/work-viewer.tsx')
const WorkViewer = lazy(loadViewer)

/**
 * Swiping past the last page (or before the first) opens the neighbouring work: its detail page picks this up and
 * opens its viewer at once, at its first page (or its last, going back). In memory only: a reload never reopens it.
 */
let handoff: { workId: number; at: 'first' | 'last' } | null = null

/** Ugoira play in their own player and book-style works turn in spreads; everything else opens in the viewer. */
export function viewerSupports(work: Pick<Illust, 'type' | 'illustBookStyle' | 'pageCount'>): boolean {
  return work.type !== 'ugoira' && !(work.illustBookStyle === 1 && work.pageCount > 1)
}

function pagesOf(work: Illust, quality: ImageQuality): ViewerPage[] {
  if (work.pageCount > 1 && work.metaPages.length > 0)
    return work.metaPages.map((_, i) => ({ src: pageUrl(work, i, quality), alt: imageAlt(work, i + 1) }))
  const large = work.imageUrls.large
  const src = quality === 'data-saver' ? large : (work.metaSinglePage.originalImageUrl ?? large)
  return [{ src, alt: imageAlt(work) }]
}

const isTouch = (pointerType: string) => pointerType === 'touch' || pointerType === 'pen'

/** The history entry the open viewer adds (same URL, this state), so Back closes the viewer instead of the page. */
const VIEWER_STATE = 'easel.viewer'
const isViewerEntry = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[VIEWER_STATE] === true

export interface WorkViewerControls {
  /** Handlers for the media area: a tap on a page (touch or pen) opens the viewer at that page. */
  mediaHandlers: {
    onPointerDown: (event: PointerEvent) => void
    onClickCapture: (event: MouseEvent) => void
  }
  /** The viewer while it is open (rendered outside the media area, so its gestures stay its own). */
  viewer: ReactNode
}

/**
 * The full-screen viewer of a work on touch screens: opened by tapping a page, with the work's pages and steps to
 * the previous and next work of the source list at the ends. A mouse click keeps the page's own behaviour (the
 * single image's full-size toggle).
 */
export function useWorkViewer(work: Illust, neighbours: Neighbours): WorkViewerControls {
  const { imageQuality } = useSettings()
  const reduced = useReducedMotion()
  const navigate = useNavigate()
  const location = useLocation()
  const pointerType = useRef('')
  const { prev, next } = neighbours
  const slides: ViewerSlide[] = useMemo(
    () =>
      viewerSupports(work)
        ? viewerSlides(pagesOf(work, imageQuality), { width: work.width, height: work.height }, { prev, next })
        : [],
    [work, imageQuality, prev, next],
  )
  const [openAt, setOpenAt] = useState<number | null>(() =>
    handoff?.workId === work.id && slides.length > 0
      ? slideIndexOfPage(slides, handoff.at === 'first' ? 1 : 'last')
      : null,
  )
  useEffect(() => {
    if (handoff?.workId === work.id) handoff = null
  }, [work.id])

  // Open, the viewer has a history entry of its own (this URL again, marked in its state): Back, a phone's back gesture
  // or button, closes the viewer and leaves the reader on the work, as it would close any full-screen view.
  const onViewerEntry = isViewerEntry(location.state)
  const addViewerEntry = () => {
    const { pathname, search, hash } = location
    if (!onViewerEntry) void navigate({ pathname, search, hash }, { state: { [VIEWER_STATE]: true } })
  }
  const [wasOnViewerEntry, setWasOnViewerEntry] = useState(onViewerEntry)
  if (wasOnViewerEntry !== onViewerEntry) {
    setWasOnViewerEntry(onViewerEntry)
    if (!onViewerEntry && openAt !== null) setOpenAt(null) // Back, off the viewer's entry
  }
  // Opened on arrival (swiped over from the neighbouring work): its entry is added once the page is there.
  useEffect(() => {
    if (openAt !== null) addViewerEntry()
    // On arrival only: later openings add their entry as they open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const mediaHandlers = {
    onPointerDown(event: PointerEvent) {
      pointerType.current = event.pointerType
      // Start fetching the viewer's code with the finger still down; the tap opens it a moment later.
      if (isTouch(event.pointerType) && slides.length > 0) void loadViewer()
    },
    onClickCapture(event: MouseEvent) {
      if (slides.length === 0 || !isTouch(pointerType.current)) return
      if (!(event.target instanceof HTMLImageElement)) return
      const page = Number(event.target.closest('[data-page]')?.getAttribute('data-page') ?? 1)
      // Captured before the image's own click (the single image's full-size toggle), which a tap replaces.
      event.preventDefault()
      event.stopPropagation()
      setOpenAt(slideIndexOfPage(slides, page))
      addViewerEntry()
    },
  }

  const close = (lastPage: number | null) => {
    setOpenAt(null)
    // Closed from the viewer itself: its entry goes, so Back then leaves the work as usual.
    if (onViewerEntry) void navigate(-1)
    // Back on the page list where the viewer left off.
    if (lastPage !== null && work.pageCount > 1)
      document.getElementById(pageElementId(lastPage))?.scrollIntoView({ block: 'start' })
  }

  const viewer =
    openAt === null ? null : (
      <Suspense fallback={null}>
        <WorkViewer
          title={work.title}
          slides={slides}
          index={openAt}
          reducedMotion={reduced}
          onClose={close}
          onStep={(direction, workId) => {
            handoff = { workId, at: direction === 'next' ? 'first' : 'last' }
            // In place of the viewer's entry: Back from the next work returns to this one, not to its viewer.
            void navigate(paths.artwork(workId), { replace: onViewerEntry })
          }}
        />
      </Suspense>
    )

  return { mediaHandlers, viewer }
}
