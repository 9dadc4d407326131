// A single-page work's image and the boxes around it, as the detail lays them out before any click
// (artwork-detail.tsx, single-page-image.tsx): shared with the page's first view (src/app/first-view/first-view.ts),
// which paints the same image in the same box before the app has started.

/** The detail's article, and its media section. */
export const ARTWORK_ARTICLE_CLASS = 'mx-auto flex max-w-screen-xl flex-col gap-6'
export const ARTWORK_MEDIA_CLASS = 'touch-pan-y'
/** The image's figure, and the row that centres its box. */
export const SINGLE_PAGE_FIGURE_CLASS = 'flex flex-col items-center gap-2'
export const SINGLE_PAGE_ROW_CLASS = 'flex w-full justify-center'
/** The box the image is fitted into (fit.ts fitStyle gives its width and aspect ratio). */
export const SINGLE_PAGE_FRAME_CLASS = 'relative mx-auto'
/** The image, filling the box. */
export const SINGLE_PAGE_IMAGE_CLASS = 'relative block size-full max-w-none object-contain'
