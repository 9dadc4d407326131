// The reader's article and the header that holds the novel's title and cover (novel-reader.tsx), shared with the
// page's first view (src/app/first-view/first-view.ts), which paints the same title at the same size, beside a box of
// the cover's size, before the app has started.

export const NOVEL_ARTICLE_CLASS = 'mx-auto flex max-w-5xl flex-col gap-5'
export const NOVEL_HEADER_CLASS = 'flex gap-4'
/** The cover beside the title, on a wider screen: its box, and the image's size (the `medium` cover's ratio). */
export const NOVEL_COVER_CLASS =
  'hidden h-auto w-24 shrink-0 self-start rounded-md border border-line bg-line object-cover sm:block md:w-30'
export const NOVEL_COVER_SIZE = { width: 120, height: 170 } as const
/** The column beside the cover: badges, title, author, figures. */
export const NOVEL_HEADING_CLASS = 'flex min-w-0 flex-col gap-2'
export const NOVEL_TITLE_CLASS = 'text-2xl font-semibold tracking-tight break-words'
