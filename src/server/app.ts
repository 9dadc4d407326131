import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { serveStatic } from '@hono/node-server/serve-static'
import type { AppEnv, Services } from './context.ts'
import { ANONYMOUS } from './data/store.ts'
import { ajaxErrorBody, ApiError, errorBody, invalidGrant, noEndpoint, notFound } from './http/errors.ts'
import { originsOf } from './http/origin.ts'
import { contentSecurityPolicy, GALLERY_HEADERS, inlineScriptHashes } from './http/security-headers.ts'
import {
  FIRST_VIEW_SCRIPT_ATTRIBUTE,
  FIRST_VIEWS,
  firstViewOf,
  keepFirstView,
  type FirstViewName,
} from '../api/first-views.ts'
import { clientAddress } from './http/client-address.ts'
import { createInitialData, type PageData } from './http/initial-data.ts'
import { API_PATH_PREFIXES } from '../api/service-paths.ts'
import { RequestLimits } from './auth/rate-limit.ts'
import { View } from './wire/view.ts'
import { createImageRoutes } from './images/image-routes.ts'
import { ImageUrlSigner } from './images/image-signing.ts'
import { repositoryImageCatalogue } from './images/repository-catalogue.ts'
import { openStorage } from './storage/storage-url.ts'
import { illustRoutes } from './routes/illust.ts'
import { novelRoutes } from './routes/novel.ts'
import { novelTextRoutes } from './routes/novel-text.ts'
import { novelSeriesRoutes } from './routes/novel-series.ts'
import { ajaxRoutes } from './routes/ajax.ts'
import { searchRoutes } from './routes/search.ts'
import { rankingRoutes } from './routes/ranking.ts'
import { recommendedRoutes } from './routes/recommended.ts'
import { userRoutes } from './routes/user.ts'
import { feedRoutes } from './routes/feeds.ts'
import { userListRoutes } from './routes/user-lists.ts'
import { bookmarkRoutes } from './routes/bookmark.ts'
import { muteRoutes } from './routes/mute.ts'
import { authRoutes } from './routes/auth.ts'
import { commentRoutes } from './routes/comments.ts'
import { libraryRoutes } from './routes/library.ts'
import { accountRoutes } from './routes/accounts.ts'
import { moderationRoutes } from './routes/moderation.ts'
import { postingRoutes } from './routes/posting.ts'
import { ModerationService } from './services/moderation.ts'
import { PostingService } from './services/posting.ts'
import { ENDPOINTS, MAX_UPLOAD_BYTES } from '../api/endpoints.ts'
import { healthRoutes, Lifecycle } from './http/health.ts'
import type { Logger } from './log.ts'

/** Longest query string accepted; the real API's clients never come near it. */
export const MAX_QUERY_LENGTH = 2048
/** The API's path spaces; routes register inside them, and what they leave unserved is a JSON 404. */
export const API_PREFIXES = API_PATH_PREFIXES

/** `lifecycle`: the server's (server.ts); an app made without one is ready at once. */
export function createApp(services: Services, log: Logger, lifecycle = new Lifecycle('ready')) {
  const { config, signer } = services
  const app = new Hono<AppEnv>()
  const limits = config.rateLimit ? new RequestLimits(config.rateLimit) : null
  const imageSigner = ImageUrlSigner.of(signer)
  // a library catalogue's owner (made before the service starts; a demo catalogue has none)
  const ownerAccount = services.meta.owner_account

  app.onError((err, c) => {
    // The web API (`/ajax/…`) answers errors in its own envelope, with the same status.
    const body = c.req.path.startsWith('/ajax/') ? ajaxErrorBody : errorBody
    if (err instanceof ApiError) return c.json(body(err.message, err.userMessage), err.status, err.headers)
    // Malformed bodies and the like surface as HTTPExceptions with a 4xx status; anything else is our fault.
    const status = (err as { status?: number }).status
    if (status && status >= 400 && status < 500) return c.json(body(err.message || 'Bad request'), status as 400)
    log.error('unhandled error', { path: c.req.path, error: err.stack ?? String(err) })
    return c.json(body('Internal error', 'Something went wrong. Please try again.'), 500)
  })

  // URL parsing resolves `..` before routing, so `/c/../x` would quietly become `/x`: refuse such paths outright,
  // as written on the wire (Node's raw request line), dot segments and encoded separators alike.
  app.use(async (c, next) => {
    const raw = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url ?? new URL(c.req.url).pathname
    const rawPath = raw.split('?')[0]!
    if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(rawPath) || /%2f|%5c|\\/i.test(rawPath)) throw notFound('Not found')
    await next()
  })

  // gzip for clients that ask (browsers and most HTTP libraries do): pages of works are ~80 KB of JSON, the app's
  // scripts more. Images and zips are compressed already and are left alone by the content-type filter. A client
  // that does not ask skips the middleware entirely: merely reading the answer's headers turns @hono/node-server's
  // prebuilt answer into a full Response, which cost two thirds of the throughput of a work detail.
  const gzip = compress()
  app.use((c, next) => (ACCEPTS_COMPRESSION.test(c.req.header('accept-encoding') ?? '') ? gzip(c, next) : next()))

  // ---- health checks: outside the API (no token, no rate limit), before the gallery's fallback ----
  // Originals and derived images: one storage for the image routes and the readiness probe.
  const storage = openStorage(config.storage)
  // a missing key's HEAD is a cheap round trip to the bucket (or a stat of the folder): it throws only when unreachable
  healthRoutes(app, lifecycle, services.probe, undefined, () => storage.head('readyz-probe'))

  // ---- the catalogue API ----
  const apiContext: MiddlewareHandler<AppEnv> = async (c, next) => {
    const rawQuery = c.req.url.split('?')[1] ?? ''
    if (rawQuery.length > MAX_QUERY_LENGTH)
      throw new ApiError(414, `query string must be at most ${MAX_QUERY_LENGTH} characters`)
    // Counted first, by address, so a flood of bad tokens is limited too (auth/rate-limit.ts).
    const address = limits ? clientAddress(c, config.trustProxy) : ''
    limits?.admit(address)
    // Who is asking: no token is an anonymous caller; a bad, expired or revoked token is an error, never anonymous.
    const auth = c.req.header('authorization')
    let caller = ANONYMOUS
    let session: number | null = null
    let badToken = false
    // The OAuth endpoints take credentials in their form, never a bearer token.
    if (auth !== undefined && !c.req.path.startsWith('/auth/')) {
      const m = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(auth.trim())
      const nowS = services.nowS()
      const verdict = m ? signer.verifyAccess(m[1]!, nowS) : 'invalid'
      // The session the token came from must be alive: signing out (revoking it) ends its access tokens. (A token
      // from before sessions names none; those lapse within an hour of the upgrade, auth/tokens.ts.)
      const user =
        typeof verdict === 'object' &&
        (verdict.sessionId === null || (await services.caches.sessions.alive(verdict.sessionId, verdict.userId, nowS)))
          ? await services.caches.callers.user(verdict.userId)
          : undefined
      if (user && typeof verdict === 'object') {
        caller = {
          id: user.id,
          maxX: user.x_restrict,
          showAi: user.show_ai !== 0,
          ...(ownerAccount !== undefined && user.account === ownerAccount ? { owner: true, admin: true } : {}),
          ...(user.role === 'admin' ? { admin: true } : {}),
        }
        session = verdict.sessionId
      } else badToken = true
    }
    limits?.charge(address, caller.id)
    if (badToken) throw invalidGrant()
    const origins = originsOf(c, config)
    c.set('caller', caller)
    c.set('session', session)
    c.set('origin', origins.api)
    const relations = caller.id ? await services.caches.callers.relationsOf(caller.id) : undefined
    const signing = { signer: imageSigner, nowS: services.nowS() }
    c.set('view', new View(origins.image, caller, services.caches.items, relations, origins.static, signing))
    await next()
  }
  const limitBody = bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new ApiError(413, 'request body must be at most 64 KB')
    },
  })
  // an uploaded page: its file, and the multipart framing around it
  const limitUpload = bodyLimit({
    maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
    onError: () => {
      throw new ApiError(413, `file must be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`, 'The file is too large.')
    },
  })
  // a novel's text: 300,000 characters, percent-encoded in a form (up to 9 bytes each for kana and kanji)
  const limitNovel = bodyLimit({
    maxSize: 3 * 1024 * 1024,
    onError: () => {
      throw new ApiError(413, 'request body must be at most 3 MB', 'The novel is too long to send.')
    },
  })
  const bodyLimits: Record<string, MiddlewareHandler> = {
    [ENDPOINTS.addUpload.path]: limitUpload,
    [ENDPOINTS.editProfileImage.path]: limitUpload,
    [ENDPOINTS.addNovel.path]: limitNovel,
    [ENDPOINTS.editNovel.path]: limitNovel,
  }
  for (const prefix of API_PREFIXES) {
    app.use(`${prefix}*`, apiContext)
    // Only writes have bodies; reading none keeps GETs off the slower full-request path of the Node adapter.
    app.post(`${prefix}*`, (c, next) => (bodyLimits[c.req.path] ?? limitBody)(c, next))
  }
  const posting = new PostingService(services, storage)
  const moderation = new ModerationService(services, services.domain.items, services.domain.comments, posting)
  for (const register of [
    illustRoutes,
    novelRoutes,
    novelTextRoutes,
    novelSeriesRoutes,
    ajaxRoutes,
    searchRoutes,
    rankingRoutes,
    recommendedRoutes,
    userRoutes,
    feedRoutes,
    userListRoutes,
    bookmarkRoutes,
    muteRoutes,
    commentRoutes,
    libraryRoutes,
    accountRoutes,
  ])
    register(app, services)
  postingRoutes(app, services, posting, moderation)
  moderationRoutes(app, services, moderation)
  authRoutes(app, services, posting)
  for (const prefix of API_PREFIXES)
    app.all(`${prefix}*`, () => {
      throw noEndpoint()
    })

  // ---- images, at the CDN's own paths (and redirects from the /img/… URLs of earlier versions) ----
  app.route(
    '/',
    createImageRoutes(repositoryImageCatalogue(services.repos, services.caches.images), {
      // DATA_DIR/image-cache by default (STORAGE_URL unset), where earlier versions kept it
      storage,
      diskBytes: config.imageCacheMax,
      maxQueuedRenders: config.imageRenderQueue,
      rendersPerClient: config.imageRendersPerClient || undefined,
      clientKey: (c) => clientAddress(c, config.trustProxy),
      signer: imageSigner,
      nowS: services.nowS,
    }),
  )

  // ---- the gallery (SPA): built files, and index.html for every other path so deep links work ----
  const indexFile = path.join(config.staticDir, 'index.html')
  const fallbackHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Easel</title></head><body><h1>Easel</h1><p>The gallery has not been built. Run <code>npm start</code>, which builds it, or <code>npm run build</code>.</p></body></html>`
  // With the page as each kind of first view has it (api/first-views.ts), made once per read, not per request.
  let indexHtml: { mtime: number; hashes: string[]; pages: Record<FirstViewName, string> } | undefined
  const readIndex = () => {
    const mtime = Math.floor(Date.now() / 5000) // re-read at most every 5 s, so a rebuild shows without a restart
    if (!indexHtml || indexHtml.mtime !== mtime) {
      const html = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : fallbackHtml
      const pages = Object.fromEntries(FIRST_VIEWS.map((name) => [name, keepFirstView(html, name)]))
      indexHtml = { mtime, hashes: inlineScriptHashes(html), pages: pages as Record<FirstViewName, string> }
    }
    return indexHtml
  }
  const policies = new Map<string, string>()
  app.use('*', async (c, next) => {
    // Build files (`/.easel-build.json`, `/.vite/manifest.json`) and any other dotfile are not the gallery's to serve.
    if (/(?:^|\/)\./.test(c.req.path)) throw notFound('Not found')
    const { hashes } = readIndex()
    const { image, static: staticOrigin } = originsOf(c, config)
    const key = `${hashes.join(' ')}|${image}|${staticOrigin}`
    let policy = policies.get(key)
    if (!policy) {
      if (policies.size >= 64) policies.clear() // origins are few (http/origin.ts); a rebuild adds one set of hashes
      policies.set(key, (policy = contentSecurityPolicy(hashes, { image, static: staticOrigin })))
    }
    for (const [name, value] of Object.entries(GALLERY_HEADERS)) c.header(name, value)
    c.header('Content-Security-Policy', policy)
    await next()
  })
  app.use(
    '/assets/*',
    serveStatic({
      root: config.staticDir,
      // The build writes brotli and gzip twins of every script and style (vite.config.ts `precompress`).
      precompressed: true,
      onFound: (_p, c) => void c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  )
  // A page with its first data (http/initial-data.ts) and its first view's script only (api/first-views.ts); `/` too,
  // which serveStatic would answer with the bare file.
  const initialData = createInitialData(app, { subscribe: (forget) => services.caches.bus.subscribe(() => forget()) })
  const page = async (c: Context<AppEnv>) => {
    c.header('Cache-Control', 'no-cache')
    const { api, image, static: staticOrigin } = originsOf(c, config)
    const data = await initialData(c.req.url, c.req.raw.headers, c.env, `${api}|${image}|${staticOrigin}`)
    return c.html(withPageData(readIndex().pages[firstViewOf(c.req.path)], data))
  }
  app.get('/', page)
  app.use(
    '*',
    serveStatic({
      root: config.staticDir,
      // Revalidated on every use: the page, the service worker and the manifest name the current build's files.
      onFound: (p, c) => void (REVALIDATED_FILES.test(p) && c.header('Cache-Control', 'no-cache')),
    }),
  )
  app.get('*', page)
  app.all('*', () => {
    throw new ApiError(405, 'Method not allowed')
  })
  return app
}

/**
 * The page with its data: the preloads at the end of the head, the data block ahead of the first view's script (else
 * at the end of the body), which then paints from it as it runs, in the frame that paints the page's header.
 */
function withPageData(html: string, { links, script }: PageData): string {
  const head = links ? html.indexOf('</head>') : -1
  if (head >= 0) html = html.slice(0, head) + links + html.slice(head)
  if (!script) return html
  const firstView = html.indexOf(`<script ${FIRST_VIEW_SCRIPT_ATTRIBUTE}=`)
  const at = firstView >= 0 ? firstView : html.lastIndexOf('</body>')
  return at >= 0 ? html.slice(0, at) + script + html.slice(at) : html
}

/** An Accept-Encoding that names an encoding the compress middleware speaks (or any, with `*`). */
const ACCEPTS_COMPRESSION = /gzip|deflate|\*/i

/** Built files that must never be served from an HTTP cache unchecked (the rest have hashed or stable names). */
const REVALIDATED_FILES = /(?:\.html|\/sw\.js|\.webmanifest)$/
