// The one rule for an id written in a URL (a route's `:id`, a pixiv link, a query parameter) or typed by the viewer:
// a canonical positive decimal integer, without sign, leading zero, exponent or fraction. One spelling per id, so
// `/artworks/012` is not work 12 (the route's loader and its page would otherwise disagree). 15 digits at most: every
// such number is exact as a JavaScript number.
/** The rule as a regular expression's source, for patterns that hold an id (the gallery's routes). */
export const ID_SOURCE = String.raw`[1-9]\d{0,14}`
const ID = new RegExp(`^${ID_SOURCE}$`)

/** The id `raw` spells, or undefined when it is not one. */
export function parseId(raw: string | null | undefined): number | undefined {
  return raw && ID.test(raw) ? Number(raw) : undefined
}
