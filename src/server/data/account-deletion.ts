import { refKey } from '../storage/storage.ts'

// What deleting an account deletes, as SQL both engines run alike (`@user`: the account's id; PostgreSQL's twin writes
// `$1`), in this order, in one transaction (accounts.ts, postgres/repositories/accounts.ts). Counters an account's
// bookmarks and comments moved on others' items move back first; then its items with everything that hangs on them;
// then what the account itself holds.

/** Others' items whose comment counts the account's comments (and the replies to them) moved. */
const COMMENTED = (
  kind: 'illust' | 'novel',
) => `(c.user_id = @user OR c.parent_id IN (SELECT id FROM comments WHERE user_id = @user))
  AND c.kind = '${kind}'`

export const ACCOUNT_DELETION_SQL: readonly string[] = [
  // moderation's holds on what goes: the account, its items, its comments, the replies to them, the comments on its items
  `DELETE FROM moderation_holds WHERE kind = 'comment' AND target_id IN (SELECT id FROM comments
     WHERE user_id = @user OR parent_id IN (SELECT id FROM comments WHERE user_id = @user)
       OR (kind = 'illust' AND item_id IN (SELECT id FROM works WHERE user_id = @user))
       OR (kind = 'novel' AND item_id IN (SELECT id FROM novels WHERE user_id = @user)))`,
  `DELETE FROM moderation_holds WHERE (kind = 'illust' AND target_id IN (SELECT id FROM works WHERE user_id = @user))
     OR (kind = 'novel' AND target_id IN (SELECT id FROM novels WHERE user_id = @user))
     OR (kind = 'user' AND target_id = @user)`,
  // the account's bookmarks and comments on what stays
  'UPDATE works SET total_bookmarks = total_bookmarks - 1 WHERE id IN (SELECT item_id FROM illust_bookmarks WHERE user_id = @user)',
  'UPDATE novels SET total_bookmarks = total_bookmarks - 1 WHERE id IN (SELECT item_id FROM novel_bookmarks WHERE user_id = @user)',
  `UPDATE works SET total_comments = total_comments
     - (SELECT COUNT(*) FROM comments c WHERE c.item_id = works.id AND ${COMMENTED('illust')})
   WHERE id IN (SELECT c.item_id FROM comments c WHERE ${COMMENTED('illust')})`,
  `UPDATE novels SET total_comments = total_comments
     - (SELECT COUNT(*) FROM comments c WHERE c.item_id = novels.id AND ${COMMENTED('novel')})
   WHERE id IN (SELECT c.item_id FROM comments c WHERE ${COMMENTED('novel')})`,
  'DELETE FROM illust_bookmark_tags WHERE bookmark_id IN (SELECT id FROM illust_bookmarks WHERE user_id = @user)',
  'DELETE FROM illust_bookmarks WHERE user_id = @user',
  'DELETE FROM novel_bookmark_tags WHERE bookmark_id IN (SELECT id FROM novel_bookmarks WHERE user_id = @user)',
  'DELETE FROM novel_bookmarks WHERE user_id = @user',
  'DELETE FROM comments WHERE parent_id IN (SELECT id FROM comments WHERE user_id = @user)',
  'DELETE FROM comments WHERE user_id = @user',
  // its works and novels, with others' bookmarks of them and the comments on them
  `DELETE FROM illust_bookmark_tags WHERE bookmark_id IN
     (SELECT b.id FROM illust_bookmarks b JOIN works w ON w.id = b.item_id WHERE w.user_id = @user)`,
  'DELETE FROM illust_bookmarks WHERE item_id IN (SELECT id FROM works WHERE user_id = @user)',
  "DELETE FROM comments WHERE kind = 'illust' AND item_id IN (SELECT id FROM works WHERE user_id = @user)",
  'DELETE FROM work_activity WHERE work_id IN (SELECT id FROM works WHERE user_id = @user)',
  'DELETE FROM work_tags WHERE work_id IN (SELECT id FROM works WHERE user_id = @user)',
  'DELETE FROM work_files WHERE work_id IN (SELECT id FROM works WHERE user_id = @user)',
  'DELETE FROM works WHERE user_id = @user',
  `DELETE FROM novel_bookmark_tags WHERE bookmark_id IN
     (SELECT b.id FROM novel_bookmarks b JOIN novels n ON n.id = b.item_id WHERE n.user_id = @user)`,
  'DELETE FROM novel_bookmarks WHERE item_id IN (SELECT id FROM novels WHERE user_id = @user)',
  "DELETE FROM comments WHERE kind = 'novel' AND item_id IN (SELECT id FROM novels WHERE user_id = @user)",
  'DELETE FROM novel_activity WHERE novel_id IN (SELECT id FROM novels WHERE user_id = @user)',
  'DELETE FROM novel_tags WHERE novel_id IN (SELECT id FROM novels WHERE user_id = @user)',
  'DELETE FROM novel_images WHERE novel_id IN (SELECT id FROM novels WHERE user_id = @user)',
  'DELETE FROM novel_files WHERE novel_id IN (SELECT id FROM novels WHERE user_id = @user)',
  'DELETE FROM novel_texts WHERE novel_id IN (SELECT id FROM novels WHERE user_id = @user)',
  'DELETE FROM novels WHERE user_id = @user',
  // what the account holds
  'DELETE FROM illust_series WHERE user_id = @user',
  'DELETE FROM novel_series WHERE user_id = @user',
  'DELETE FROM follows WHERE follower_id = @user OR followee_id = @user',
  'DELETE FROM mutes WHERE user_id = @user',
  'DELETE FROM uploads WHERE user_id = @user',
  'DELETE FROM user_files WHERE user_id = @user',
  'DELETE FROM refresh_tokens WHERE user_id = @user',
  'DELETE FROM users WHERE id = @user',
]

/** What storage holds of the account (its uploads' keys, its own avatar's and background's paths) and its sessions. */
export const ACCOUNT_UPLOADS_SQL = 'SELECT storage_key FROM uploads WHERE user_id = @user'
export const ACCOUNT_FILES_SQL = 'SELECT path FROM user_files WHERE user_id = @user'
export const ACCOUNT_SESSIONS_SQL = 'SELECT id FROM refresh_tokens WHERE user_id = @user'

/** The storage keys of an account's objects: its uploads', and its files' that are stored objects (not an archive's). */
export const accountKeys = (uploads: { storage_key: string }[], files: { path: string }[]) => [
  ...uploads.map((u) => u.storage_key),
  ...files.flatMap((f) => refKey(f.path) ?? []),
]
