// The app's preloads beyond its entry (vite.config.ts, routePreloads, writes the table into index.html's app template
// as JSON): for each route of the registry (src/app/route-preloads.ts) the chunks its view needs, and the Japanese
// messages' chunks. The first view adds the opened page's as modulepreload links when it starts the app
// (first-view.ts, startApp), so they download beside the entry rather than once it has run.

/** The JSON element, inside the app template, that holds the table. */
export const PRELOAD_TABLE_ID = 'easel-preloads'

export interface PreloadTable {
  /** every file the routes name, once */
  files: readonly string[]
  /** a route's pattern (a RegExp's source, on the path), the query it needs (a name and value) and its files, by index
   *  into `files`; those that name a query come first, so they win over their plain path */
  routes: readonly (readonly [pattern: string, query: readonly [string, string] | null, files: readonly number[]])[]
  /** the Japanese messages' chunks, for a page in Japanese */
  ja: readonly string[]
}

/** The files to preload for the page at `pathname` + `search`, in the language `lang`. */
export function preloadsFor(table: PreloadTable, pathname: string, search: string, lang: string): string[] {
  const q = new URLSearchParams(search)
  const route = table.routes.find(
    ([pattern, query]) => new RegExp(pattern).test(pathname) && (!query || q.get(query[0]) === query[1]),
  )
  return [...(route?.[2].map((n) => table.files[n]!) ?? []), ...(lang === 'ja' ? table.ja : [])]
}
