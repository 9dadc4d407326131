// The reader's article and the header that holds the novel's title (novel-reader.tsx), shared with the page's first
// view (src/app/first-view/first-view.ts), which paints the same title at the same size before the app has started.

export const NOVEL_ARTICLE_CLASS = 'mx-auto flex max-w-5xl flex-col gap-5'
export const NOVEL_HEADER_CLASS = 'flex gap-4'
/** The column beside the cover: badges, title, author, figures. */
export const NOVEL_HEADING_CLASS = 'flex min-w-0 flex-col gap-2'
export const NOVEL_TITLE_CLASS = 'text-2xl font-semibold tracking-tight break-words'
