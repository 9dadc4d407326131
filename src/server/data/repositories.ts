import type {
  BookmarkRow,
  Caller,
  IllustSeriesRow,
  Kind,
  NovelRow,
  NovelSeriesRow,
  RankingSpec,
  SessionRow,
  TagRow,
  UserRow,
  WorkRow,
} from './store.ts'
import type { CommentPageQuery, CommentRow } from './comments.ts'
import type { FeedRestrict } from './social.ts'
import type { NovelFileRow, WorkFileRow } from './library-files.ts'
import type { UserFileRow } from './library-user-files.ts'

// The catalogue's repositories: one interface per aggregate, every method async (Promise-returning), so the services
// (src/server/services/) work the same over an embedded engine that answers at once (SQLite, sqlite-repositories.ts)
// and over a database server (PostgreSQL). Rows are the data layer's (snake_case, 0/1 flags). Lists that must be
// filtered by who may see them take the caller and apply the one visibility rule (services/visibility.ts) in SQL.

/** What an item list of one kind may be narrowed to. */
export type ContentType = 'illust' | 'manga' | undefined

/** A tag on an item, in its position; `by_author` (novels) marks the author's own tags. */
export type ItemTag = TagRow & { by_author?: number }

/** What works and novels share: rows by id, and the lists of one author, one series, one feed. */
export interface ItemRepository<Row> {
  byId(id: number): Promise<Row | undefined>
  /** rows in the order of the ids (missing ids are skipped) */
  byIds(ids: readonly number[]): Promise<Row[]>
  /** an author's items the caller may see, newest first */
  byUser(userId: number, caller: Caller, type: ContentType, offset: number, limit: number): Promise<number[]>
  /** the items of the users the caller follows, newest first */
  followFeed(caller: Caller, restrict: FeedRestrict, offset: number, limit: number): Promise<number[]>
  /** the newest items the caller may see, ids at most `maxId` */
  newest(caller: Caller, type: ContentType, maxId: number, limit: number): Promise<number[]>
}

export interface WorkRepository extends ItemRepository<WorkRow> {
  /** works sharing tags or the author with one, the caller may see */
  related(workId: number, caller: Caller, limit: number): Promise<number[]>
  /** an imported work's page file types (png, jpg…), by work */
  pageExts(ids: readonly number[]): Promise<Map<number, string[]>>
  /** imported ugoira kept as videos, by work */
  videos(ids: readonly number[]): Promise<Map<number, { ext: string; width: number; height: number }>>
  ugoiraVideo(id: number): Promise<{ ext: string; width: number; height: number } | undefined>
  /** an imported work's files (its pages); none for a demo work */
  files(id: number): Promise<WorkFileRow[]>
}

export interface NovelRepository extends ItemRepository<NovelRow> {
  text(id: number): Promise<string | undefined>
  images(id: number): Promise<{ image_id: number; width: number; height: number }[]>
  /** an imported novel's files (its cover and images); none for a demo novel */
  files(id: number): Promise<NovelFileRow[]>
}

export interface UserCounts {
  illusts: number
  manga: number
  novels: number
  follows: number
  mypixiv: number
  publicIllustBookmarks: number
  illustSeries: number
  novelSeries: number
}

export interface UserRepository {
  byId(id: number): Promise<UserRow | undefined>
  byAccount(account: string): Promise<UserRow | undefined>
  byIds(ids: readonly number[]): Promise<Map<number, UserRow>>
  /** the profile's counters, of what the caller may see */
  counts(userId: number, caller: Caller): Promise<UserCounts>
  showAi(userId: number): Promise<boolean>
  setShowAi(userId: number, show: boolean): Promise<void>
  /** an imported user's avatar and background files; none on the demo */
  files(userId: number): Promise<UserFileRow[]>
  /** authors with public all-ages works: their bookmarks and works */
  authorPopularity(): Promise<{ user_id: number; bookmarks: number; works: number }[]>
  authorTags(userId: number, limit: number): Promise<{ tag_id: number; n: number }[]>
  bookmarkedTags(userId: number, depth: number, limit: number): Promise<{ tag_id: number; n: number }[]>
  authorsWithTags(tagIds: readonly number[]): Promise<Map<number, number>>
  coBookmarkedAuthors(userId: number): Promise<Map<number, number>>
}

export interface FollowRepository {
  /** everyone the user follows and everyone who follows the user (either restrict) */
  sets(userId: number): Promise<{ following: number[]; followers: number[] }>
  /** of `userIds`, those `me` follows */
  followedAmong(me: number, userIds: readonly number[]): Promise<Set<number>>
  following(userId: number, restrict: 0 | 1, offset: number, limit: number): Promise<number[]>
  followers(userId: number, offset: number, limit: number): Promise<number[]>
  mypixiv(userId: number, callerId: number, offset: number, limit: number): Promise<number[]>
  followees(me: number): Promise<Set<number>>
  follow(me: number, userId: number, restrict: 0 | 1): Promise<void>
  unfollow(me: number, userId: number): Promise<void>
}

export interface MuteEdit {
  addTags: string[]
  deleteTags: string[]
  addUsers: number[]
  deleteUsers: number[]
}

export interface MuteRepository {
  of(me: number): Promise<{ tags: string[]; users: number[] }>
  /** one transaction; rejects with MuteLimitExceeded (and writes nothing) past `limit` */
  edit(me: number, edit: MuteEdit, limit: number): Promise<void>
}

export interface BookmarkRepository {
  page(
    kind: Kind,
    userId: number,
    restrict: 0 | 1,
    caller: Caller,
    beforeId: number,
    limit: number,
    tag?: string,
  ): Promise<BookmarkRow[]>
  among(kind: Kind, me: number, ids: readonly number[]): Promise<Set<number>>
  of(kind: Kind, me: number, itemId: number): Promise<{ id: number; restrict: number; tags: string[] } | undefined>
  add(kind: Kind, me: number, itemId: number, restrict: 0 | 1, tags: string[], nowTs: number): Promise<void>
  remove(kind: Kind, me: number, itemId: number): Promise<void>
  tags(
    kind: Kind,
    userId: number,
    restrict: 0 | 1,
    caller: Caller,
    offset: number,
    limit: number,
  ): Promise<{ name: string; count: number }[]>
  /** the caller's bookmarks with ids in [min, max]: the seed of personal recommendations */
  seeds(kind: Kind, userId: number, minId: number, maxId: number): Promise<{ item_id: number; user_id: number }[]>
  /** the newest bookmark id (at most `maxId`) and the id `depth` bookmarks below it */
  window(kind: Kind, userId: number, depth: number, maxId?: number): Promise<{ max: number; min: number }>
  upTo(kind: Kind, userId: number, maxId: number): Promise<Set<number>>
}

export interface CommentRepository {
  get(id: number): Promise<CommentRow | undefined>
  byIds(ids: readonly number[]): Promise<Map<number, CommentRow>>
  page(kind: Kind, itemId: number, query: CommentPageQuery): Promise<CommentRow[]>
  replies(rootId: number, query: Omit<CommentPageQuery, 'rootsOnly'>): Promise<CommentRow[]>
  add(
    kind: Kind,
    itemId: number,
    userId: number,
    parentId: number | null,
    body: string,
    nowTs: number,
  ): Promise<CommentRow>
  delete(id: number): Promise<void>
}

export interface TagRepository {
  /** the tags of items, in their order, by item */
  of(kind: Kind, ids: readonly number[]): Promise<Map<number, ItemTag[]>>
  byNames(names: readonly string[]): Promise<Map<string, TagRow>>
  /** every tag id on the items (repeated per item) */
  idsOfItems(kind: Kind, ids: readonly number[]): Promise<number[]>
  trending(fromDay: number, toDay: number, limit: number): Promise<{ tag: TagRow; workId: number }[]>
  autocomplete(word: string, caller: Caller, limit: number): Promise<TagRow[]>
}

export interface SeriesStats {
  count: number
  chars: number | null
  first: number | null
  last: number | null
}

/** One of an author's own series, as their posting screens offer it. */
export interface OwnSeriesRow {
  id: number
  title: string
  /** its works or novels, whatever their visibility */
  count: number
}

/** An author's own series (`?`: the author's id), the newest first: the SQL both engines run. */
export const OWN_SERIES_SQL = (kind: Kind) => {
  const [series, items] = kind === 'illust' ? ['illust_series', 'works'] : ['novel_series', 'novels']
  return `SELECT s.id, s.title, (SELECT COUNT(*) FROM ${items} i WHERE i.series_id = s.id) AS count
    FROM ${series} s WHERE s.user_id = ? ORDER BY s.created_ts DESC, s.id DESC LIMIT 500`
}

export interface SeriesRepository {
  /** the author's own series, the newest first */
  ofAuthor(kind: Kind, userId: number): Promise<OwnSeriesRow[]>
  illust(id: number): Promise<IllustSeriesRow | undefined>
  illustByCoverToken(token: string): Promise<IllustSeriesRow | undefined>
  novel(id: number): Promise<NovelSeriesRow | undefined>
  titles(kind: Kind, ids: readonly number[]): Promise<Map<number, string>>
  /** of the entries the caller may see */
  stats(kind: Kind, seriesId: number, caller: Caller): Promise<SeriesStats>
  page(
    kind: Kind,
    seriesId: number,
    caller: Caller,
    afterOrder: number,
    limit: number,
    offset?: number,
  ): Promise<number[]>
  neighbours(
    kind: Kind,
    seriesId: number,
    order: number,
    caller: Caller,
  ): Promise<{ prev: number | undefined; next: number | undefined }>
}

export interface TokenRepository {
  /** a new refresh token (a sign-in, or a token made for an app): its session id */
  save(hash: string, userId: number, expiresTs: number, nowTs: number, client: string): Promise<number>
  use(hash: string, nowTs: number, expiresTs: number): Promise<{ userId: number; sessionId: number } | undefined>
  session(id: number): Promise<{ userId: number; expiresTs: number } | undefined>
  /** the user's unexpired sessions, the most recently used first */
  sessionsOf(userId: number, nowTs: number): Promise<SessionRow[]>
  revoke(hash: string): Promise<{ sessionId: number; userId: number } | undefined>
  /** ends one of the user's own sessions; false when the user has none of that id */
  revokeSession(userId: number, sessionId: number): Promise<boolean>
  revokeAllOf(userId: number): Promise<number[]>
  /** a new password hash and every session of the account ended, in one transaction: the sessions ended */
  setPassword(userId: number, passwordHash: string): Promise<number[]>
}

/** A new account's fields, as sign-up takes them. */
export interface NewAccount {
  account: string
  name: string
  passwordHash: string
  /** the profile image's date path, from the sign-up time */
  profileDate: string
}

/**
 * Who may make an account: anyone (`open`), the holder of an unused, unexpired invite (`invite`), or no one
 * (`closed`). Whatever the entry, the first account of a catalogue that has none is made, and is its admin.
 */
export type AccountEntry = { mode: 'open' } | { mode: 'invite'; inviteHash: string | undefined } | { mode: 'closed' }

export type SignUpOutcome =
  { made: true; userId: number; role: 'admin' | 'member' } | { made: false; why: 'taken' | 'invite' | 'closed' }

export interface InviteRow {
  id: number
  created_by: number
  created_ts: number
  expires_ts: number
  used_by: number | null
  used_ts: number | null
}

/** Accounts: sign-up, the registration mode, invites. */
/** What moderation acts on: a work, a novel, a comment, or an account. */
export type TargetKind = 'illust' | 'novel' | 'comment' | 'user'

/** A target as it is now: what it is called (a title, a comment's text, a name), whose it is, whether it is held. */
export interface TargetRow {
  id: number
  label: string
  user_id: number
  /** 1: hidden (an account: suspended) */
  held: number
  /** 1: an admin hid it one by one (not only with its author's suspension) */
  by_admin: number
  /** 1: hidden because its author is suspended (lifting the suspension shows it again; unhiding does not) */
  by_suspension: number
  /** a held work's or novel's restrict as its author chose it (it is 2 while held) */
  restrict_before: number | null
  /** a comment's work or novel */
  on_kind: 'illust' | 'novel' | null
  on_id: number | null
}

/** One moderation action, as the audit log keeps it. */
export interface AuditEntry {
  ts: number
  adminId: number
  action: 'hide' | 'unhide' | 'delete' | 'suspend' | 'unsuspend' | 'make_admin' | 'make_member' | 'dismiss'
  kind: TargetKind
  targetId: number
  /** what the target was called when the action was taken */
  label: string
  targetUserId: number | null
  note: string
}

export interface ReportRow {
  id: number
  kind: TargetKind
  target_id: number
  target_label: string
  target_user_id: number | null
  reporter_id: number
  reason: string
  note: string
  created_ts: number
  closed_ts: number | null
  closed_by: number | null
  resolution: string | null
}

export interface HeldRow {
  kind: TargetKind
  target_id: number
  created_ts: number
}

export interface AuditRow {
  id: number
  created_ts: number
  admin_id: number
  action: AuditEntry['action']
  kind: TargetKind
  target_id: number
  target_label: string
  target_user_id: number | null
  note: string
}

/**
 * Moderation (data/moderation.ts, one implementation over each engine's runner): holds, reports, the audit log. Each
 * action is one transaction with its log line.
 */
export interface ModerationRepository {
  target(kind: TargetKind, id: number): Promise<TargetRow | undefined>
  /** false: the reporter's earlier report of it is still open (nothing added) */
  addReport(r: {
    kind: TargetKind
    targetId: number
    label: string
    targetUserId: number | null
    reporterId: number
    reason: string
    note: string
    ts: number
  }): Promise<boolean>
  reports(state: 'open' | 'closed', offset: number, limit: number): Promise<ReportRow[]>
  /** false: no such open report */
  dismissReport(reportId: number, entry: AuditEntry): Promise<boolean>
  /** hides a work, novel or comment, closes its open reports, logs */
  hide(kind: 'illust' | 'novel' | 'comment', id: number, entry: AuditEntry): Promise<void>
  unhide(kind: 'illust' | 'novel' | 'comment', id: number, entry: AuditEntry): Promise<void>
  /** holds the account and its works and novels, ends its sessions (answered), closes reports on what it wrote, logs */
  suspend(userId: number, entry: AuditEntry): Promise<number[]>
  unsuspend(userId: number, entry: AuditEntry): Promise<void>
  /** gives the account a role (`admin`, `member`), logs; false: a member's would leave the catalogue no admin */
  setRole(userId: number, role: 'admin' | 'member', entry: AuditEntry): Promise<boolean>
  /** after an admin deleted a target: closes its open reports, logs */
  deleted(entry: AuditEntry): Promise<void>
  isSuspended(userId: number): Promise<boolean>
  /** what admins hold now (hidden one by one, suspended), the newest first */
  held(offset: number, limit: number): Promise<HeldRow[]>
  log(offset: number, limit: number): Promise<AuditRow[]>
}

export interface AccountRepository {
  /** whether any account exists (a user that can sign in: one with a password) */
  hasAccounts(): Promise<boolean>
  /**
   * A new account, in one transaction with what admits it: whether it is the first (then the admin, whatever the
   * entry), and the invite it uses up. Nothing is written when it is not made (a taken name leaves the invite unused).
   * Its id is past every id the catalogue has held for an account of its own (OWN_ACCOUNT_IDS), never an imported
   * pixiv user's.
   */
  signUp(account: NewAccount, entry: AccountEntry, nowTs: number): Promise<SignUpOutcome>
  /** A profile's new fields; `taken` when another account has that name (nothing written then). */
  editProfile(
    userId: number,
    profile: { name: string; account: string; comment: string; profileJson: string },
  ): Promise<'done' | 'taken'>
  /**
   * Sets (or, `file` null, removes) the user's avatar or background and gives the profile's images a new date and hash
   * (their URLs change, so no cache shows the old one): the path of the file it replaced, if any.
   */
  setProfileImage(
    userId: number,
    role: 'avatar' | 'background',
    file: { path: string; width: number; height: number; ext: string; bytes: number; mtimeMs: number } | null,
    profile: { date: string; hash: string },
  ): Promise<string | null>
  /**
   * Deletes an account with everything of it, in one transaction: its works and novels (with others' bookmarks of
   * them and the comments on them), its bookmarks and comments (the counters they moved moved back), its follows both
   * ways, mutes, sessions, uploads, files and series. What storage holds of it (keys) is the caller's to delete; the
   * sessions ended, to stop their access tokens.
   */
  deleteAccount(userId: number): Promise<{ keys: string[]; sessions: number[] }>
  /** how many admins there are */
  adminCount(): Promise<number>
  /** which of these paths a user's file names */
  knownProfilePaths(paths: string[]): Promise<Set<string>>
  /** the registration mode an admin set, or undefined (the configuration's then) */
  registrationMode(): Promise<string | undefined>
  setRegistrationMode(mode: string): Promise<void>
  addInvite(codeHash: string, createdBy: number, createdTs: number, expiresTs: number): Promise<InviteRow>
  /** the invites, the newest first */
  invites(limit: number): Promise<InviteRow[]>
  invite(codeHash: string): Promise<InviteRow | undefined>
  /** withdraws an unused invite; false when there is no unused one of that id */
  revokeInvite(id: number): Promise<boolean>
}

/** One uploaded page (posting/): a stored image, a work's page once a work names it. */
export interface UploadRow {
  id: number
  user_id: number
  storage_key: string
  width: number
  height: number
  ext: string
  bytes: number
  created_ts: number
  /** an ugoira's frames (a zip of JPEGs): their delays in ms, as JSON; null for a page */
  frame_delays_json: string | null
  work_id: number | null
  /** the novel whose cover or image it is */
  novel_id: number | null
}

export type NewUpload = Omit<UploadRow, 'id' | 'work_id' | 'novel_id'>

/** A posted work's fields as the repository writes them (the wire's words already made numbers). */
export interface PostedWork {
  userId: number
  type: 'illust' | 'manga' | 'ugoira'
  title: string
  caption: string
  tags: string[]
  /** the pages in order */
  uploadIds: number[]
  restrict: number
  xRestrict: number
  aiType: number
  bookStyle: number
  commentAccessControl: number
  /** an existing series of the user's, a new one by its title, or none */
  series: { id: number } | { title: string } | null
  /** an ugoira's frame delays in ms (null: as its upload's) */
  frameDelays: number[] | null
}

/**
 * A post's or an edit's outcome: the work's id and the storage keys of the pages it no longer has (their rows gone:
 * the caller deletes the objects); or why nothing was written: `missing` (no posted work of the user's of that id),
 * `uploads` (an upload that is not the user's, is another work's, is named twice, or does not exist; an ugoira that is not one ugoira upload, a page that is one; delays not one per frame), `series` (not
 * the user's), `size` (the pages together past MAX_WORK_BYTES).
 */
export type PostOutcome =
  { done: true; id: number; removedKeys: string[] } | { done: false; why: 'missing' | 'uploads' | 'series' | 'size' }

/** A posted novel's fields as the repository writes them. */
export interface PostedNovel {
  userId: number
  title: string
  caption: string
  text: string
  tags: string[]
  restrict: number
  xRestrict: number
  aiType: number
  isOriginal: boolean
  /** the upload that is its cover, or none (the generated one) */
  coverUploadId: number | null
  /** the uploads its text names (`[uploadedimage:<id>]`), each once */
  imageUploadIds: number[]
  series: { id: number } | { title: string } | null
}

/** A novel post's outcome, as a work's (PostOutcome); `uploads`: an image or cover that is not the user's to use. */
export type NovelPostOutcome =
  { done: true; id: number; removedKeys: string[] } | { done: false; why: 'missing' | 'uploads' | 'series' }

/** Members' uploads and the works made of them; every write one transaction. */
export interface PostingRepository {
  addUpload(upload: NewUpload): Promise<UploadRow>
  /** a posted work's pages, in order; none for a work that was not posted here (a demo or an imported work) */
  pages(workId: number): Promise<UploadRow[]>
  /**
   * A new work (no `workId`), its id past every id the catalogue has held (never an imported pixiv work's, never one
   * given before); or the user's posted work `workId` given whole again, keeping its date, counters and id.
   */
  post(work: PostedWork, nowTs: number, maxBytes: number, workId?: number): Promise<PostOutcome>
  /**
   * Deletes a posted work (the user's own, or any when `userId` is null: an admin's) with its tags, pages, comments,
   * bookmarks and activity: the storage keys of its pages and the users whose bookmarks went; null when there is none.
   */
  remove(workId: number, userId: number | null): Promise<{ keys: string[]; bookmarkers: number[] } | null>
  /**
   * A new novel (no `novelId`), its id past every id the catalogue has held; or the user's posted novel `novelId`
   * given whole again, keeping its date, counters and id.
   */
  postNovel(novel: PostedNovel, nowTs: number, novelId?: number): Promise<NovelPostOutcome>
  /** A posted novel's author, text as written and cover upload; undefined for a novel not posted here. */
  novelSource(novelId: number): Promise<{ user_id: number; text: string; cover_upload_id: number | null } | undefined>
  /** Deletes a posted novel as `remove` a work. */
  removeNovel(novelId: number, userId: number | null): Promise<{ keys: string[]; bookmarkers: number[] } | null>
  /** uploads no work names, made before `beforeTs` */
  unused(beforeTs: number, limit: number): Promise<UploadRow[]>
  /** deletes those of these uploads no work has taken meanwhile: their storage keys */
  dropUnused(ids: number[]): Promise<string[]>
  /** which of these storage keys an upload names */
  knownKeys(keys: string[]): Promise<Set<string>>
}

/** Rankings, recommendation candidates and the catalogue's own facts. */
export interface CatalogueRepository {
  meta(): Promise<Record<string, string>>
  latestActivityDay(kind: Kind): Promise<number>
  activityDayOnOrBefore(kind: Kind, day: number): Promise<number | undefined>
  ranking(kind: Kind, spec: RankingSpec, limit: number): Promise<number[]>
  /** a library's recorded rankings (library/lists.ts): the day on or before, and its ids */
  recordedRankingDay(kind: Kind, mode: string, onOrBefore?: number): Promise<number | undefined>
  recordedRanking(kind: Kind, mode: string, day: number): Promise<number[]>
  popularCandidates(
    kind: Kind,
    caller: Caller,
    type: ContentType,
    limit: number,
  ): Promise<{ id: number; user_id: number; total_bookmarks: number; created_ts: number }[]>
  recommendCandidates(
    kind: Kind,
    caller: Caller,
    tagIds: number[],
    authorIds: number[],
    type: ContentType,
  ): Promise<{ id: number; user_id: number; total_bookmarks: number; created_ts: number; tag_ids: string }[]>
  /** an imported library's scan figures */
  libraryCounts(root: string): Promise<Record<string, number>>
  librarySkipped(root: string): Promise<{ path: string; reason: string }[]>
}

/** Every repository of one catalogue. */
export interface Repositories {
  works: WorkRepository
  novels: NovelRepository
  users: UserRepository
  follows: FollowRepository
  mutes: MuteRepository
  bookmarks: BookmarkRepository
  comments: CommentRepository
  tags: TagRepository
  series: SeriesRepository
  tokens: TokenRepository
  accounts: AccountRepository
  posting: PostingRepository
  moderation: ModerationRepository
  catalogue: CatalogueRepository
}
