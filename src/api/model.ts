// The camelCase model the gallery works with (spec/catalogue-interface.md), converted from the wire types by
// camel.ts. A few normalisations beyond renaming keys, so the UI has one shape to check:
// - a novel's `series` is `Series | null` (the wire sends `{}` for none, illusts send null);
// - a novel text's `seriesPrev` / `seriesNext` are `Novel | null` (the wire sends `{}`);
// - the token response is flattened (no `response` copy) and its `user.id` is a number like every other id.

/** Works (illustrations, manga, ugoira) and novels are numbered separately; the kind always goes with an id. */
export type WorkKind = 'illust' | 'novel'

export type IllustType = 'illust' | 'manga' | 'ugoira'

/** 0 all-ages, 1 R-18, 2 R-18G. */
export type XRestrict = number

export interface ImageUrls {
  squareMedium: string
  medium: string
  large: string
}

/** One page of a multi-page work. */
export interface MetaPage {
  imageUrls: ImageUrls & { original: string }
}

export interface User {
  id: number
  name: string
  account: string
  profileImageUrls: { medium: string }
  /** Missing on the placeholder of an unviewable work. */
  isFollowed?: boolean
  isAcceptRequest?: boolean
  isAccessBlockingUser?: boolean
}

export interface Tag {
  name: string
  translatedName: string | null
}

export interface NovelTag extends Tag {
  addedByUploadedUser: boolean
}

export interface Series {
  id: number
  title: string
}

export interface Illust {
  id: number
  title: string
  type: IllustType
  imageUrls: ImageUrls
  /** HTML: sanitize before rendering (src/lib/sanitize.ts). */
  caption: string
  /** 0 public, 1 mutual follows only, 2 private. */
  restrict: number
  user: User
  tags: Tag[]
  tools: string[]
  createDate: string
  pageCount: number
  width: number
  height: number
  /** 2 safe, 4 mild, 6 sensitive, 8 adult. */
  sanityLevel: number
  xRestrict: XRestrict
  series: Series | null
  /** `{ originalImageUrl }` for a single-page work, `{}` for a multi-page one. */
  metaSinglePage: { originalImageUrl?: string }
  /** Every page of a multi-page work; empty for a single-page one. */
  metaPages: MetaPage[]
  totalView: number
  totalBookmarks: number
  isBookmarked: boolean
  /** false: an unviewable placeholder (no title, placeholder images). */
  visible: boolean
  isMuted: boolean
  /** Detail only. */
  totalComments?: number
  /** 0 no AI, 1 partial AI, 2 fully AI. */
  illustAiType: number
  /** 1: a book read right-to-left in two-page spreads. */
  illustBookStyle: number
  restrictionAttributes?: string[]
  commentAccessControl?: number
  /** Easel's own: an imported ugoira kept as a video, played as it is (its frames are not available). */
  easelVideo?: { url: string; type: string; width: number; height: number }
}

export interface Novel {
  id: number
  title: string
  /** HTML: sanitize before rendering. */
  caption: string
  restrict: number
  xRestrict: XRestrict
  isOriginal: boolean
  /** Cover images. */
  imageUrls: ImageUrls
  createDate: string
  tags: NovelTag[]
  pageCount: number
  textLength: number
  user: User
  series: Series | null
  isBookmarked: boolean
  totalBookmarks: number
  totalView: number
  visible: boolean
  totalComments: number
  isMuted: boolean
  isMypixivOnly: boolean
  isXRestricted: boolean
  novelAiType: number
  commentAccessControl?: number
}

export interface UserPreview {
  user: User
  illusts: Illust[]
  novels: Novel[]
  isMuted: boolean
}

/** Every list page: `nextUrl` carries the next page's cursor (`cursorFrom`), null on the last page. */
export interface Page {
  nextUrl: string | null
}

export interface IllustPage extends Page {
  illusts: Illust[]
}

export interface NovelPage extends Page {
  novels: Novel[]
}

export interface UserPreviewPage extends Page {
  userPreviews: UserPreview[]
}

export interface SearchIllustPage extends IllustPage {
  searchSpanLimit: number
  showAi: boolean
}

export interface SearchNovelPage extends NovelPage {
  searchSpanLimit: number
  showAi: boolean
}

export type PrivacyPolicy = Record<string, never> | { version: string; message: string; url: string }

export interface RecommendedIllustPage extends IllustPage {
  /** Filled on the first page when asked for (`includeRankingIllusts`). */
  rankingIllusts: Illust[]
  contestExists: boolean
  privacyPolicy: PrivacyPolicy
}

export interface RecommendedNovelPage extends NovelPage {
  rankingNovels: Novel[]
  privacyPolicy: PrivacyPolicy
}

export interface UserIllustPage extends IllustPage {
  user: User
}

export interface UserNovelPage extends NovelPage {
  user: User
}

export interface IllustSeriesDetail {
  id: number
  title: string
  caption: string
  coverImageUrls: { medium: string }
  seriesWorkCount: number
  createDate: string
  width: number
  height: number
  user: User
  watchlistAdded: boolean
}

export interface IllustSeriesPage extends IllustPage {
  illustSeriesDetail: IllustSeriesDetail
  illustSeriesFirstIllust: Illust | null
}

export interface NovelSeriesDetail {
  id: number
  title: string
  caption: string
  isOriginal: boolean
  isConcluded: boolean
  contentCount: number
  totalCharacterCount: number
  user: User
  displayText: string
  novelAiType: number
  watchlistAdded: boolean
}

export interface NovelSeriesPage extends NovelPage {
  novelSeriesDetail: NovelSeriesDetail
  novelSeriesFirstNovel: Novel | null
  novelSeriesLatestNovel: Novel | null
}

export interface BookmarkTag {
  name: string
  count: number
}

export interface BookmarkTagPage extends Page {
  bookmarkTags: BookmarkTag[]
}

export type Restrict = 'public' | 'private'

export interface BookmarkDetail {
  isBookmarked: boolean
  /** The work's tags plus the caller's own bookmark tags; `isRegistered` when on the caller's bookmark. */
  tags: { name: string; isRegistered: boolean }[]
  restrict: Restrict
}

export interface TrendTag {
  /** The tag's name (the wire calls it `tag`, not `name`). */
  tag: string
  translatedName: string | null
  illust: Illust
}

export type Publicity = 'public' | 'private' | 'mypixiv'

export interface UserProfile {
  webpage: string | null
  gender: string
  birth: string
  birthDay: string
  birthYear: number
  region: string
  addressId: number
  countryCode: string
  job: string
  jobId: number
  totalFollowUsers: number
  totalMypixivUsers: number
  totalIllusts: number
  totalManga: number
  totalNovels: number
  totalIllustBookmarksPublic: number
  totalIllustSeries: number
  totalNovelSeries: number
  backgroundImageUrl: string
  twitterAccount: string
  twitterUrl: string
  pawooUrl: string
  isPremium: boolean
  isUsingCustomProfileImage: boolean
}

export interface UserDetail {
  user: User & { comment: string }
  profile: UserProfile
  profilePublicity: {
    gender: Publicity
    region: Publicity
    birthDay: Publicity
    birthYear: Publicity
    job: Publicity
    pawoo: boolean
  }
  workspace: {
    pc?: string
    monitor?: string
    tool?: string
    scanner?: string
    tablet?: string
    mouse?: string
    printer?: string
    desktop?: string
    music?: string
    desk?: string
    chair?: string
    comment?: string
    workspaceImageUrl?: string | null
  }
}

export interface MuteList {
  mutedTags: { tag: Tag; isPremiumSlot: boolean }[]
  mutedUsers: { user: User; isPremiumSlot: boolean }[]
  mutedCount: number
  mutedTagsCount: number
  mutedUsersCount: number
  muteLimitCount: number
}

/** Sizes of an image uploaded into a novel (`[uploadedimage:ID]`). Keys are sizes, kept as sent. */
export type NovelImageUrls = Record<'128x128' | '240mw' | '480mw' | '1200x1200' | 'original', string>

/** A work embedded in a novel (`[pixivimage:ID]` / `[pixivimage:ID-PAGE]`), with the page's images. */
export interface NovelEmbeddedIllust {
  illust: Illust
  /** 1-based. */
  page: number
  images: { small: string; medium: string; original: string }
}

export interface NovelText {
  novelMarker: { page?: number }
  /** The text in pixiv novel markup (reference §19). */
  novelText: string
  seriesPrev: Novel | null
  seriesNext: Novel | null
  /** Keyed by the uploaded image id as written in the marker (data keys: never renamed). */
  images: Record<string, { urls: NovelImageUrls }>
  /** Keyed by the literal marker value, `"ID"` or `"ID-PAGE"` (data keys: never renamed). */
  illusts: Record<string, NovelEmbeddedIllust>
}

export interface UgoiraMetadata {
  zipUrls: { medium: string }
  /** `delay` in milliseconds. */
  frames: { file: string; delay: number }[]
}

export interface TokenUser {
  /** A number here although the wire sends a string. */
  id: number
  name: string
  account: string
  mailAddress: string
  isPremium: boolean
  /** The account's age setting: 0 all-ages only, 1 also R-18, 2 also R-18G. */
  xRestrict: XRestrict
  isMailAuthorized: boolean
  requirePolicyAgreement: boolean
  profileImageUrls: { px16x16: string; px50x50: string; px170x170: string }
}

export interface TokenResponse {
  accessToken: string
  /** Seconds. */
  expiresIn: number
  tokenType: 'bearer'
  scope: string
  refreshToken: string
  user: TokenUser
}

// ---- comments ----

export interface CommentUser {
  id: number
  name: string
  account: string
  profileImageUrls: { medium: string }
}

export interface Comment {
  id: number
  /** Plain text written by a user: untrusted, render as text (never as HTML). */
  comment: string
  date: string
  user: CommentUser
  /** The comment this one answers; null on a top-level comment (the wire sends `{}` or leaves it out). */
  parentComment: Comment | null
  hasReplies: boolean
}

export interface CommentPage extends Page {
  /** Every comment of the work, replies included. */
  totalComments: number
  comments: Comment[]
  commentAccessControl: number
}

export interface CommentReplies extends Page {
  comments: Comment[]
}

// ---- user lists ----

export interface UserList extends Page {
  users: User[]
}

// ---- the account (Easel's own) ----

/** How new accounts come in (GET /v1/easel/registration). */
export interface Registration {
  mode: 'open' | 'invite' | 'closed'
  /** no account exists yet: the next sign-up makes the admin, whatever the mode */
  firstAccount: boolean
  /** what the invite code asked about is worth; null when none was given */
  invite: 'valid' | 'used' | 'expired' | 'unknown' | null
}

/** The signed-in reader's own account. */
export interface Account {
  id: number
  name: string
  account: string
  role: 'admin' | 'member'
}

/** An invite an admin made (ISO 8601 times); `usedBy` null while unused. */
export interface Invite {
  id: number
  createdAt: string
  expiresAt: string
  usedAt: string | null
  usedBy: { id: number; name: string; account: string } | null
}

/** One of the account's signed-in devices (a session): a browser's sign-in, or a token made for an app. */
export interface Session {
  id: number
  /** the sign-in's User-Agent, or the name given to an app's token */
  client: string
  /** ISO 8601; null for a session from before Easel recorded it */
  createdAt: string | null
  lastUsedAt: string | null
  /** the session of this device */
  isCurrent: boolean
}
