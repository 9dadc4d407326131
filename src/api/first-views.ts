// index.html's first views (src/app/first-view/): what a deep link paints before the app's code, one inline script
// per kind of page, each marked `data-first-view-script="<name>"` by the build (vite.config.ts appLoader). The service
// keeps the opened page's script only (src/server/app.ts), so a page carries no other page's code: the works' view is
// small, and the novel's holds the reader's parser. The service worker's copy of index.html keeps them all; it has no
// data for them to paint, and either one starts the app.

import { matchGalleryRoute } from './gallery-route-match.ts'

export const FIRST_VIEWS = ['works', 'novel'] as const
export type FirstViewName = (typeof FIRST_VIEWS)[number]

/** The template that holds the app's scripts until the first view is painted (src/app/first-view/first-view.ts). */
export const APP_TEMPLATE_ID = 'easel-app'

/** The attribute that names a first view's script. */
export const FIRST_VIEW_SCRIPT_ATTRIBUTE = 'data-first-view-script'
/**
 * The element that follows the first views' scripts, which index.html's head names in a render-blocking
 * `<link rel="expect">`: the browser paints nothing before the opened page's first view has run (a browser without
 * `rel=expect` paints as it parses).
 */
export const FIRST_VIEWS_END_ID = 'easel-first-views-end'

/** The first view of the page at `pathname`: a novel's, or the works' (every other page, which it starts). */
export function firstViewOf(pathname: string): FirstViewName {
  return matchGalleryRoute(pathname).some((route) => route.name === 'novel') ? 'novel' : 'works'
}

/** index.html with the first-view scripts other than `name`'s left out. */
export function keepFirstView(html: string, name: FirstViewName): string {
  return html.replace(
    new RegExp(`<script ${FIRST_VIEW_SCRIPT_ATTRIBUTE}="(\\w+)">[\\s\\S]*?</script>`, 'g'),
    (script, kind: string) => (kind === name ? script : ''),
  )
}
