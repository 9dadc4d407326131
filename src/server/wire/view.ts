import type { WireIllust, WireImageUrls, WireNovel, WireTag, WireUser } from '../../api/wire.ts'
import type { Caller, Kind, NovelRow, UserRow, WorkRow } from '../data/store.ts'
import type { ItemTag } from '../data/repositories.ts'
import { RawJson } from './raw-json.ts'
import type { CachedItem, ItemJsonCache } from './item-cache.ts'
import type { Relations } from './caller-state.ts'
import {
  isoJst,
  noProfilePath,
  novelCoverPaths,
  placeholderPath,
  profileImagePath,
  workImagePaths,
} from '../images/paths.ts'
import { ImageUrlSigner, needsSignature, SIGN_WINDOW_S, type SignedKind } from '../images/image-signing.ts'
import { fileContentType, ugoiraFilePath } from '../images/library-images.ts'
import { aiShown, canSee, type VisibilityHead } from '../services/visibility.ts'

/**
 * What works are serialized from, read by the service (services/items.ts) in one batch per kind: the rows, their tags,
 * authors and series titles, and (works) an imported work's page types and videos.
 */
interface BundleOf<K extends Kind, Row> {
  kind: K
  rows: readonly Row[]
  tags: ReadonlyMap<number, readonly ItemTag[]>
  users: ReadonlyMap<number, UserRow>
  series: ReadonlyMap<number, string>
}

export interface IllustBundle extends BundleOf<'illust', WorkRow> {
  pageExts: ReadonlyMap<number, string[]>
  videos: ReadonlyMap<number, { ext: string; width: number; height: number }>
}

export type NovelBundle = BundleOf<'novel', NovelRow>

export type ItemBundle = IllustBundle | NovelBundle

/** Items looked up in the item cache: those found, in the order of the ids, and the ids missing. */
export interface Lookup {
  kind: Kind
  ids: readonly number[]
  detail: boolean
  found: (CachedItem | undefined)[]
  missing: number[]
}

/** A page of items looked up for one caller: each with whether the caller may see it. */
export interface ResolvedItems {
  kind: Kind
  detail: boolean
  placeholders: boolean
  items: { id: number; item: CachedItem; visible: boolean }[]
}

/** The key of an item built in this request (`View.keep`). */
const builtKey = (kind: Kind, detail: boolean, id: number) => `${kind}|${detail ? 'd' : 'l'}|${id}`

/** The create_date of every placeholder: the epoch, as a date that says nothing of the work. */
const PLACEHOLDER_DATE = isoJst(0)

/**
 * Turns rows into the wire objects for one request: image URLs on the image origin, and the caller-relative
 * fields (is_bookmarked, is_muted, is_followed) computed for this caller, a page at a time. It reads no database:
 * what it serializes is read by the services (services/items.ts: `missing` → `keep` → `resolve` → `render`).
 *
 * Works and novels are serialized once, as an anonymous caller sees them, and kept as JSON text in the item cache;
 * a request then only flips the caller-relative booleans in that text. Each of them occurs exactly once in an item
 * (`"is_followed"` in its user object), and a quote inside a string value is always escaped, so the replace is exact.
 */
export class View {
  /** the image origin (http/origin.ts): every URL a View builds is an image URL */
  readonly origin: string
  readonly caller: Caller
  private readonly cache: ItemJsonCache
  /** The signed-in caller's follows and mutes; nothing for an anonymous caller. */
  private readonly relations: Relations | undefined
  /** the origin of the placeholders at s.pximg.net's paths (`/common/images/…`) */
  private readonly staticOrigin: string
  /** signs the image URLs of items not everyone may see (images/image-signing.ts); `nowS` is this request's clock */
  private readonly signing: { signer: ImageUrlSigner; nowS: number } | undefined

  constructor(
    origin: string,
    caller: Caller,
    cache: ItemJsonCache,
    relations: Relations | undefined,
    staticOrigin = origin,
    signing?: { signer: ImageUrlSigner; nowS: number },
  ) {
    this.signing = signing
    this.origin = origin
    this.staticOrigin = staticOrigin
    this.caller = caller
    this.cache = cache
    this.relations = caller.id ? relations : undefined
  }

  /**
   * The items of the ids the item cache holds (detail or list text), in order, and the ids it lacks: those the service
   * reads and hands to `keep`.
   */
  lookup(kind: Kind, ids: readonly number[], detail: boolean): Lookup {
    const nowS = this.signing?.nowS
    const found = ids.map((id) => this.cache.get(this.origin, kind, detail, id, nowS))
    return { kind, ids, detail, found, missing: ids.filter((_, i) => !found[i]) }
  }

  /** Serializes items read by the service (as an anonymous caller sees them) and keeps them in the item cache. */
  keep(bundle: ItemBundle, detail: boolean) {
    const nowS = this.signing?.nowS
    const rows: readonly (WorkRow | NovelRow)[] = bundle.rows
    const built = bundle.kind === 'illust' ? this.buildIllusts(bundle, detail) : this.buildNovels(bundle, detail)
    rows.forEach((r, i) => {
      const head = { user_id: r.user_id, restrict: r.restrict, x_restrict: r.x_restrict, ai_type: r.ai_type }
      // Signed URLs age: keep such an item only to the end of the signing window (its URLs then have 12 h left).
      const expires =
        nowS !== undefined && needsSignature(r) ? ImageUrlSigner.expiryAt(nowS) - SIGN_WINDOW_S : undefined
      const item = {
        ...built[i]!,
        bytes: Buffer.from(built[i]!.json),
        head,
        ...(expires !== undefined ? { expires } : {}),
      }
      this.cache.set(this.origin, bundle.kind, detail, r.id, item)
      ;(this.built ??= new Map()).set(builtKey(bundle.kind, detail, r.id), item)
    })
  }

  /** Items built in this request: answered even when the cache could not keep them (a value past its budget). */
  private built: Map<string, CachedItem> | undefined

  /**
   * The looked-up items the caller may see, in order (and, with `placeholders`, for detail, the hidden ones as
   * placeholders); those missing from the lookup are taken from `keep`. Ids that do not exist are left out.
   */
  resolve(lookup: Lookup, placeholders: boolean): ResolvedItems {
    const { kind, detail, found } = lookup
    const nowS = this.signing?.nowS
    const items = lookup.ids.flatMap((id, i) => {
      const item =
        found[i] ?? this.built?.get(builtKey(kind, detail, id)) ?? this.cache.get(this.origin, kind, detail, id, nowS)
      if (!item) return []
      // Lists also obey the caller's AI setting; a detail answer (placeholders) shows the work whatever it is.
      return [{ id, item, visible: this.canSee(item.head) && (placeholders || this.aiShown(item.head)) }]
    })
    return { kind, detail, placeholders, items }
  }

  /** The ids of resolved items the caller sees (whose is_bookmarked the service looks up). */
  shownIds(resolved: ResolvedItems): number[] {
    return resolved.items.flatMap((x) => (x.visible ? [x.id] : []))
  }

  /**
   * Resolved items as wire JSON for this caller, with its caller-relative flags: `bookmarked`, those of the shown items
   * it bookmarked (`allBookmarked`: every one, the caller's own bookmark list).
   */
  render(resolved: ResolvedItems, bookmarked: ReadonlySet<number> | undefined, allBookmarked = false): RawJson[] {
    const { kind, detail, placeholders } = resolved
    return resolved.items.flatMap(({ id, item, visible }) => {
      if (!visible) return placeholders ? [this.placeholder(kind, id, detail)] : []
      const mask =
        (this.follows(item.head.user_id) ? 1 : 0) |
        (allBookmarked || bookmarked?.has(id) ? 2 : 0) |
        (this.isMuted(item.head.user_id, item.tags) ? 4 : 0)
      if (mask === 0) return [new RawJson(item.json, item.bytes)]
      return [this.cache.variant(item, mask, () => flagged(item.json, mask))]
    })
  }

  private placeholder(kind: Kind, id: number, detail: boolean): RawJson {
    return new RawJson(
      JSON.stringify(kind === 'illust' ? this.illustPlaceholder(id, detail) : this.novelPlaceholder(id, detail)),
    )
  }

  /** The users the caller muted (none for an anonymous caller). */
  mutedUsers(): number[] {
    return [...(this.relations?.muteUsers ?? [])]
  }

  /** Whether the caller and the user follow each other (my pixiv). */
  isMutual(userId: number): boolean {
    const r = this.relations
    return !!r && r.following.has(userId) && r.followers.has(userId)
  }

  /** Whether the caller follows the user. */
  follows(userId: number): boolean {
    return !!this.relations?.following.has(userId)
  }

  private url(path: string): string {
    return (path.startsWith('/common/images/') ? this.staticOrigin : this.origin) + path
  }

  /**
   * The URL builder for one item's images: plain CDN URLs for an item everyone may see, else each with the item's
   * signature (images/image-signing.ts), which the image routes require.
   */
  private itemUrls(kind: SignedKind, row: { id: number; restrict: number; x_restrict: number }) {
    if (!this.signing || !needsSignature(row)) return (path: string) => this.url(path)
    const q = this.signing.signer.query(kind, row.id, this.signing.nowS)
    return (path: string) => this.url(path) + (path.startsWith('/common/images/') ? '' : q)
  }

  /** Whether the caller may see an item (services/visibility.ts, on a row already read). */
  canSee(row: VisibilityHead): boolean {
    return canSee(this.caller, this.mutual, row)
  }

  /** `isMutual` as a function of its own (made once, when a view first needs it). */
  private get mutual(): (userId: number) => boolean {
    return (this.mutualFn ??= (userId) => this.isMutual(userId))
  }

  private mutualFn: ((userId: number) => boolean) | undefined

  /** The caller's AI setting, for lists (services/visibility.ts): others' AI-generated items left out. */
  aiShown(row: { user_id: number; ai_type: number }): boolean {
    return aiShown(this.caller, row)
  }

  user(row: UserRow, followed: boolean, extra: Partial<WireUser> = {}): WireUser {
    return {
      id: row.id,
      name: row.name,
      account: row.account,
      profile_image_urls: {
        medium: this.url(
          profileImagePath({ id: row.id, profileDate: row.profile_date, profileHash: row.profile_hash }),
        ),
      },
      is_followed: followed,
      ...extra,
    }
  }

  private isMuted(userId: number, tagNames: readonly string[]) {
    const r = this.relations
    return !!r && (r.muteUsers.has(userId) || tagNames.some((t) => r.muteTags.has(t)))
  }

  /** The anonymous view of visible works, serialized: what the item cache keeps. */
  private buildIllusts(bundle: IllustBundle, detail: boolean) {
    const { rows, tags, users, series, pageExts, videos } = bundle
    return rows.map((row) => {
      const author = users.get(row.user_id)
      if (!author) return { json: JSON.stringify(this.illustPlaceholder(row.id, detail)), tags: [] }
      const workTags = tags.get(row.id) ?? []
      // an imported manga's pages keep each its own type (png, jpg…)
      const exts = pageExts.get(row.id)
      const pages = Array.from({ length: row.page_count }, (_, p) =>
        workImagePaths({ id: row.id, createdTs: row.created_ts, type: row.type, ext: exts?.[p] ?? row.ext }, p),
      )
      const first = pages[0]!
      const url = this.itemUrls('illust', row)
      const item: WireIllust = {
        id: row.id,
        title: row.title,
        type: row.type,
        image_urls: {
          square_medium: url(first.squareMedium),
          medium: url(first.medium),
          large: url(first.large),
        },
        caption: row.caption,
        restrict: row.restrict,
        user: this.user(author, false, { is_accept_request: false }),
        tags: workTags.map((t): WireTag => ({ name: t.name, translated_name: t.translated_name })),
        tools: JSON.parse(row.tools_json) as string[],
        create_date: isoJst(row.created_ts),
        page_count: row.page_count,
        width: row.width,
        height: row.height,
        sanity_level: row.sanity_level,
        x_restrict: row.x_restrict,
        series: row.series_id ? { id: row.series_id, title: series.get(row.series_id) ?? '' } : null,
        meta_single_page: row.page_count === 1 ? { original_image_url: url(first.original) } : {},
        meta_pages:
          row.page_count === 1
            ? []
            : pages.map((p) => ({
                image_urls: {
                  square_medium: url(p.squareMedium),
                  medium: url(p.medium),
                  large: url(p.large),
                  original: url(p.original),
                },
              })),
        total_view: row.total_view,
        total_bookmarks: row.total_bookmarks,
        is_bookmarked: false,
        visible: true,
        is_muted: false,
        ...(detail ? { total_comments: row.total_comments } : {}),
        seasonal_effect_animation_urls: null,
        event_banners: null,
        illust_ai_type: row.ai_type,
        illust_book_style: row.book_style,
        request: null,
        ...(row.restricted_mode ? { restriction_attributes: ['restricted_mode'] } : {}),
        ...(detail ? { comment_access_control: row.comment_access_control } : {}),
        ...easelVideo(videos.get(row.id), row, url),
      }
      return { json: JSON.stringify(item), tags: workTags.map((t) => t.name) }
    })
  }

  /**
   * The placeholders stand for "not available" and nothing more: every field but the id is the same for every hidden
   * item, whatever hides it. Which limit_… image, whose id, what date, type, page count or flags would each tell
   * something of the work (its x_restrict, its restrict, its author; the date and id are all its image paths need).
   */
  private placeholderUser(): WireUser {
    return { id: 0, name: '', account: '', profile_image_urls: { medium: this.url(noProfilePath) } }
  }

  private placeholderImages(): WireImageUrls {
    const url = this.url(placeholderPath('unviewable'))
    return { square_medium: url, medium: url, large: url }
  }

  /** What an unviewable work answers (reference §2): no title, no real image, no author, no date, no flags. */
  illustPlaceholder(id: number, detail: boolean): WireIllust {
    const images = this.placeholderImages()
    return {
      id,
      title: '',
      type: 'illust',
      image_urls: images,
      caption: '',
      restrict: 0,
      user: this.placeholderUser(),
      tags: [],
      tools: [],
      create_date: PLACEHOLDER_DATE,
      page_count: 1,
      width: 100,
      height: 100,
      sanity_level: 0,
      x_restrict: 0,
      series: null,
      meta_single_page: { original_image_url: images.large },
      meta_pages: [],
      total_view: 0,
      total_bookmarks: 0,
      is_bookmarked: false,
      visible: false,
      is_muted: false,
      ...(detail ? { total_comments: 0 } : {}),
      seasonal_effect_animation_urls: null,
      event_banners: null,
      illust_ai_type: 0,
      illust_book_style: 0,
      request: null,
      ...(detail ? { comment_access_control: 0 } : {}),
    }
  }

  /** The novel's placeholder: as the work's, the same for every hidden novel but its id. */
  novelPlaceholder(id: number, detail: boolean): WireNovel {
    return {
      id,
      title: '',
      caption: '',
      restrict: 0,
      x_restrict: 0,
      is_original: false,
      image_urls: this.placeholderImages(),
      create_date: PLACEHOLDER_DATE,
      tags: [],
      page_count: 0,
      text_length: 0,
      user: this.placeholderUser(),
      series: {},
      is_bookmarked: false,
      total_bookmarks: 0,
      total_view: 0,
      visible: false,
      total_comments: 0,
      is_muted: false,
      is_mypixiv_only: false,
      is_x_restricted: false,
      novel_ai_type: 0,
      request: null,
      ...(detail ? { comment_access_control: 0 } : {}),
    }
  }

  private buildNovels(bundle: NovelBundle, detail: boolean) {
    const { rows, tags, users, series } = bundle
    return rows.map((row) => {
      const author = users.get(row.user_id)
      if (!author) return { json: JSON.stringify(this.novelPlaceholder(row.id, detail)), tags: [] }
      const novelTags = tags.get(row.id) ?? []
      const cover = novelCoverPaths({ id: row.id, createdTs: row.created_ts, coverHash: row.cover_hash })
      const url = this.itemUrls('novel', row)
      const item: WireNovel = {
        id: row.id,
        title: row.title,
        caption: row.caption,
        restrict: row.restrict,
        x_restrict: row.x_restrict,
        is_original: row.is_original === 1,
        image_urls: {
          square_medium: url(cover.squareMedium),
          medium: url(cover.medium),
          large: url(cover.large),
        },
        create_date: isoJst(row.created_ts),
        tags: novelTags.map((t) => ({
          name: t.name,
          translated_name: t.translated_name,
          added_by_uploaded_user: t.by_author === 1,
        })),
        page_count: row.page_count,
        text_length: row.text_length,
        user: this.user(author, false, { is_access_blocking_user: false, is_accept_request: false }),
        series: row.series_id ? { id: row.series_id, title: series.get(row.series_id) ?? '' } : {},
        is_bookmarked: false,
        total_bookmarks: row.total_bookmarks,
        total_view: row.total_view,
        visible: true,
        total_comments: row.total_comments,
        is_muted: false,
        is_mypixiv_only: row.restrict === 1,
        is_x_restricted: row.x_restrict > 0,
        novel_ai_type: row.ai_type,
        request: null,
        ...(detail ? { comment_access_control: 0 } : {}),
      }
      return { json: JSON.stringify(item), tags: novelTags.map((t) => t.name) }
    })
  }

  /** Whether the caller muted the user. */
  mutedUser(userId: number): boolean {
    return !!this.relations?.muteUsers.has(userId)
  }

  /**
   * The absolute URL of an image path, as this answer's items give theirs (for answers built outside the View);
   * `of`: the work or novel the image belongs to, whose signature it then carries if it needs one.
   */
  imageUrl(path: string, of?: { kind: SignedKind; row: { id: number; restrict: number; x_restrict: number } }): string {
    return of ? this.itemUrls(of.kind, of.row)(path) : this.url(path)
  }
}

/** The item's text with the caller-relative flags of `mask` set (each occurs exactly once in an item). */
function flagged(json: string, mask: number): string {
  if (mask & 1) json = json.replace('"is_followed":false', '"is_followed":true')
  if (mask & 2) json = json.replace('"is_bookmarked":false', '"is_bookmarked":true')
  if (mask & 4) json = json.replace('"is_muted":false', '"is_muted":true')
  return json
}

/** `easel_video` of an imported ugoira kept as a video: where it is served, its type and picture size. */
function easelVideo(
  video: { ext: string; width: number; height: number } | undefined,
  row: { id: number; created_ts: number },
  url: (path: string) => string,
): Pick<WireIllust, 'easel_video'> {
  if (!video) return {}
  return {
    easel_video: {
      url: url(ugoiraFilePath({ id: row.id, createdTs: row.created_ts }, video.ext)),
      type: fileContentType(video.ext),
      width: video.width,
      height: video.height,
    },
  }
}
