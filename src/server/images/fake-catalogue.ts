// A small in-memory ImageCatalogue for tests and the render benchmark.

import type { ImageCatalogue } from './image-request.ts'

type Work = NonNullable<ReturnType<ImageCatalogue['work']>>
type User = NonNullable<ReturnType<ImageCatalogue['user']>>
type Novel = NonNullable<ReturnType<ImageCatalogue['novel']>>
type Series = NonNullable<ReturnType<ImageCatalogue['illustSeriesByCoverToken']>>

export interface FakeCatalogue extends ImageCatalogue {
  works: Map<number, Work>
  users: Map<number, User>
  novels: Map<number, Novel>
  series: Map<string, Series>
}

export function createFakeCatalogue(
  data: { works?: Work[]; users?: User[]; novels?: Novel[]; series?: (Series & { coverToken: string })[] } = {},
): FakeCatalogue {
  const works = new Map((data.works ?? []).map((w) => [w.id, w]))
  const users = new Map((data.users ?? []).map((u) => [u.id, u]))
  const novels = new Map((data.novels ?? []).map((n) => [n.id, n]))
  const series = new Map((data.series ?? []).map(({ coverToken, ...s }) => [coverToken, s]))
  return {
    works,
    users,
    novels,
    series,
    work: (id) => works.get(id),
    user: (id) => users.get(id),
    novel: (id) => novels.get(id),
    illustSeriesByCoverToken: (token) => series.get(token),
  }
}
