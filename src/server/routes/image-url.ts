import type { AppContext } from '../services.ts'

/**
 * The absolute URL of an image path (src/server/images/paths.ts) for this request: the View's, so the image URLs
 * these routes build match those of the items in App API answers wherever images are served from.
 */
export const imageUrl = (c: AppContext, path: string) => c.var.view.imageUrl(path)
