// Response envelopes of the endpoints the gallery calls, as they travel on the wire (snake_case).
// The item types live in wire.ts; these add the envelopes and the smaller resources reference §4–§11 describe.

import type {
  WireIllust,
  WireIllustPage,
  WireNovel,
  WireNovelPage,
  WireTag,
  WireUser,
  WireUserPreview,
} from './wire.ts'

export interface WireIllustDetail {
  illust: WireIllust
}

export interface WireNovelDetail {
  novel: WireNovel
}

export interface WireSearchIllustPage extends WireIllustPage {
  search_span_limit: number
  show_ai: boolean
}

export interface WireSearchNovelPage extends WireNovelPage {
  search_span_limit: number
  show_ai: boolean
}

export type WirePrivacyPolicy = Record<string, never> | { version: string; message: string; url: string }

export interface WireRecommendedIllustPage extends WireIllustPage {
  ranking_illusts: WireIllust[]
  contest_exists: boolean
  privacy_policy: WirePrivacyPolicy
}

export interface WireRecommendedNovelPage extends WireNovelPage {
  ranking_novels: WireNovel[]
  privacy_policy: WirePrivacyPolicy
}

export interface WireUserIllustPage extends WireIllustPage {
  user: WireUser
}

export interface WireUserNovelPage extends WireNovelPage {
  user: WireUser
}

export interface WireUserPreviewPage {
  user_previews: WireUserPreview[]
  next_url: string | null
}

export interface WireIllustSeriesDetail {
  id: number
  title: string
  caption: string
  cover_image_urls: { medium: string }
  series_work_count: number
  create_date: string
  width: number
  height: number
  user: WireUser
  watchlist_added: boolean
}

export interface WireIllustSeriesPage extends WireIllustPage {
  illust_series_detail: WireIllustSeriesDetail
  illust_series_first_illust: WireIllust | null
}

export interface WireNovelSeriesDetail {
  id: number
  title: string
  caption: string
  is_original: boolean
  is_concluded: boolean
  content_count: number
  total_character_count: number
  user: WireUser
  display_text: string
  novel_ai_type: number
  watchlist_added: boolean
}

export interface WireNovelSeriesPage extends WireNovelPage {
  novel_series_detail: WireNovelSeriesDetail
  novel_series_first_novel: WireNovel | null
  novel_series_latest_novel: WireNovel | null
}

export interface WireBookmarkTagPage {
  bookmark_tags: { name: string; count: number }[]
  next_url: string | null
}

export interface WireBookmarkDetail {
  bookmark_detail: {
    is_bookmarked: boolean
    tags: { name: string; is_registered: boolean }[]
    restrict: 'public' | 'private'
  }
}

export interface WireAutocomplete {
  tags: WireTag[]
}

export interface WireTrendingTags {
  trend_tags: { tag: string; translated_name: string | null; illust: WireIllust }[]
}

export type WirePublicity = 'public' | 'private' | 'mypixiv'

export interface WireUserDetail {
  user: WireUser & { comment: string }
  profile: {
    webpage: string | null
    gender: string
    birth: string
    birth_day: string
    birth_year: number
    region: string
    address_id: number
    country_code: string
    job: string
    job_id: number
    total_follow_users: number
    total_mypixiv_users: number
    total_illusts: number
    total_manga: number
    total_novels: number
    total_illust_bookmarks_public: number
    total_illust_series: number
    total_novel_series: number
    background_image_url: string
    twitter_account: string
    twitter_url: string
    pawoo_url: string
    is_premium: boolean
    is_using_custom_profile_image: boolean
  }
  profile_publicity: {
    gender: WirePublicity
    region: WirePublicity
    birth_day: WirePublicity
    birth_year: WirePublicity
    job: WirePublicity
    pawoo: boolean
  }
  /** Every field a string (empty when unset); `{}` when the user never filled it in. */
  workspace: Partial<Record<WireWorkspaceField, string>> & { workspace_image_url?: string | null }
}

export type WireWorkspaceField =
  | 'pc'
  | 'monitor'
  | 'tool'
  | 'scanner'
  | 'tablet'
  | 'mouse'
  | 'printer'
  | 'desktop'
  | 'music'
  | 'desk'
  | 'chair'
  | 'comment'

export interface WireMuteList {
  muted_tags: { tag: WireTag; is_premium_slot: boolean }[]
  muted_users: { user: WireUser; is_premium_slot: boolean }[]
  muted_count: number
  muted_tags_count: number
  muted_users_count: number
  mute_limit_count: number
}

// ---- comments ----
// pixivpy's `Comment`/`NovelComments` models, gallery-dl's `/v3/illust/comments`, PixEz's and other clients' models:
// v1 lists carry every comment (replies too) with `parent_comment`; v3 lists carry a thread's first comments only,
// with `has_replies`, and the replies come from `/v2/{illust,novel}/comment/replies`.

export interface WireCommentUser {
  id: number
  name: string
  account: string
  profile_image_urls: { medium: string }
}

export interface WireComment {
  id: number
  comment: string
  /** ISO-8601 in JST, like `create_date` */
  date: string
  user: WireCommentUser
  /**
   * v1 lists and the add answer only: the thread's first comment this one answers (without its own
   * `parent_comment`), or `{}` on a thread's first comment. Absent from v3 lists and reply lists.
   */
  parent_comment?: WireComment | Record<string, never>
  has_replies: boolean
  stamp: null
}

/** `/v3/illust/comments`: a thread's first comments; `total_comments` only with `include_total_comments=true`. */
export interface WireCommentPage {
  total_comments?: number
  comments: WireComment[]
  next_url: string | null
  comment_access_control: number
}

/**
 * `/v1/illust/comments`, `/v1/novel/comments`: every comment, replies included, each with `parent_comment`; always
 * with `total_comments` (pixivpy's `NovelComments` model requires it even when it did not ask).
 */
export interface WireCommentPageV1 extends WireCommentPage {
  total_comments: number
  comments: (WireComment & { parent_comment: WireComment | Record<string, never> })[]
}

/** `/v2/{illust,novel}/comment/replies`: a thread's replies, oldest first. */
export interface WireCommentReplies {
  comments: WireComment[]
  next_url: string | null
}

export interface WireCommentAdded {
  comment: WireComment & { parent_comment: WireComment | Record<string, never> }
}

// ---- user lists ----

/** `/v2/user/list`: pixivpy calls it the block list ("黑名单用户"); everpcpc/pixiv's Go client reads `{users: […]}`. */
export interface WireUserList {
  users: WireUser[]
  next_url: string | null
}

/**
 * `GET /v1/easel/library` (Easel's own, not pixiv's): the library a catalogue was imported from, for its owner;
 * `library: null` on the demo catalogue.
 */
export interface WireLibraryStatus {
  library: {
    root: string
    /**
     * the last scan: when (unix seconds) and what it did; `lists`: how many of the owner's bookmarks and recorded
     * rankings its bookmark and ranking records changed (absent from a scan recorded before they were counted)
     */
    last_scan: {
      at: number
      imported: number
      updated: number
      removed: number
      unchanged: number
      skipped: number
      lists?: number
    }
    /**
     * the catalogue's imported works, per type: `illust`, `manga`, `ugoira` (0 when none), and other kinds as the
     * importer takes them (`novel`); the page shows every key
     */
    counts: Record<string, number>
    /** the files the last scan left out, with why (paths relative to the root) */
    skipped: { path: string; reason: string }[]
    /** the scan in progress, or the last one the service ran since it started */
    scan: WireLibraryScanProgress
  } | null
}

/**
 * A scan of the library folder: running or not, works read so far of those found, when it began (unix seconds), and
 * why it failed as a whole (the folder gone) if it did.
 */
export interface WireLibraryScanProgress {
  running: boolean
  done: number
  total: number
  started_at: number | null
  error: string | null
}

/**
 * `POST /v1/easel/library/scan` (Easel's own): starts a scan of the library folder; `started: false` when one was
 * running already (that one is `scan`).
 */
export interface WireLibraryScan {
  started: boolean
  scan: WireLibraryScanProgress
}

/** `GET /v1/user/ai-show-settings` (PixEz `ShowAiResponse`). */
export interface WireAiShowSettings {
  show_ai: boolean
}

/** The web API's envelope (`/ajax/…`): camelCase bodies, errors as `{"error": true, "message": …}`. */
export interface WireAjax<B> {
  error: false
  message: ''
  body: B
}

/** The web API's error answer, sent with the HTTP status of the error. */
export interface WireAjaxError {
  error: true
  message: string
  body: []
}

/**
 * One of the account's sessions (a sign-in, or a token made for an app), as its list of signed-in devices shows it:
 * when it began and was last renewed (ISO 8601; null for a session from before Easel recorded them) and the client
 * (the sign-in's User-Agent, or the name given to an app's token). `is_current`: the session of the asking token.
 */
export interface WireSession {
  id: number
  client: string
  created_at: string | null
  last_used_at: string | null
  is_current: boolean
}

/** Easel's own: the caller's signed-in devices, the most recently used first. */
export interface WireSessionList {
  sessions: WireSession[]
}

/** Easel's own: a new session made for an App API client, with its refresh token (shown this once). */
export interface WireSessionAdded {
  refresh_token: string
  session: WireSession
}

/** Easel's own: how new accounts come in (the sign-up page's question). */
export interface WireRegistration {
  mode: 'open' | 'invite' | 'closed'
  /** No account exists yet: the next sign-up is open whatever the mode, and makes the admin. */
  first_account: boolean
  /** What the `invite` code asked about is worth; null when none was given. */
  invite: 'valid' | 'used' | 'expired' | 'unknown' | null
}

/** Easel's own: the caller's account. `admin` may set the registration mode, invite, and (later) moderate. */
export interface WireAccount {
  account: { id: number; name: string; account: string; role: 'admin' | 'member' }
}

/** An invite an admin made: when, until when, and who used it (null while unused). */
export interface WireInvite {
  id: number
  created_at: string
  expires_at: string
  used_at: string | null
  used_by: { id: number; name: string; account: string } | null
}

export interface WireInviteList {
  invites: WireInvite[]
}

/** A new invite with its code, shown this once (only its hash is kept). */
export interface WireInviteAdded {
  code: string
  invite: WireInvite
}

/** One uploaded page: what the service made of the file (its type read from the bytes, its pixels after orientation). */
export interface WireUpload {
  id: number
  width: number
  height: number
  /** `jpg`, `png`, `gif` or `webp`; `zip` for an ugoira's frames */
  ext: string
  bytes: number
  /** an ugoira's: each frame's delay in ms, as its animation played (absent for a page) */
  frame_delays?: number[]
}

export interface WireUploadAdded {
  upload: WireUpload
}

/** A work just posted or edited, as its detail shows it to its author. */
export interface WireIllustPosted {
  illust: WireIllust
}

/** A posted work's pages, in order, as uploads (what illust/edit's `upload_ids[]` names). */
export interface WireIllustPages {
  pages: WireUpload[]
  /** Present while moderators hide the work: seen by its author alone, whatever its restrict (the one given here) */
  held?: WireHeldState
}

/**
 * A work or novel moderators hide (or hid with its author's suspension): its author still sees and edits it; `restrict`
 * is the one the author chose, which it gets back when restored (its detail says 2, private, meanwhile).
 */
export interface WireHeldState {
  restrict: 'public' | 'mypixiv' | 'private'
}

/** A novel just posted or edited, as its detail shows it to its author. */
export interface WireNovelPosted {
  novel: WireNovel
}

/** A posted novel as its author edits it: the text as written, and the upload its cover is (null: none). */
export interface WireNovelSource {
  text: string
  cover_upload_id: number | null
  /** Present while moderators hide the novel (WireHeldState) */
  held?: WireHeldState
}

/** An account as moderation names it. */
export interface WireUserRef {
  id: number
  name: string
  account: string
}

/**
 * What a report or a moderation action is about: a work, a novel or a comment (with the work or novel it is on), or an
 * account. `label` is a work's or novel's title, a comment's text (cut short) or an account's name; `exists: false`
 * once it was deleted (the label is then what it was).
 */
export interface WireModerationTarget {
  kind: 'illust' | 'novel' | 'comment' | 'user'
  id: number
  label: string
  /** its author (a comment's writer; for an account, the account) */
  user: WireUserRef | null
  exists: boolean
  /** hidden by moderation (an account: suspended) */
  held: boolean
  /**
   * a work, a novel: hidden only because its author is suspended. Lifting the suspension shows it again; unhiding it
   * is refused.
   */
  suspension_hold: boolean
  /** a comment's work or novel */
  on?: { kind: 'illust' | 'novel'; id: number }
}

export interface WireModerationTargetAnswer {
  target: WireModerationTarget
}

export interface WireReport {
  id: number
  target: WireModerationTarget
  reason: 'spam' | 'sexual' | 'violence' | 'harassment' | 'copyright' | 'other'
  note: string
  reporter: WireUserRef | null
  created_at: string
  /** null while open */
  closed_at: string | null
  /** what closed it: `dismiss`, or the action taken on its target (`hide`, `delete`, `suspend`) */
  resolution: string | null
  closed_by: WireUserRef | null
}

export interface WireReportList {
  reports: WireReport[]
  next_url: string | null
}

/** Something moderation holds now: a hidden work, novel or comment, or a suspended account, since `held_at`. */
export interface WireHeld {
  target: WireModerationTarget
  held_at: string
}

export interface WireModerationHeld {
  held: WireHeld[]
  next_url: string | null
}

/** One line of the audit log: who did what to what, when, and why. */
export interface WireAuditEntry {
  id: number
  created_at: string
  admin: WireUserRef | null
  action: 'hide' | 'unhide' | 'delete' | 'suspend' | 'unsuspend' | 'make_admin' | 'make_member' | 'dismiss'
  target: WireModerationTarget
  note: string
}

export interface WireModerationLog {
  entries: WireAuditEntry[]
  next_url: string | null
}

/** The caller's own series, the newest first: each one's id, title and how many works or novels it holds. */
export interface WireOwnSeriesList {
  series: { id: number; title: string; count: number }[]
}
