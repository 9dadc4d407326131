// What a client sees of a work that an imported archive must carry over from the catalogue it was downloaded from:
// the round trips (compat/library-round-trip.test.ts, library/pixivutil2.test.ts) compare works by this.

export interface ComparedWork {
  id: number
  title: string
  type: string
  caption: string
  tags: unknown
  page_count: number
  width: number
  height: number
  x_restrict: number
  restrict: number
  sanity_level: number
  illust_ai_type: number
  illust_book_style: number
  series: unknown
  create_date: string
  tools: string[]
  user: { id: number; name: string; account: string }
}

export const comparable = (w: ComparedWork) => ({
  id: w.id,
  title: w.title,
  type: w.type,
  caption: w.caption,
  tags: w.tags,
  page_count: w.page_count,
  width: w.width,
  height: w.height,
  x_restrict: w.x_restrict,
  restrict: w.restrict,
  sanity_level: w.sanity_level,
  illust_ai_type: w.illust_ai_type,
  illust_book_style: w.illust_book_style,
  series: w.series,
  create_date: w.create_date,
  tools: w.tools,
  user: { id: w.user.id, name: w.user.name, account: w.user.account },
})
