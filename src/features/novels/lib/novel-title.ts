// The novel's title in the reader's header (novel-reader.tsx), shared with the page's first view
// (src/app/first-view/first-view.ts), which paints the same title at the same size before the app has started.

export const NOVEL_TITLE_CLASS = 'text-2xl font-semibold tracking-tight break-words'
