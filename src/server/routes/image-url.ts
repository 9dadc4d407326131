import type { AppContext } from '../services.ts'

/**
 * The absolute URL of an image path (src/server/images/paths.ts) for this request: the origin every other image URL
 * of the answer uses, in one place for the routes of this folder that build image URLs outside the View.
 */
export const imageUrl = (c: AppContext, path: string) => c.var.origin + path
