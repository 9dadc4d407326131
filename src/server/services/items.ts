import type { WireIllust, WireNovel } from '../../api/wire.ts'
import type { Kind, NovelRow, WorkRow } from '../data/store.ts'
import { notFound } from '../http/errors.ts'
import type { Repositories } from '../data/repositories.ts'
import type { ItemBundle, Lookup, View } from '../wire/view.ts'
import type { RawJson } from '../wire/raw-json.ts'

// Works and novels as wire JSON for one caller: what every list, detail and feed answers with. The serializer
// (wire/view.ts) keeps serialized items in the item cache and reads nothing; this service reads what it lacks, in one
// batch per page (rows, tags, authors, series titles, imported files; then the caller's bookmarks among the page), and
// hands it over. A warm page of an anonymous caller reads nothing at all.

/** What a work's or a novel's detail says of one the caller cannot see, or that does not exist. */
export const GONE: Record<Kind, string> = {
  illust: 'The artwork has been deleted or the artwork ID does not exist.',
  novel: 'The novel has been deleted or the novel ID does not exist.',
}

/** An answer now, or one to wait for. */
export type MaybePromise<T> = T | Promise<T>

export class ItemService {
  constructor(private readonly repos: Repositories) {}

  /** The work or novel, if the caller may see it (services/visibility.ts); otherwise the same 404 as its detail. */
  visible(view: View, kind: 'illust', id: number): Promise<WorkRow>
  visible(view: View, kind: 'novel', id: number): Promise<NovelRow>
  visible(view: View, kind: Kind, id: number): Promise<WorkRow | NovelRow>
  async visible(view: View, kind: Kind, id: number): Promise<WorkRow | NovelRow> {
    const row = await this.row(kind, id)
    if (!row || !view.canSee(row)) throw notFound(GONE[kind])
    return row
  }

  /** The work or novel whatever its visibility (a write that needs only that it exists). */
  row(kind: Kind, id: number): Promise<WorkRow | NovelRow | undefined> {
    return kind === 'illust' ? this.repos.works.byId(id) : this.repos.novels.byId(id)
  }

  /** Everything the serializer needs of these items, read at once. */
  async bundle(kind: Kind, ids: readonly number[]): Promise<ItemBundle> {
    const { repos } = this
    if (kind === 'illust') {
      const rows = await repos.works.byIds(ids)
      const found = rows.map((r) => r.id)
      const [tags, users, series, pageExts, videos] = await Promise.all([
        repos.tags.of('illust', found),
        repos.users.byIds([...new Set(rows.map((r) => r.user_id))]),
        repos.series.titles(
          'illust',
          rows.flatMap((r) => (r.series_id ? [r.series_id] : [])),
        ),
        repos.works.pageExts(found),
        // imported ugoira kept as videos: the item names the video (Easel's own field) for the gallery's player
        repos.works.videos(rows.filter((r) => r.type === 'ugoira').map((r) => r.id)),
      ])
      return { kind, rows, tags, users, series, pageExts, videos }
    }
    const rows = await repos.novels.byIds(ids)
    const [tags, users, series] = await Promise.all([
      repos.tags.of(
        'novel',
        rows.map((r) => r.id),
      ),
      repos.users.byIds([...new Set(rows.map((r) => r.user_id))]),
      repos.series.titles(
        'novel',
        rows.flatMap((r) => (r.series_id ? [r.series_id] : [])),
      ),
    ])
    return { kind, rows, tags, users, series }
  }

  /**
   * The items of the ids as wire JSON for the caller: looked up in the item cache, those it lacks read and serialized,
   * then the caller's bookmarks among those shown. A warm page of an anonymous caller reads nothing and answers at once
   * (no promise): the hot paths (a work's detail, a search page) pay for no turn of the event loop they do not need.
   */
  private serialize(
    view: View,
    kind: Kind,
    ids: readonly number[],
    detail: boolean,
    allBookmarked: boolean,
  ): MaybePromise<RawJson[]> {
    const found = view.lookup(kind, ids, detail)
    if (!found.missing.length) return this.flag(view, found, detail, allBookmarked)
    return this.bundle(kind, found.missing).then((bundle) => {
      view.keep(bundle, detail)
      return this.flag(view, found, detail, allBookmarked)
    })
  }

  private flag(view: View, found: Lookup, detail: boolean, allBookmarked: boolean): MaybePromise<RawJson[]> {
    const resolved = view.resolve(found, detail)
    const me = view.caller.id
    const shown = allBookmarked || !me ? [] : view.shownIds(resolved)
    if (!shown.length) return view.render(resolved, undefined, allBookmarked)
    return this.repos.bookmarks
      .among(found.kind, me, shown)
      .then((bookmarked) => view.render(resolved, bookmarked, allBookmarked))
  }

  /** Several lists at once (the previews of a page of users): one read of what is missing, one of the bookmarks. */
  async lists(view: View, kind: Kind, idLists: readonly (readonly number[])[]): Promise<RawJson[][]> {
    const all = view.lookup(kind, idLists.flat(), false)
    if (all.missing.length) view.keep(await this.bundle(kind, all.missing), false)
    let at = 0
    const resolved = idLists.map((ids) => {
      const found = all.found.slice(at, (at += ids.length))
      return view.resolve({ kind, ids, detail: false, found, missing: [] }, false)
    })
    const me = view.caller.id
    const shown = me ? resolved.flatMap((r) => view.shownIds(r)) : []
    const bookmarked = shown.length ? await this.repos.bookmarks.among(kind, me, shown) : undefined
    return resolved.map((r) => view.render(r, bookmarked))
  }

  /** One work's or novel's detail (the placeholder if the caller may not see it); undefined if there is none. */
  detail(view: View, kind: Kind, id: number): MaybePromise<RawJson | undefined> {
    const items = this.serialize(view, kind, [id], true, false)
    return items instanceof Promise ? items.then((x) => x[0]) : items[0]
  }

  /** A list page's items the caller may see, in order; `allBookmarked`: the caller's own bookmarks. */
  list(view: View, kind: Kind, ids: readonly number[], allBookmarked = false): MaybePromise<RawJson[]> {
    return this.serialize(view, kind, ids, false, allBookmarked)
  }

  /** Visible works as objects, for the few answers that look inside them. */
  async illustObjects(view: View, ids: readonly number[]): Promise<WireIllust[]> {
    return (await this.list(view, 'illust', ids)).map((r) => r.parse<WireIllust>())
  }

  async novelObjects(view: View, ids: readonly number[]): Promise<WireNovel[]> {
    return (await this.list(view, 'novel', ids)).map((r) => r.parse<WireNovel>())
  }
}
