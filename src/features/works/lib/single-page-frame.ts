// A single-page work's image and its frame, as single-page-image.tsx lays them out before any click: shared with the
// page's first view (src/app/first-view/first-view.ts), which paints the same image in the same box before the app
// has started.

/** The box the image is fitted into (fit.ts fitStyle gives its width and aspect ratio). */
export const SINGLE_PAGE_FRAME_CLASS = 'relative mx-auto'
/** The image, filling the box. */
export const SINGLE_PAGE_IMAGE_CLASS = 'relative block size-full max-w-none object-contain'
