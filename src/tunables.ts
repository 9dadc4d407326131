// Numeric knobs of the gallery, in one place (CONVENTIONS: "Numeric knobs … in one tunables.ts").

import type { Density, ImageQuality } from './lib/settings.ts'

// ---- Work grid (src/features/works/components/infinite-work-list.tsx) ----

/**
 * Target row height of the justified grid per density, interpolated linearly between the container widths of
 * `GRID_NARROW_WIDTH` (the `min` value) and `GRID_WIDE_WIDTH` (the `max` value). At 360 px a comfortable row
 * holds two cells (the phone's two-column grid: with 170 px, a third of the rows of a typical page held three cells
 * under 100 px wide); at 2560 px it holds ten or more.
 */
export const GRID_ROW_HEIGHT: Record<Density, { min: number; max: number }> = {
  compact: { min: 130, max: 190 },
  comfortable: { min: 200, max: 250 },
  spacious: { min: 230, max: 360 },
}
export const GRID_NARROW_WIDTH = 360
export const GRID_WIDE_WIDTH = 1920
/** Space between cells and rows: tighter on phones, where every pixel of width is a thumbnail's. */
export const GRID_GAP_NARROW = 4
export const GRID_GAP = 8
/** Container widths below this use `GRID_GAP_NARROW`. */
export const GRID_GAP_BREAKPOINT = 640
/** Aspect ratios (w/h) are clamped to this range, so a 1:4 manga strip or a panorama keeps a usable cell. */
export const GRID_MIN_ASPECT_RATIO = 0.5
export const GRID_MAX_ASPECT_RATIO = 2.5

/**
 * Rows rendered beyond each edge of the viewport. Rows are ~170–380 px tall, so 2 rows is about half a viewport:
 * enough that Tab and fast scrolls find the next cards in the DOM, small enough that 5,000 loaded works keep well
 * under 300 `<img>` in the document.
 */
export const GRID_OVERSCAN_ROWS = 2
/** How many cells of the first row load eagerly with `fetchpriority="high"` (the LCP candidates). */
export const HIGH_PRIORITY_CELLS = 4

// ---- Every infinite list (src/lib/use-infinite-list.ts: the work grid and the novel lists) ----

/** The next page is requested once the end of the loaded rows is this many viewport heights away. */
export const PREFETCH_VIEWPORTS = 2
/**
 * Height, in viewport heights, of the placeholder blocks below the loaded rows while more pages exist. New rows land
 * in this reserved space, so nothing that was on screen moves when a page arrives (CLS).
 */
export const RESERVE_VIEWPORTS = 1.25
/** After this many pages in a row that the filters hid entirely, the list waits for a "Load more" click. */
export const MAX_AUTO_PAGES_WITHOUT_VISIBLE = 3

// ---- Thumbnails ----

/**
 * The service's thumbnail sizes (DESIGN.md §2.6): `small` fits 360×360, `medium` 540×540, `large` 600×1200. A cell
 * takes the smallest one that is upscaled by no more than `THUMB_UPSCALE_TOLERANCE` at the device pixel ratio the
 * quality setting allows (`THUMB_MAX_DPR`). `small` is for phones: a ~190 CSS px cell at the 1.5× cap needs ~290 px,
 * so 540 would send about 3× the pixels it shows.
 */
export const THUMB_SMALL_BOX = { width: 360, height: 360 } as const
export const THUMB_MEDIUM_BOX = { width: 540, height: 540 } as const
export const THUMB_LARGE_BOX = { width: 600, height: 1200 } as const
export const THUMB_MAX_DPR: Record<ImageQuality, number> = { 'data-saver': 1, standard: 1.5, high: 3 }
export const THUMB_UPSCALE_TOLERANCE = 1.2

// ---- Caching of lists ----

/**
 * Lists stay fresh this long, so going back to a list (or reopening it) shows the cached pages without refetching
 * them all: an infinite query refetches every loaded page in sequence once stale.
 */
export const LIST_STALE_TIME_MS = 10 * 60 * 1000
/** Unused lists stay in the cache this long, so Back after a long look at a work still finds its pages. */
export const LIST_GC_TIME_MS = 30 * 60 * 1000

// ---- Novel lists (src/features/novels/components/infinite-novel-list.tsx) ----

/** A novel card never gets narrower than this: phones get one column, tablets two, a 1280 px desktop three. */
export const NOVEL_CARD_MIN_WIDTH = 340
/** Every novel card has this height (cover 96×136 plus padding), so rows are exact before anything loads. */
export const NOVEL_CARD_HEIGHT = 160
/** Rows of novel cards rendered beyond each edge of the viewport (a row is ~170 px: two rows ≈ a third of a screen). */
export const NOVEL_OVERSCAN_ROWS = 3
/**
 * Reading speed behind a card's reading time. 500 characters a minute is the usual estimate for Japanese prose
 * (pixiv's own reading-time figure uses about the same), which most of the catalogue is.
 */
export const NOVEL_CHARS_PER_MINUTE = 500

// ---- Novel reader (src/features/novels/reader) ----

/** Font sizes the reader steps through (CSS px); 18 is the default. */
export const READER_FONT_SIZES: readonly number[] = [14, 16, 18, 20, 22, 24, 28, 32]
/** Reading positions are kept for this many novels (the most recently read); older ones are forgotten. */
export const READING_POSITIONS_KEPT = 200
/** A reading position is written this long after scrolling stops (and at once when the page is hidden). */
export const READING_POSITION_SAVE_DELAY_MS = 300

// ---- Settings (src/features/settings/components/signed-in-devices.tsx, administration.tsx) ----

/**
 * Signed-in devices listed before "Show all": each sign-in is a session that lasts a year, so an account used in many
 * browsers gathers dozens; the most recently used few are the ones a reader looks for (this device is always shown).
 */
export const DEVICES_SHOWN = 5

/**
 * An admin's invites listed before "Show all": used ones stay in the list for good, so it only grows; the newest are
 * the ones an admin is checking on.
 */
export const INVITES_SHOWN = 10

// ---- Moderation (src/lib/account-query.ts, src/features/moderation) ----

/**
 * How long the reader's own account (its role: whether the admins' tools show on works, comments and profiles) is
 * taken as known: only another admin changes a role, and every detail page of a visit asks for it.
 */
export const ACCOUNT_STALE_TIME_MS = 10 * 60 * 1000

// ---- Posting (src/features/posting) ----

/**
 * How long a draft's uploaded pages are offered again after a reload. The service deletes an upload no work names a
 * day after it was made; an hour less, so a draft never posts pages that are about to go.
 */
export const POSTING_DRAFT_PAGES_TTL_MS = 23 * 60 * 60 * 1000
/** How long the tag field waits after the last key before asking for suggestions. */
export const TAG_SUGGEST_DELAY_MS = 250

// ---- Novel editor (src/features/novels/editor) ----

/** A draft is written this long after the last key: a pause in typing, not every character of a 300,000-long text. */
export const NOVEL_DRAFT_SAVE_DELAY_MS = 400

// ---- First view (src/app/first-view/first-view.ts) ----

/**
 * The longest the app's code waits for the first view's image before it is fetched anyway. On a phone's connection
 * the 20–60 kB image takes a few hundred milliseconds; an image that takes longer no longer holds the app back.
 */
export const FIRST_VIEW_WAIT_MS = 1000
/** Then the longest it waits for the browser to report the first view's paint (a frame or two, normally). */
export const FIRST_VIEW_PAINT_WAIT_MS = 250
/**
 * How many of the opened page's preload links the first view adds in one task when it starts the app. Each costs the
 * main thread 2–15 ms on a phone (the browser starts its request there and then): a novel's dozen, added at once, made
 * a task of ~100 ms at 4× CPU throttling.
 */
export const PRELOADS_PER_TASK = 3
