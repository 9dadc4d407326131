// The catalogue's tables. Only the data-access module (this folder) knows them.
export const SCHEMA_VERSION = 9

/** Comments (schema 2): also what an upgrade from schema 1 adds (migrate.ts). */
export const commentsSql = `
-- Comments on works and novels. A reply's parent_id is the thread's first comment (threads are two levels deep, as
-- pixiv shows them); works.total_comments and novels.total_comments count every row, replies included.
-- AUTOINCREMENT: a deleted comment's id is never given to a new one (a client may still hold the old id).
CREATE TABLE comments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  item_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  parent_id INTEGER,
  body TEXT NOT NULL,
  created_ts INTEGER NOT NULL
);
CREATE INDEX comments_item ON comments (kind, item_id, created_ts, id);
CREATE INDEX comments_parent ON comments (parent_id, created_ts, id) WHERE parent_id IS NOT NULL;
`

/**
 * What the account's list of signed-in devices shows of a session (schema 6): when it began and was last renewed (unix
 * seconds; 0 for a session older than schema 6, unknown) and the client it was given to (a sign-in's User-Agent, or the
 * name its owner gave a token made for an app). Also what an upgrade adds (migrate.ts).
 */
export const refreshTokenDeviceColumns = [
  'created_ts INTEGER NOT NULL DEFAULT 0',
  'used_ts INTEGER NOT NULL DEFAULT 0',
  "client TEXT NOT NULL DEFAULT ''",
] as const

/**
 * Refresh tokens, one row per sign-in (a session): access tokens name their row's id, so revoking the row ends them.
 * AUTOINCREMENT: a revoked session's id is never given to a later one, which would bring its access tokens back.
 */
export const refreshTokensSql = `CREATE TABLE refresh_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  token_hash TEXT NOT NULL UNIQUE,
  user_id INTEGER NOT NULL,
  expires_ts INTEGER NOT NULL,
${refreshTokenDeviceColumns.map((c) => `  ${c}`).join(',\n')}
);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);
`

/**
 * Invites (schema 7): an admin's single-use links to sign up with. Only the code's hash is kept (the link is shown
 * once); `used_by` is the account made with it. AUTOINCREMENT: a withdrawn invite's id is never another's.
 */
export const invitesSql = `CREATE TABLE invites (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code_hash TEXT NOT NULL UNIQUE,
  created_by INTEGER NOT NULL,
  created_ts INTEGER NOT NULL,
  expires_ts INTEGER NOT NULL,
  used_by INTEGER,
  used_ts INTEGER
);
`

/**
 * Uploads (schema 8): each page a member uploaded, stored as `storage_key` (posting/). A work's pages are its uploads
 * (`work_id`, and work_files naming `storage:<key>` in page order); an ugoira's frames are one upload (a zip of JPEGs
 * whose delays `frame_delays_json` holds). A novel's cover and images are uploads too (`novel_id`). An upload no work or novel names is its uploader's to post until the clean-up takes
 * it. AUTOINCREMENT: a cleaned-up upload's id is never another's.
 */
export const uploadsSql = `CREATE TABLE uploads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  storage_key TEXT NOT NULL UNIQUE,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  ext TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  created_ts INTEGER NOT NULL,
  frame_delays_json TEXT,
  work_id INTEGER,
  novel_id INTEGER
);
CREATE INDEX uploads_work ON uploads (work_id) WHERE work_id IS NOT NULL;
CREATE INDEX uploads_novel ON uploads (novel_id) WHERE novel_id IS NOT NULL;
CREATE INDEX uploads_unused ON uploads (created_ts) WHERE work_id IS NULL AND novel_id IS NULL;
`

/**
 * Moderation (schema 9). `moderation_holds`: what moderation holds now, one row per held thing: a work or novel hidden
 * (kind `illust`/`novel`: its restrict is 2, private to its author, while the row keeps the restrict its author chose,
 * `restrict_before`), a comment hidden (`comment`), an account suspended (`user`). A work or novel is held `by_admin`
 * (hidden one by one) and/or `by_suspension` (with its author's account); it comes back when neither holds it.
 * `reports`: members' reports, open until an admin acts on their target or dismisses them. `audit_log`: every
 * moderation action. Both keep what their target was called (`target_label`) and whose it was, so they still read
 * after it is deleted. AUTOINCREMENT: a report's or an entry's id is never another's.
 */
export const moderationSql = `CREATE TABLE moderation_holds (
  kind TEXT NOT NULL,
  target_id INTEGER NOT NULL,
  by_admin INTEGER NOT NULL DEFAULT 0,
  by_suspension INTEGER NOT NULL DEFAULT 0,
  restrict_before INTEGER,
  created_ts INTEGER NOT NULL,
  PRIMARY KEY (kind, target_id)
);
CREATE TABLE reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  target_id INTEGER NOT NULL,
  target_label TEXT NOT NULL,
  target_user_id INTEGER,
  reporter_id INTEGER NOT NULL,
  reason TEXT NOT NULL,
  note TEXT NOT NULL,
  created_ts INTEGER NOT NULL,
  closed_ts INTEGER,
  closed_by INTEGER,
  resolution TEXT
);
CREATE INDEX reports_open ON reports (kind, target_id) WHERE closed_ts IS NULL;
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  created_ts INTEGER NOT NULL,
  admin_id INTEGER NOT NULL,
  action TEXT NOT NULL,
  kind TEXT NOT NULL,
  target_id INTEGER NOT NULL,
  target_label TEXT NOT NULL,
  target_user_id INTEGER,
  note TEXT NOT NULL
);
`

/** An account's role (schema 7): `admin` or `member`. */
export const userRoleColumn = "role TEXT NOT NULL DEFAULT 'member'"

/**
 * Libraries (schema 4): works imported from a downloader's archive (LIBRARY_DIR, src/server/library/). A demo
 * catalogue has these tables empty.
 */
export const librarySql = `
-- One row per imported work: its fingerprint (a digest of its sidecars and its files' sizes and times), so a rescan
-- reads again only what changed, and the library folder it came from, so a rescan of that folder knows what left it.
CREATE TABLE library_works (
  work_id INTEGER PRIMARY KEY,
  root TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  imported_ts INTEGER NOT NULL,
  -- the work's position in its series as the archive recorded it (schema 5; NULL: not recorded, ordered by date)
  series_order INTEGER
);
CREATE INDEX library_works_root ON library_works (root);
-- Each page's file, served where it is (absolute path); width, height and type read from the file itself. An
-- ugoira's one row is its frame zip (kind 'ugoira-zip'), its size the work's.
CREATE TABLE work_files (
  work_id INTEGER NOT NULL,
  page INTEGER NOT NULL,
  path TEXT NOT NULL,
  kind TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  ext TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  PRIMARY KEY (work_id, page)
) WITHOUT ROWID;
-- The last scan's skipped files with their reasons, per library folder (for the report and the library page).
CREATE TABLE library_skipped (
  root TEXT NOT NULL,
  path TEXT NOT NULL,
  reason TEXT NOT NULL,
  PRIMARY KEY (root, path)
) WITHOUT ROWID;
`

/**
 * Libraries, continued (schema 5): novels, rankings and users' own files imported from an archive. A catalogue of
 * schema 4 has imported none of these: they start empty.
 */
export const libraryNovelsSql = `
-- One row per imported novel, as library_works is for works (novel ids are their own id space on pixiv).
-- series_order: the novel's place in its series as the archive records it (PixivUtil2's seriesNavData.order), NULL
-- when it records none (gallery-dl): such novels follow by date (library-novel-writer.ts).
CREATE TABLE library_novels (
  novel_id INTEGER PRIMARY KEY,
  root TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  imported_ts INTEGER NOT NULL,
  series_order INTEGER
);
CREATE INDEX library_novels_root ON library_novels (root);
-- An imported novel's files: its cover (role 'cover', image_id 0) and the images its text embeds with
-- [uploadedimage:<image_id>] (role 'image'), served where they are.
CREATE TABLE novel_files (
  novel_id INTEGER NOT NULL,
  role TEXT NOT NULL,
  image_id INTEGER NOT NULL,
  path TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  ext TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  PRIMARY KEY (novel_id, role, image_id)
) WITHOUT ROWID;
-- Rankings as the archive recorded them (gallery-dl's ranking{mode, date, rank}): that day's ranking of that mode is
-- these items in this order. day: the JST day number the generated rankings use (services/days.ts). root: the library
-- folder whose records made it, so a rescan of that folder knows what left it.
CREATE TABLE library_rankings (
  kind TEXT NOT NULL,
  mode TEXT NOT NULL,
  day INTEGER NOT NULL,
  rank INTEGER NOT NULL,
  item_id INTEGER NOT NULL,
  root TEXT NOT NULL,
  PRIMARY KEY (kind, mode, day, rank)
) WITHOUT ROWID;
CREATE INDEX library_rankings_item ON library_rankings (kind, item_id);
-- The owner's bookmarks a library folder's records made (gallery-dl's user_bookmark), so a rescan changes only what
-- its records changed, takes out those whose files left the folder, and never touches a bookmark the owner made in
-- Easel. bookmark_id: the illust_bookmarks / novel_bookmarks row it made; NULL when the owner had already bookmarked
-- the item in Easel (theirs stands). restrict, tags_json: the record as last imported.
CREATE TABLE library_bookmarks (
  root TEXT NOT NULL,
  kind TEXT NOT NULL,
  item_id INTEGER NOT NULL,
  bookmark_id INTEGER,
  restrict INTEGER NOT NULL,
  tags_json TEXT NOT NULL,
  PRIMARY KEY (root, kind, item_id)
) WITHOUT ROWID;
-- A user's own files from the archive (role 'avatar' or 'background'), served where they are.
CREATE TABLE user_files (
  user_id INTEGER NOT NULL,
  role TEXT NOT NULL,
  path TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  ext TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  PRIMARY KEY (user_id, role)
) WITHOUT ROWID;
`

export const schemaSql = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  account TEXT NOT NULL UNIQUE,
  comment TEXT NOT NULL,
  password_hash TEXT,
  x_restrict INTEGER NOT NULL,
  is_premium INTEGER NOT NULL,
  profile_date TEXT NOT NULL,
  profile_hash TEXT NOT NULL,
  profile_json TEXT NOT NULL,
  -- the account's "show AI-generated works" setting (POST /v1/user/ai-show-settings/edit); 0 hides them in lists
  show_ai INTEGER NOT NULL DEFAULT 1,
  ${userRoleColumn}
);

CREATE TABLE follows (
  follower_id INTEGER NOT NULL,
  followee_id INTEGER NOT NULL,
  restrict INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (follower_id, followee_id)
) WITHOUT ROWID;
CREATE INDEX follows_followee ON follows (followee_id, follower_id);

CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  translated_name TEXT
);

CREATE TABLE illust_series (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  caption TEXT NOT NULL,
  created_ts INTEGER NOT NULL,
  cover_token TEXT NOT NULL
);

CREATE TABLE works (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  title TEXT NOT NULL,
  caption TEXT NOT NULL,
  created_ts INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  page_count INTEGER NOT NULL,
  ext TEXT NOT NULL,
  sanity_level INTEGER NOT NULL,
  x_restrict INTEGER NOT NULL,
  restrict INTEGER NOT NULL,
  ai_type INTEGER NOT NULL,
  book_style INTEGER NOT NULL,
  total_view INTEGER NOT NULL,
  total_bookmarks INTEGER NOT NULL,
  total_comments INTEGER NOT NULL,
  comment_access_control INTEGER NOT NULL,
  series_id INTEGER,
  series_order INTEGER,
  tools_json TEXT NOT NULL,
  frame_delays_json TEXT,
  restricted_mode INTEGER NOT NULL,
  male_share INTEGER NOT NULL
);
CREATE INDEX works_user ON works (user_id, id);
CREATE INDEX works_created ON works (created_ts, id);
CREATE INDEX works_series ON works (series_id, series_order);
CREATE INDEX works_popular ON works (total_bookmarks, id);
-- the follow feeds: each followed author's works, newest first
CREATE INDEX works_user_created ON works (user_id, created_ts);

CREATE TABLE work_tags (
  work_id INTEGER NOT NULL,
  pos INTEGER NOT NULL,
  tag_id INTEGER NOT NULL,
  PRIMARY KEY (work_id, pos)
) WITHOUT ROWID;
CREATE INDEX work_tags_tag ON work_tags (tag_id, work_id);

CREATE TABLE work_activity (
  day INTEGER NOT NULL,
  work_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  bookmarks INTEGER NOT NULL,
  PRIMARY KEY (day, work_id)
) WITHOUT ROWID;

CREATE TABLE novel_series (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  caption TEXT NOT NULL,
  is_original INTEGER NOT NULL,
  is_concluded INTEGER NOT NULL,
  created_ts INTEGER NOT NULL
);

CREATE TABLE novels (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  title TEXT NOT NULL,
  caption TEXT NOT NULL,
  created_ts INTEGER NOT NULL,
  restrict INTEGER NOT NULL,
  x_restrict INTEGER NOT NULL,
  is_original INTEGER NOT NULL,
  ai_type INTEGER NOT NULL,
  page_count INTEGER NOT NULL,
  text_length INTEGER NOT NULL,
  total_view INTEGER NOT NULL,
  total_bookmarks INTEGER NOT NULL,
  total_comments INTEGER NOT NULL,
  series_id INTEGER,
  series_order INTEGER,
  cover_hash TEXT
);
CREATE INDEX novels_user ON novels (user_id, id);
CREATE INDEX novels_created ON novels (created_ts, id);
CREATE INDEX novels_series ON novels (series_id, series_order);
CREATE INDEX novels_user_created ON novels (user_id, created_ts);

CREATE TABLE novel_texts (
  novel_id INTEGER PRIMARY KEY,
  text TEXT NOT NULL
);

CREATE TABLE novel_images (
  novel_id INTEGER NOT NULL,
  image_id INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  PRIMARY KEY (novel_id, image_id)
) WITHOUT ROWID;

CREATE TABLE novel_tags (
  novel_id INTEGER NOT NULL,
  pos INTEGER NOT NULL,
  tag_id INTEGER NOT NULL,
  by_author INTEGER NOT NULL,
  PRIMARY KEY (novel_id, pos)
) WITHOUT ROWID;
CREATE INDEX novel_tags_tag ON novel_tags (tag_id, novel_id);

CREATE TABLE novel_activity (
  day INTEGER NOT NULL,
  novel_id INTEGER NOT NULL,
  views INTEGER NOT NULL,
  bookmarks INTEGER NOT NULL,
  PRIMARY KEY (day, novel_id)
) WITHOUT ROWID;

CREATE TABLE illust_bookmarks (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  item_id INTEGER NOT NULL,
  restrict INTEGER NOT NULL,
  created_ts INTEGER NOT NULL,
  UNIQUE (user_id, item_id)
);
CREATE INDEX illust_bookmarks_list ON illust_bookmarks (user_id, restrict, id);

CREATE TABLE illust_bookmark_tags (
  bookmark_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (bookmark_id, name)
) WITHOUT ROWID;

CREATE TABLE novel_bookmarks (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL,
  item_id INTEGER NOT NULL,
  restrict INTEGER NOT NULL,
  created_ts INTEGER NOT NULL,
  UNIQUE (user_id, item_id)
);
CREATE INDEX novel_bookmarks_list ON novel_bookmarks (user_id, restrict, id);

CREATE TABLE novel_bookmark_tags (
  bookmark_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (bookmark_id, name)
) WITHOUT ROWID;

CREATE TABLE mutes (
  user_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  value TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind, value)
) WITHOUT ROWID;

${commentsSql}
${refreshTokensSql}
${invitesSql}
${uploadsSql}
${moderationSql}
${librarySql}
${libraryNovelsSql}`
