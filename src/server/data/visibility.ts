// The one visibility rule of items, as SQL fragments over an item aliased `w` with the caller bound as @me and @maxX.
// Its own module so that the store and its helper modules (social.ts, tag-suggestions.ts) all read it without
// importing one another in a circle.

/**
 * Visibility of an item to a caller (alias `w`): public, the caller's own, or restrict 1 from an author the caller
 * follows and who follows the caller back; and no higher x_restrict than the caller may see. And, for an account whose
 * AI setting is off, no AI-generated item (ai_type 2) but its own: the setting is read here, by @me, so every list
 * built on this fragment obeys it without another parameter (the uncorrelated subquery runs once per statement).
 */
export const AI_SHOWN = `(w.ai_type != 2 OR w.user_id = @me
  OR NOT EXISTS (SELECT 1 FROM users ai_off WHERE ai_off.id = @me AND ai_off.show_ai = 0))`
/**
 * The caller is a library catalogue's owner (meta `owner_account`, library/library-catalogue.ts): every work of the
 * archive is theirs to see, whatever its restrict (x_restrict still follows their age setting). A demo catalogue has
 * no owner. Uncorrelated: runs once per statement.
 */
export const LIBRARY_OWNER = `EXISTS (SELECT 1 FROM meta lo JOIN users lu ON lu.account = lo.value
  WHERE lo.key = 'owner_account' AND lu.id = @me)`
export const VISIBLE = `(w.x_restrict <= @maxX AND (w.restrict = 0 OR w.user_id = @me OR (w.restrict = 1
  AND EXISTS (SELECT 1 FROM follows a WHERE a.follower_id = @me AND a.followee_id = w.user_id)
  AND EXISTS (SELECT 1 FROM follows b WHERE b.follower_id = w.user_id AND b.followee_id = @me))
  OR ${LIBRARY_OWNER})
  AND ${AI_SHOWN})`
