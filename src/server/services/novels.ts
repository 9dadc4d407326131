import type { NovelRow, TagRow, UserRow } from '../data/store.ts'
import type { NovelFileRow } from '../data/library-files.ts'
import type { View } from '../wire/view.ts'
import type { WireIllust } from '../../api/wire.ts'
import type { RawJson } from '../wire/raw-json.ts'
import type { ServiceDeps } from './deps.ts'
import type { ItemService } from './items.ts'

/** A readable novel: its row, its text, its series neighbours the caller may see, and what its page shows. */
export interface ReadableNovel {
  row: NovelRow
  text: string
  /** the text as a JSON string, encoded (an answer's `novel_text`) */
  textJson: RawJson
  prev?: NovelRow
  next?: NovelRow
  /** `[uploadedimage:ID]` images, and the imported novel's files (their types) */
  images: { image_id: number; width: number; height: number }[]
  files: NovelFileRow[]
  /** `[pixivimage:…]` works the caller may see, as wire objects by id */
  embedded: Map<number, WireIllust>
}

// A novel's text and what is read with it (/v1/novel/text, the webview page, the web API's /ajax/novel): the same
// novels /v2/novel/detail shows in full (any other is the 404 error body), the same text and neighbours.
export class NovelService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly items: ItemService,
  ) {}

  /** The novel with its text, if the caller may read it; the 404 error body otherwise. */
  async readable(
    view: View,
    id: number,
    opts: { neighbours?: boolean; embeds?: boolean } = {},
  ): Promise<ReadableNovel> {
    const row = await this.items.visible(view, 'novel', id)
    const { novels } = this.deps.repos
    const [text, images, files, near] = await Promise.all([
      this.deps.caches.texts.get(row.id, () => novels.text(row.id)),
      novels.images(row.id),
      novels.files(row.id),
      opts.neighbours ? this.neighbours(view, row) : {},
    ])
    const embedded = opts.embeds ? await this.embeddedWorks(view, text.text) : new Map<number, WireIllust>()
    return { row, text: text.text, textJson: text.json, ...near, images, files, embedded }
  }

  /** The previous and next novels of the series the caller may see, in series order. */
  private async neighbours(view: View, row: NovelRow): Promise<{ prev?: NovelRow; next?: NovelRow }> {
    if (!row.series_id) return {}
    const { series, novels } = this.deps.repos
    const ids = await series.neighbours('novel', row.series_id, row.series_order ?? 0, view.caller)
    const rows = new Map(
      (await novels.byIds([ids.prev, ids.next].filter((x) => x !== undefined))).map((r) => [r.id, r]),
    )
    return { prev: ids.prev ? rows.get(ids.prev) : undefined, next: ids.next ? rows.get(ids.next) : undefined }
  }

  /** The works of `[pixivimage:ID]` markers the caller may see. */
  private async embeddedWorks(view: View, text: string): Promise<Map<number, WireIllust>> {
    const ids = [...new Set([...text.matchAll(/\[pixivimage:(\d{1,15})(?:-(\d{1,4}))?\]/g)].map((m) => Number(m[1])))]
    // (from the item cache: their pages' URLs are in them, so no row is read)
    return new Map((await this.items.illustObjects(view, ids)).map((w) => [w.id, w]))
  }

  /** The novel's series title, author and tags (the webview page and the web API). */
  async about(
    row: NovelRow,
  ): Promise<{ seriesTitle: string | null; author: UserRow | undefined; tags: (TagRow & { by_author?: number })[] }> {
    const { repos } = this.deps
    const [titles, author, tags] = await Promise.all([
      row.series_id ? repos.series.titles('novel', [row.series_id]) : new Map<number, string>(),
      repos.users.byId(row.user_id),
      repos.tags.of('novel', [row.id]),
    ])
    return {
      seriesTitle: row.series_id ? (titles.get(row.series_id) ?? null) : null,
      author,
      tags: tags.get(row.id) ?? [],
    }
  }
}
