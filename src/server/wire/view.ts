import type { WireIllust, WireImageUrls, WireNovel, WireTag, WireUser, WireUserPreview } from '../../api/wire.ts'
import type { Caller, CatalogueStore, Kind, NovelRow, UserRow, WorkRow } from '../data/store.ts'
import {
  isoJst,
  noProfilePath,
  novelCoverPaths,
  placeholderPath,
  profileImagePath,
  workImagePaths,
  type PlaceholderKind,
} from '../images/paths.ts'

/**
 * Turns rows into the wire objects for one request: absolute URLs on the request's origin, and the caller-relative
 * fields (is_bookmarked, is_muted, is_followed) computed for this caller, a page at a time.
 */
export class View {
  readonly store: CatalogueStore
  readonly origin: string
  readonly caller: Caller
  private mutesCache: { tags: Set<string>; users: Set<number> } | undefined

  constructor(store: CatalogueStore, origin: string, caller: Caller) {
    this.store = store
    this.origin = origin
    this.caller = caller
  }

  private get mutes() {
    if (!this.mutesCache) {
      const m = this.store.mutes(this.caller.id)
      this.mutesCache = { tags: new Set(m.tags), users: new Set(m.users) }
    }
    return this.mutesCache
  }

  private url = (path: string) => this.origin + path

  /** Whether the caller may see an item (the same rule as the store's SQL, on a row already read). */
  canSee(row: { user_id: number; restrict: number; x_restrict: number }): boolean {
    if (row.x_restrict > this.caller.maxX) return false
    if (row.restrict === 0 || row.user_id === this.caller.id) return true
    return row.restrict === 1 && this.store.isMutual(this.caller.id, row.user_id)
  }

  private placeholderKind(row: { restrict: number; x_restrict: number }): PlaceholderKind {
    if (row.x_restrict > this.caller.maxX) return 'sanity_level'
    return row.restrict === 1 ? 'mypixiv' : 'unviewable'
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

  usersById(ids: readonly number[]): { rows: Map<number, UserRow>; followed: Set<number> } {
    const unique = [...new Set(ids)]
    return { rows: this.store.users(unique), followed: this.store.followedAmong(this.caller.id, unique) }
  }

  private isMuted(userId: number, tags: readonly { name: string }[]) {
    if (!this.caller.id) return false
    const m = this.mutes
    return m.users.has(userId) || tags.some((t) => m.tags.has(t.name))
  }

  /** Visible works as wire objects; a row the caller may not see becomes the placeholder (detail only). */
  illusts(rows: readonly WorkRow[], detail = false): WireIllust[] {
    const ids = rows.map((r) => r.id)
    const tags = this.store.tagsOf('illust', ids)
    const users = this.usersById(rows.map((r) => r.user_id))
    const series = this.store.seriesTitles(
      'illust',
      rows.flatMap((r) => (r.series_id ? [r.series_id] : [])),
    )
    const bookmarked = this.store.bookmarkedAmong('illust', this.caller.id, ids)
    return rows.map((row) => {
      const author = users.rows.get(row.user_id)
      if (!author || !this.canSee(row)) return this.illustPlaceholder(row, detail)
      const workTags = tags.get(row.id) ?? []
      const pages = Array.from({ length: row.page_count }, (_, p) =>
        workImagePaths({ id: row.id, createdTs: row.created_ts, type: row.type, ext: row.ext }, p),
      )
      const first = pages[0]!
      const item: WireIllust = {
        id: row.id,
        title: row.title,
        type: row.type,
        image_urls: {
          square_medium: this.url(first.squareMedium),
          medium: this.url(first.medium),
          large: this.url(first.large),
        },
        caption: row.caption,
        restrict: row.restrict,
        user: this.user(author, users.followed.has(author.id), { is_accept_request: false }),
        tags: workTags.map((t): WireTag => ({ name: t.name, translated_name: t.translated_name })),
        tools: JSON.parse(row.tools_json) as string[],
        create_date: isoJst(row.created_ts),
        page_count: row.page_count,
        width: row.width,
        height: row.height,
        sanity_level: row.sanity_level,
        x_restrict: row.x_restrict,
        series: row.series_id ? { id: row.series_id, title: series.get(row.series_id) ?? '' } : null,
        meta_single_page: row.page_count === 1 ? { original_image_url: this.url(first.original) } : {},
        meta_pages:
          row.page_count === 1
            ? []
            : pages.map((p) => ({
                image_urls: {
                  square_medium: this.url(p.squareMedium),
                  medium: this.url(p.medium),
                  large: this.url(p.large),
                  original: this.url(p.original),
                },
              })),
        total_view: row.total_view,
        total_bookmarks: row.total_bookmarks,
        is_bookmarked: bookmarked.has(row.id),
        visible: true,
        is_muted: this.isMuted(row.user_id, workTags),
        ...(detail ? { total_comments: row.total_comments } : {}),
        seasonal_effect_animation_urls: null,
        event_banners: null,
        illust_ai_type: row.ai_type,
        illust_book_style: row.book_style,
        request: null,
        ...(row.restricted_mode ? { restriction_attributes: ['restricted_mode'] } : {}),
        ...(detail ? { comment_access_control: row.comment_access_control } : {}),
      }
      return item
    })
  }

  private placeholderUser(userId: number): WireUser {
    return { id: userId, name: '', account: '', profile_image_urls: { medium: this.url(noProfilePath) } }
  }

  private placeholderImages(row: { restrict: number; x_restrict: number }): WireImageUrls {
    const url = this.url(placeholderPath(this.placeholderKind(row)))
    return { square_medium: url, medium: url, large: url }
  }

  /** What an unviewable work answers (reference §2): no title, no real image, no author details. */
  illustPlaceholder(row: WorkRow, detail: boolean): WireIllust {
    const images = this.placeholderImages(row)
    return {
      id: row.id,
      title: '',
      type: row.type,
      image_urls: images,
      caption: '',
      restrict: row.restrict,
      user: this.placeholderUser(row.user_id),
      tags: [],
      tools: [],
      create_date: isoJst(row.created_ts),
      page_count: 1,
      width: 100,
      height: 100,
      sanity_level: 0,
      x_restrict: row.x_restrict,
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

  novels(rows: readonly NovelRow[], detail = false): WireNovel[] {
    const ids = rows.map((r) => r.id)
    const tags = this.store.tagsOf('novel', ids)
    const users = this.usersById(rows.map((r) => r.user_id))
    const series = this.store.seriesTitles(
      'novel',
      rows.flatMap((r) => (r.series_id ? [r.series_id] : [])),
    )
    const bookmarked = this.store.bookmarkedAmong('novel', this.caller.id, ids)
    return rows.map((row) => {
      const author = users.rows.get(row.user_id)
      const visible = !!author && this.canSee(row)
      const novelTags = visible ? (tags.get(row.id) ?? []) : []
      const cover = novelCoverPaths({ id: row.id, createdTs: row.created_ts, coverHash: row.cover_hash })
      const item: WireNovel = {
        id: row.id,
        title: visible ? row.title : '',
        caption: visible ? row.caption : '',
        restrict: row.restrict,
        x_restrict: row.x_restrict,
        is_original: visible && row.is_original === 1,
        image_urls: visible
          ? {
              square_medium: this.url(cover.squareMedium),
              medium: this.url(cover.medium),
              large: this.url(cover.large),
            }
          : this.placeholderImages(row),
        create_date: isoJst(row.created_ts),
        tags: novelTags.map((t) => ({
          name: t.name,
          translated_name: t.translated_name,
          added_by_uploaded_user: t.by_author === 1,
        })),
        page_count: visible ? row.page_count : 0,
        text_length: visible ? row.text_length : 0,
        user:
          visible && author
            ? this.user(author, users.followed.has(author.id), {
                is_access_blocking_user: false,
                is_accept_request: false,
              })
            : this.placeholderUser(row.user_id),
        series: visible && row.series_id ? { id: row.series_id, title: series.get(row.series_id) ?? '' } : {},
        is_bookmarked: visible && bookmarked.has(row.id),
        total_bookmarks: visible ? row.total_bookmarks : 0,
        total_view: visible ? row.total_view : 0,
        visible,
        total_comments: visible ? row.total_comments : 0,
        is_muted: visible && this.isMuted(row.user_id, novelTags),
        is_mypixiv_only: row.restrict === 1,
        is_x_restricted: row.x_restrict > 0,
        novel_ai_type: visible ? row.ai_type : 0,
        request: null,
        ...(detail ? { comment_access_control: 0 } : {}),
      }
      return item
    })
  }

  /** Items of either kind by id, in order, leaving out any the caller may not see (for lists). */
  listIllusts(ids: readonly number[]): WireIllust[] {
    return this.illusts(this.store.worksByIds(ids).filter((r) => this.canSee(r)))
  }

  listNovels(ids: readonly number[]): WireNovel[] {
    return this.novels(this.store.novelsByIds(ids).filter((r) => this.canSee(r)))
  }

  list(kind: Kind, ids: readonly number[]) {
    return kind === 'illust' ? this.listIllusts(ids) : this.listNovels(ids)
  }

  /** `user_previews` entries: the user with their three newest visible works and novels. */
  userPreviews(userIds: readonly number[]): WireUserPreview[] {
    const users = this.usersById(userIds)
    return userIds.flatMap((id) => {
      const row = users.rows.get(id)
      if (!row) return []
      return [
        {
          user: this.user(row, users.followed.has(id)),
          illusts: this.listIllusts(this.store.userItems('illust', id, this.caller, undefined, 0, 3)),
          novels: this.listNovels(this.store.userItems('novel', id, this.caller, undefined, 0, 3)),
          is_muted: this.caller.id ? this.mutes.users.has(id) : false,
        },
      ]
    })
  }
}
