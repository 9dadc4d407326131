import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import { build, defineConfig, type Plugin, type Rollup } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import {
  API_CACHE_MAX_AGE_S,
  API_CACHE_MAX_ENTRIES,
  API_NETWORK_TIMEOUT_S,
  IMAGE_CACHE_MAX_AGE_S,
  IMAGE_CACHE_MAX_ENTRIES,
  navigationDenylist,
  ORIGINAL_CACHE_MAX_AGE_S,
  ORIGINAL_CACHE_MAX_ENTRIES,
  SW_CACHE,
} from './src/features/pwa/sw-caches.ts'
import { PRELOAD_TABLE_ID, type PreloadTable } from './src/app/first-view/preload-table.ts'
import {
  APP_TEMPLATE_ID,
  FIRST_VIEW_SCRIPT_ATTRIBUTE,
  FIRST_VIEWS,
  FIRST_VIEWS_END_ID,
  type FirstViewName,
} from './src/api/first-views.ts'
import { parseRoutePreloadKey, ROUTE_PRELOADS } from './src/app/route-preloads.ts'
import { routeHref } from './src/api/gallery-routes.ts'
import { API_PATH_PREFIXES, HEALTH_PATHS, IMAGE_PATH_PREFIXES, LEGACY_IMAGE_PREFIX } from './src/api/service-paths.ts'

// In development the SPA runs on Vite's server and the catalogue service on API_PORT; everything the service owns
// is proxied so the SPA sees one origin, as it does in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`
// Trailing slashes: Vite matches proxy keys as plain prefixes, and `/c` must not swallow e.g. `/collections` (no
// route of the SPA begins with a health check's path).
const proxied = [...API_PATH_PREFIXES, ...IMAGE_PATH_PREFIXES, LEGACY_IMAGE_PREFIX, ...Object.values(HEALTH_PATHS)]
// xfwd: the service names only the address a connection arrived on (127.0.0.1:API_PORT here) unless a trusted proxy
// forwards the client's own; `npm run dev` trusts loopback (scripts/dev.mjs), so URLs stay on Vite's origin.
const proxy = Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, xfwd: true }]))

// React Router 7's package exports point every condition at its development build (warnings, dev-only error UI);
// a production build takes the production files instead: about 9 kB gzipped less on every page.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url))

// Light canvas of src/index.css. The manifest has one theme colour; index.html's theme-color metas give both schemes.
const CANVAS_LIGHT = '#f8f7f4'

/**
 * React Router's production build makes its components with top-level calls that carry no pure mark
 * (`var Form = React10.forwardRef(…)`) and then names them for React DevTools (`Form.displayName = "Form"`): either
 * keeps a component alive through tree-shaking, so Form, fetchers and the data router's hooks, which the gallery never
 * uses, were on every page. Production marks those calls pure and drops the names (only DevTools read them).
 */
function reactRouterLean(): Plugin {
  return {
    name: 'easel:react-router-lean',
    apply: 'build',
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        return {
          code: code
            .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
            .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2'),
          map: null,
        }
      },
    },
  }
}

/**
 * Three chunks for what `/` runs at once: the shell (the entry and what it imports statically: React), the app (the
 * entry's one lazy import, src/app/start.tsx, and what it imports statically) and the work grid (what `/` loads lazily
 * at once, beyond those two: the grid most routes show). The browser evaluates the first two in a task each
 * (src/main.tsx). Rolldown otherwise cuts the modules these share with other lazy routes into a dozen small chunks,
 * each compressed on its own: about 5 kB more gzip on `/`.
 */
const APP_START = 'src/app/start.tsx'
const INITIAL_CHUNKS = ['shell', 'app', 'work-grid'] as const
/**
 * What the closure below reaches only through TanStack Query's index, which re-exports every hook: the mutation hook,
 * which only forms and buttons in lazy chunks use. Rolldown puts it with them.
 */
const FORMS_ONLY =
  /[\\/]@tanstack[\\/](?:react-query[\\/].*[\\/]useMutation|query-core[\\/].*[\\/]mutationObserver)\.js$/
type InitialChunk = (typeof INITIAL_CHUNKS)[number]
const shell = shellChunks(APP_START, ROUTE_PRELOADS['/']!)
function shellChunks(
  appStart: string,
  homeLazy: readonly string[],
): Plugin & { chunkOf(id: string): InitialChunk | undefined } {
  const chunkOf = new Map<string, InitialChunk>()
  return {
    name: 'easel:shell-chunks',
    apply: 'build',
    chunkOf: (id) => chunkOf.get(id),
    buildEnd() {
      chunkOf.clear()
      const closure = (from: Iterable<string>, chunk: InitialChunk) => {
        const visit = (id: string) => {
          if (chunkOf.has(id) || FORMS_ONLY.test(id)) return
          chunkOf.set(id, chunk)
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next)
        }
        for (const id of from) visit(id)
      }
      const ids = [...this.getModuleIds()]
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry)
      closure(
        entries.flatMap((entry) => this.getModuleInfo(entry)?.importedIds ?? []),
        'shell',
      )
      const start = resolve(appStart)
      if (![...chunkOf.keys()].some((id) => this.getModuleInfo(id)?.dynamicallyImportedIds.includes(start)))
        this.error(`the entry does not import ${appStart} lazily`)
      closure([start], 'app')
      const lazy = new Set(homeLazy.map((file) => resolve(file)))
      const home = ids.filter((id) => lazy.has(id))
      if (home.length === 0) this.error(`none of ROUTE_PRELOADS['/'] (${homeLazy.join(', ')}) is in the build`)
      closure(home, 'work-grid')
    },
  }
}

/**
 * The web app manifest and the service worker (Workbox generateSW). The worker precaches the app shell (every
 * built script, style, icon and index.html), answers every navigation with index.html when offline, and caches at
 * run time: API GETs network-first with a short timeout, images cache-first with bounds. Registration is the app's
 * (src/features/pwa/register-sw.ts, imported lazily after the first render), so nothing is injected here.
 * The matchers below are serialized into sw.js: they must not use anything from this file's scope.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Easel',
    short_name: 'Easel',
    description: 'A self-hostable gallery for illustrations, manga, ugoira and novels.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: CANVAS_LIGHT,
    background_color: CANVAS_LIGHT,
    categories: ['entertainment', 'books'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      {
        name: 'Ranking',
        short_name: 'Ranking',
        description: "Today's most popular works",
        url: routeHref('ranking'),
        icons: [{ src: '/icons/shortcut-ranking-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'Search',
        short_name: 'Search',
        description: 'Search works by tag or title',
        url: routeHref('search'),
        icons: [{ src: '/icons/shortcut-search-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'My bookmarks',
        short_name: 'Bookmarks',
        description: 'The works you bookmarked (asks you to sign in first)',
        url: routeHref('myBookmarks'),
        icons: [{ src: '/icons/shortcut-bookmarks-96.png', sizes: '96x96', type: 'image/png' }],
      },
    ],
    // A link shared to the installed app opens /share, which resolves pixiv-style links and searches anything else.
    share_target: {
      action: routeHref('share'),
      method: 'GET',
      enctype: 'application/x-www-form-urlencoded',
      params: { title: 'title', text: 'text', url: 'url' },
    },
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: navigationDenylist(),
    // The first worker takes the open page at once (so it works offline without a reload); later ones wait for
    // the viewer to accept the update prompt.
    clientsClaim: true,
    skipWaiting: false,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Registered for GET only: POSTs (bookmarks, follows, /auth/token) always go to the network, uncached.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/v[1-9]\//.test(url.pathname),
        handler: 'NetworkFirst',
        options: {
          cacheName: SW_CACHE.api,
          networkTimeoutSeconds: API_NETWORK_TIMEOUT_S,
          cacheableResponse: { statuses: [200] },
          expiration: {
            maxEntries: API_CACHE_MAX_ENTRIES,
            maxAgeSeconds: API_CACHE_MAX_AGE_S,
            purgeOnQuotaError: true,
          },
        },
      },
      {
        // An imported ugoira kept as a video (Easel's `<id>_ugoira.<webm|mp4|mkv>`): players ask for byte ranges, which
        // pass to the network (a 206 is not cached) or are cut from a whole file cached before (Safari plays nothing
        // that answers a range with the whole file).
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/img-original\/.*_ugoira\.(?:webm|mp4|mkv)$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: SW_CACHE.videos,
          rangeRequests: true,
          cacheableResponse: { statuses: [200] },
          expiration: {
            maxEntries: 20,
            maxAgeSeconds: ORIGINAL_CACHE_MAX_AGE_S,
            purgeOnQuotaError: true,
          },
        },
      },
      {
        // The CDN's paths (src/api/service-paths.ts), spelled out: the matchers are serialized on their own.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/(?:img-original|novel-cover-original)\//.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: SW_CACHE.originals,
          cacheableResponse: { statuses: [200] },
          expiration: {
            maxEntries: ORIGINAL_CACHE_MAX_ENTRIES,
            maxAgeSeconds: ORIGINAL_CACHE_MAX_AGE_S,
            purgeOnQuotaError: true,
          },
        },
      },
      {
        // Every other image but ugoira archives (large, and played from memory once fetched).
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/(?:c|img-master|user-profile|background|common\/images)\//.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: SW_CACHE.images,
          cacheableResponse: { statuses: [200] },
          expiration: {
            maxEntries: IMAGE_CACHE_MAX_ENTRIES,
            maxAgeSeconds: IMAGE_CACHE_MAX_AGE_S,
            purgeOnQuotaError: true,
          },
        },
      },
    ],
  },
  // `npm run dev` runs without a worker: a cached shell would hide every edit.
  devOptions: { enabled: false },
})

/**
 * Brotli (quality 11) and gzip (level 9) twins of the built scripts and styles, written beside them once per build.
 * The service sends them as they are to browsers that accept them (serveStatic's `precompressed`): brotli makes the
 * entry script about 13% smaller than on-the-fly gzip, and no request pays for compressing it.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress)
  const gz = promisify(gzip)
  return {
    name: 'easel:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir
      if (!dir) return
      const files = Object.keys(bundle).filter((file) => /\.(?:js|css)$/.test(file))
      await Promise.all(
        files.map(async (file) => {
          const data = await readFile(join(dir, file))
          if (data.length < 1024) return
          const params = { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length }
          await writeFile(join(dir, `${file}.br`), await br(data, { params }))
          await writeFile(join(dir, `${file}.gz`), await gz(data, { level: 9 }))
        }),
      )
    },
  }
}

const JA_MESSAGES = 'src/lib/i18n/messages/ja/index.ts'
/** The first views' entries, each inlined as a script of its own (src/api/first-views.ts). */
const FIRST_VIEW_ENTRIES: Record<FirstViewName, string> = {
  works: 'src/app/first-view/works.ts',
  novel: 'src/app/first-view/novel.ts',
}

/**
 * A deep link's first view downloads its code beside the entry script (src/app/route-preloads.ts, from the route
 * registry): index.html gets a table (src/app/first-view/preload-table.ts) of the chunks each route's view needs (its
 * modules' chunks and everything they import) beyond the entry's own, which Vite already preloads.
 *
 * None of the app's code is fetched before the page's first view has painted (src/app/first-view/first-view.ts): the
 * entry's script tags, its preloads and the table are moved into `<template id="easel-app">`, where they are inert,
 * and index.html ends with the first views' own scripts, built here on their own and inlined, one per kind of page
 * (the service keeps the opened page's: src/api/first-views.ts), which paint, then add the opened page's preloads and
 * put the template's contents into the head. Each carries the code of the worker it starts (intlWorkerScript).
 */
function routePreloads(): Plugin {
  let root = ''
  let base = '/'
  return {
    name: 'easel:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        const collect = (chunk: Rollup.OutputChunk, into: Set<string>) => {
          if (into.has(chunk.fileName)) return
          into.add(chunk.fileName)
          for (const file of chunk.imports) collect(byFile.get(file)!, into)
        }
        const entryCode = new Set<string>()
        for (const chunk of chunks) if (chunk.isEntry) collect(chunk, entryCode)
        // The app's own chunk, which the entry imports lazily (src/main.tsx): preloaded beside the entry, like the
        // entry's static imports, rather than asked for once the entry has run.
        const app = chunks.find((c) => c.moduleIds.includes(resolve(root, APP_START)))
        if (!app) throw new Error(`route-preloads: no chunk holds ${APP_START}`)
        const appCode = new Set<string>()
        collect(app, appCode)
        const appLinks = [...appCode]
          .filter((file) => !entryCode.has(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
        for (const file of appCode) entryCode.add(file)

        const table = Object.entries(ROUTE_PRELOADS).map(([key, modules]) => {
          const files = new Set<string>()
          for (const module of modules) {
            const id = resolve(root, module)
            const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id))
            if (!chunk) throw new Error(`route-preloads: no chunk holds ${module} (listed for ${key})`)
            collect(chunk, files)
          }
          return { ...parseRoutePreloadKey(key), files: [...files].filter((file) => !entryCode.has(file)) }
        })
        // The keys that name a query first, so they win over their plain path. Each file once, the routes by index
        // into that list.
        table.sort((a, b) => Number(b.query !== null) - Number(a.query !== null))
        const files = [...new Set(table.flatMap((route) => route.files))]
        // The Japanese messages (src/lib/i18n/i18n.ts loads them at start-up for a Japanese reader): preloaded when
        // index.html's own script has set `lang`, so they arrive beside the entry rather than after it has run.
        const ja = chunks.find((c) => c.facadeModuleId === resolve(root, JA_MESSAGES))
        if (!ja) throw new Error(`route-preloads: no chunk holds ${JA_MESSAGES}`)
        const jaFiles = new Set<string>()
        collect(ja, jaFiles)
        const preloads: PreloadTable = {
          files: files.map((file) => base + file),
          routes: table.map((r) => [r.pattern, r.query, r.files.map((file) => files.indexOf(file))] as const),
          ja: [...jaFiles].filter((file) => !entryCode.has(file)).map((file) => base + file),
        }
        const firstViews: { name: FirstViewName; code: string }[] = []
        for (const name of FIRST_VIEWS) firstViews.push({ name, code: await buildFirstView(root, name) })
        return appLoader(html.replace('</head>', `${appLinks.join('')}</head>`), preloads, firstViews)
      },
    },
  }
}

/**
 * index.html with the app's start held back: the entry's module scripts and modulepreload links, and the table of the
 * routes' preloads (JSON), moved into `<template id="easel-app">`, followed by the first views' scripts, each of which
 * starts them.
 */
function appLoader(html: string, preloads: PreloadTable, firstViews: { name: FirstViewName; code: string }[]): string {
  const moved: string[] = []
  const rest = html.replace(
    /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g,
    (tag) => (moved.push(tag.trim()), ''),
  )
  if (!moved.some((tag) => tag.startsWith('<script'))) throw new Error('appLoader: index.html has no entry script')
  const end = rest.lastIndexOf('</body>')
  if (end < 0) throw new Error('appLoader: index.html has no </body>')
  const template =
    `<template id="${APP_TEMPLATE_ID}">` +
    `<script type="application/json" id="${PRELOAD_TABLE_ID}">${JSON.stringify(preloads).replace(/</g, '\\u003c')}</script>` +
    moved.join('') +
    '</template>'
  const scripts = firstViews.map(
    ({ name, code }) => `<script ${FIRST_VIEW_SCRIPT_ATTRIBUTE}="${name}">${code}</script>`,
  )
  // The page's first paint waits for the first view (src/api/first-views.ts): painted on its own first, the header
  // made the first view's work come after the first paint, as the page's first long task, and then jumped.
  const head = rest.indexOf('</head>')
  if (head < 0) throw new Error('appLoader: index.html has no </head>')
  const expect = `<link rel="expect" href="#${FIRST_VIEWS_END_ID}" blocking="render">`
  const endMark = `<div id="${FIRST_VIEWS_END_ID}" hidden></div>`
  return `${rest.slice(0, head)}${expect}${rest.slice(head, end)}${template}${scripts.join('')}${endMark}\n  ${rest.slice(end)}`
}

/** A first view's script (its entry and what it imports), bundled on its own into one minified IIFE. */
async function buildFirstView(root: string, name: FirstViewName): Promise<string> {
  const code = await buildScript(root, FIRST_VIEW_ENTRIES[name], {
    'import.meta.env.EASEL_INTL_WORKER': JSON.stringify(await intlWorkerScript(root)),
  })
  if (/<\/script|<!--/i.test(code)) throw new Error(`appLoader: the ${name} first view would close its inline script`)
  return code
}

/** A script of its own: `entry` and what it imports, bundled into one minified IIFE. */
async function buildScript(root: string, entry: string, define: Record<string, string> = {}): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define,
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      copyPublicDir: false,
      lib: {
        entry: resolve(root, entry),
        formats: ['iife'],
        name: 'easelScript',
        fileName: () => 'script.js',
      },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]
  const chunk = outputs.flatMap((o) => o.output).find((o): o is Rollup.OutputChunk => o.type === 'chunk')
  if (!chunk) throw new Error(`buildScript: building ${entry} gave no code`)
  return chunk.code.trim()
}

const INTL_WORKER_ENTRY = 'src/app/first-view/warm-intl.ts'
let intlWorker: Promise<string> | undefined
/** The first views' `Intl` worker (src/app/first-view/warm-intl.ts), built once (a build is a process of its own). */
const intlWorkerScript = (root: string) => (intlWorker ??= buildScript(root, INTL_WORKER_ENTRY))

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), pwa, precompress(), routePreloads(), shell, reactRouterLean()],
  resolve: {
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/initial-js.ts follows the entry's and the home route's imports through it (the initial JS budget).
    manifest: true,
    // Every browser the build targets supports modulepreload; older ones simply skip the preload.
    modulePreload: {
      polyfill: false,
      // A lazy chunk's preloads leave out the shell's and the app's files (and the shared runtime): every lazy import
      // runs after those have loaded. Each name costs the app's chunk bytes on every first load.
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/^assets\/(?:shell|app|rolldown-runtime)-/.test(dep)),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: INITIAL_CHUNKS.map((name) => ({ name, test: (id: string) => shell.chunkOf(id) === name })),
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
}))
