// Who may see what: the one visibility rule of the service (DESIGN.md §2.4 "Who sees what", "Age restriction"), in
// one place. Every answer that decides whether a caller may see a work, a novel, a bookmark list, a follow list, a
// ranking or an item's images asks this module: in JavaScript on a row already read (the serializer, a detail, a
// write), or, where a list must be filtered in the database, through the SQL fragments below, which state the same
// rule for the data layer's queries (they name only the tables the rule itself reads: follows, users, meta).
//
// The rule: an item is visible to a caller when
// - its x_restrict is at most the caller's age setting (anonymous: 0), and
// - it is public (restrict 0), or the caller's own, or restrict 1 (my pixiv only) from an author who follows the caller
//   and whom the caller follows (a mutual follow), or the caller owns the library catalogue it was imported into; and
// - in lists only (never a detail): the caller's AI setting is on, or it is not AI-generated (ai_type 2), or it is
//   the caller's own.
// Private bookmarks and private follows are their owner's alone. An item not visible to every caller has its image
// URLs signed (images/image-signing.ts).

/** Who is asking: id 0 is an anonymous caller. `maxX` is the highest x_restrict they may see. */
export interface Viewer {
  id: number
  maxX: number
  /** false: the account's AI setting is off, so others' AI-generated items stay out of its lists (absent: shown) */
  showAi?: boolean
  /** a library catalogue's owner: the archive is theirs, so its mypixiv-only and private works are theirs to see */
  owner?: boolean
  /** an admin (role admin, or a library's owner): sets how accounts come in, invites */
  admin?: boolean
}

/** What of an item the rule reads. */
export interface VisibilityHead {
  user_id: number
  restrict: number
  x_restrict: number
}

/** Whether the caller follows a user and is followed back (my pixiv); the caller's relations decide it. */
export type IsMutual = (userId: number) => boolean

/** Whether the caller may see the item at all (detail and lists alike). */
export function canSee(viewer: Viewer, isMutual: IsMutual, row: VisibilityHead): boolean {
  if (row.x_restrict > viewer.maxX) return false
  if (row.restrict === 0 || (viewer.id !== 0 && row.user_id === viewer.id) || viewer.owner) return true
  return row.restrict === 1 && viewer.id !== 0 && isMutual(row.user_id)
}

/** Whether a list shows the item to the caller, by the caller's AI setting (the rule's third part; SQL: AI_SHOWN). */
export function aiShown(viewer: Viewer, row: { user_id: number; ai_type: number }): boolean {
  return viewer.showAi !== false || row.ai_type !== 2 || row.user_id === viewer.id
}

/** Whether every caller may see the item, anonymous ones included: else its images need a signature. */
export function visibleToEveryone(row: { restrict: number; x_restrict: number }): boolean {
  return row.restrict === 0 && row.x_restrict === 0
}

/** Whether the caller may read an account's private lists (its private bookmarks and follows): its own only. */
export function mayReadPrivateOf(viewer: Viewer, ownerId: number): boolean {
  return viewer.id !== 0 && viewer.id === ownerId
}

/** Whether the caller's age setting allows a list of this x_restrict (the R-18 and R-18G rankings). */
export function allowsAge(viewer: Viewer, xRestrict: number): boolean {
  return xRestrict <= viewer.maxX
}

/**
 * Whether a profile field of this publicity is visible to the caller: public to all, private to its user, mypixiv to
 * its user and their mutual follows.
 */
export function maySeePublicity(
  viewer: Viewer,
  isMutual: IsMutual,
  userId: number,
  publicity: 'public' | 'private' | 'mypixiv',
): boolean {
  return publicity === 'public' || viewer.id === userId || (publicity === 'mypixiv' && isMutual(userId))
}

// ---- the same rule in SQL, for lists filtered in the database -------------------------------------------------
// Bound parameters: @me (the caller's id, 0 anonymous) and @maxX; the item's alias is `w`.

/**
 * The AI setting (alias `w`): for an account whose setting is off, no AI-generated item (ai_type 2) but its own. The
 * setting is read here, by @me, so every list built on this fragment obeys it without another parameter (the
 * uncorrelated subquery runs once per statement).
 */
export const AI_SHOWN_SQL = `(w.ai_type != 2 OR w.user_id = @me
  OR NOT EXISTS (SELECT 1 FROM users ai_off WHERE ai_off.id = @me AND ai_off.show_ai = 0))`

/**
 * The caller is a library catalogue's owner (meta `owner_account`, library/library-catalogue.ts): every work of the
 * archive is theirs to see, whatever its restrict (x_restrict still follows their age setting). A demo catalogue has
 * no owner. Uncorrelated: runs once per statement.
 */
export const LIBRARY_OWNER_SQL = `EXISTS (SELECT 1 FROM meta lo JOIN users lu ON lu.account = lo.value
  WHERE lo.key = 'owner_account' AND lu.id = @me)`

/** `canSee` and `aiShown` together, as a list applies them (alias `w`). */
export const VISIBLE_SQL = `(w.x_restrict <= @maxX AND (w.restrict = 0 OR w.user_id = @me OR (w.restrict = 1
  AND EXISTS (SELECT 1 FROM follows a WHERE a.follower_id = @me AND a.followee_id = w.user_id)
  AND EXISTS (SELECT 1 FROM follows b WHERE b.follower_id = w.user_id AND b.followee_id = @me))
  OR ${LIBRARY_OWNER_SQL})
  AND ${AI_SHOWN_SQL})`

/** Public items up to the caller's age setting, by its AI setting: what popularity-based lists draw from. */
export const PUBLIC_FOR_CALLER_SQL = `(w.restrict = 0 AND w.x_restrict <= @maxX AND ${AI_SHOWN_SQL})`

/**
 * Public items of exactly one age class (@x), as rankings and trending tags count them: the same list for every
 * caller who may see that class (allowsAge decides who may).
 */
export const PUBLIC_OF_AGE_SQL = `(w.restrict = 0 AND w.x_restrict = @x)`
