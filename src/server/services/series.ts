import type { IllustSeriesRow, NovelSeriesRow, UserRow } from '../data/store.ts'
import type { SeriesStats } from '../data/repositories.ts'
import type { View } from '../wire/view.ts'
import type { ServiceDeps } from './deps.ts'

/** A series as the caller sees it: its row, the stats of the entries the caller may see, and its author. */
export interface VisibleSeries<Row> {
  series: Row
  stats: SeriesStats
  author: UserRow
}

// Series of works and of novels: a series of entries the caller may not see is, to the caller, no series (its title,
// caption and author would tell), as a hidden work's detail is not found.
export class SeriesService {
  constructor(private readonly deps: ServiceDeps) {}

  async illust(view: View, id: number): Promise<VisibleSeries<IllustSeriesRow> | undefined> {
    const series = await this.deps.repos.series.illust(id)
    return series && this.visible(view, 'illust', series)
  }

  async novel(view: View, id: number): Promise<VisibleSeries<NovelSeriesRow> | undefined> {
    const series = await this.deps.repos.series.novel(id)
    return series && this.visible(view, 'novel', series)
  }

  private async visible<Row extends { id: number; user_id: number }>(
    view: View,
    kind: 'illust' | 'novel',
    series: Row,
  ): Promise<VisibleSeries<Row> | undefined> {
    const { repos } = this.deps
    const stats = await repos.series.stats(kind, series.id, view.caller)
    if (stats.count === 0) return undefined
    const author = await repos.users.byId(series.user_id)
    return author && { series, stats, author }
  }

  /** Entries after `afterOrder` in series order, of those the caller may see. */
  page(view: View, kind: 'illust' | 'novel', seriesId: number, afterOrder: number, limit: number, offset = 0) {
    return this.deps.repos.series.page(kind, seriesId, view.caller, afterOrder, limit, offset)
  }

  titles(kind: 'illust' | 'novel', ids: readonly number[]) {
    return this.deps.repos.series.titles(kind, ids)
  }
}
