// A page's first data, written into index.html: the answers to the opened route's first requests (as an anonymous
// caller: src/api/first-requests.ts says why), so a deep link paints real works as soon as its script has run,
// without another round trip; and a preload of the detail's main image, so it downloads beside the script.
//
// The answers come from the service's own App API, called in-process with the URL the gallery's client would send,
// so they are the very bytes the client would get. The page never waits long for them (a deadline, then it goes
// without), a failed request (a work that does not exist, a bad parameter) just leaves its answer out, and answers
// are kept a few seconds for the next page load of the same URL.
//
// The data is a `<script type="application/json">` block: a data block is never executed, so the page's CSP (script
// hashes of index.html's own inline scripts) is unchanged, and every `<` in it is written `\u003c`, so no text in a
// caption can close the block.

import type { Hono } from 'hono'
import { firstRequestTargets } from '../../api/first-requests.ts'
import type { WireIllustDetail } from '../../api/wire-responses.ts'

/** The id of the data block the gallery reads (src/lib/initial-answers.ts). */
export const INITIAL_DATA_ID = 'easel-initial-data'

export interface InitialDataOptions {
  /** How long a page waits for its answers before it is sent without them. */
  deadlineMs?: number
  /** How long an answer is reused for other loads of the same URL. */
  ttlMs?: number
  /** How many answers are kept, and their characters in all: a client chooses the URL and the Host of the key. */
  maxEntries?: number
  maxChars?: number
  now?: () => number
  /** Calls `forget` on every change to the catalogue (the cache bus), so no page embeds an answer a write outdated. */
  subscribe?: (forget: () => void) => void
}

interface Answer {
  /** the JSON body as the API sent it; null: no answer to embed (an error) */
  body: string | null
  at: number
}

/** What a page request passes on to the in-process API requests: only what chooses the origins of image URLs. */
const FORWARDED = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'forwarded']

export interface PageData {
  /** `<script type="application/json">` with the answers by URL, for the body ahead of the first view's script (which
   *  reads it as it runs); '' when there is none */
  script: string
  /** `<link rel="preload">` of the first images, for the head */
  links: string
}

const NO_DATA: PageData = { script: '', links: '' }
/** Larger answers (a long novel's text) are embedded, but not kept. */
const MAX_KEPT_CHARS = 256 * 1024

export function createInitialData(app: Pick<Hono, 'request'>, options: InitialDataOptions = {}) {
  const deadlineMs = options.deadlineMs ?? 80
  const ttlMs = options.ttlMs ?? 5_000
  const now = options.now ?? Date.now
  const maxEntries = options.maxEntries ?? 100
  const maxChars = options.maxChars ?? 4 * 1024 * 1024
  let keptChars = 0
  // Oldest first (a Map keeps insertion order): short-lived entries need no recency.
  const answers = new Map<string, Answer>()
  options.subscribe?.(() => answers.clear())

  const forget = (key: string) => {
    const known = answers.get(key)
    if (known) keptChars -= key.length + (known.body?.length ?? 0)
    answers.delete(key)
  }

  async function answer(url: URL, target: string, headers: Headers, env: unknown, scope: string) {
    const key = `${scope}|${target}`
    const known = answers.get(key)
    if (known && now() - known.at < ttlMs) return known.body
    const res: Response = await app.request(new URL(target, url.origin).href, { headers }, env)
    const ok = res.status === 200 && /^application\/json/.test(res.headers.get('content-type') ?? '')
    const body = ok ? await res.text() : (void res.body?.cancel(), null)
    forget(key)
    const size = key.length + (body?.length ?? 0)
    if (size <= MAX_KEPT_CHARS) {
      while (answers.size && (answers.size >= maxEntries || keptChars + size > maxChars))
        forget(answers.keys().next().value!)
      answers.set(key, { body, at: now() })
      keptChars += size
    }
    return body
  }

  /**
   * The data to write into the page at `pageUrl` (the request's own URL), from the page request's headers and env
   * (the API's answers name URLs of the origins the page request has: `scope` names those, for the kept answers).
   */
  return async function pageData(
    pageUrl: string,
    pageHeaders: Headers,
    env: unknown,
    scope: string,
  ): Promise<PageData> {
    const url = new URL(pageUrl)
    const targets = firstRequestTargets(url.pathname, url.searchParams)
    if (!targets.length) return NO_DATA
    // Anonymous, whatever the page request carried: no Authorization, no cookies; plain JSON (no compression).
    const headers = new Headers({ accept: 'application/json' })
    for (const name of FORWARDED) {
      const value = pageHeaders.get(name)
      if (value !== null) headers.set(name, value)
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deadlineMs)))
    try {
      const bodies = await Promise.race([
        Promise.all(targets.map((t) => answer(url, t, headers, env, scope).catch(() => null))),
        late,
      ])
      if (!bodies) return NO_DATA
      const entries = targets.flatMap((t, i) => (bodies[i] ? [`${JSON.stringify(t)}:${bodies[i]}`] : []))
      if (!entries.length) return NO_DATA
      const json = `{${entries.join(',')}}`.replace(/</g, '\\u003c')
      return {
        script: `<script type="application/json" id="${INITIAL_DATA_ID}">${json}</script>`,
        links: imagePreloads(targets, bodies),
      }
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * The detail's main image: the `large` size a single-page work paints first (single-page-image.tsx), whatever the
 * viewport. The grids' thumbnails are left to the page: which size a cell takes depends on the viewport's width and
 * pixel ratio, which the service does not know, and a preload of another size would only compete with the right one.
 */
function imagePreloads(targets: string[], bodies: (string | null)[]): string {
  const links: string[] = []
  targets.forEach((target, i) => {
    const body = bodies[i]
    if (!body || !target.startsWith('/v1/illust/detail?')) return
    try {
      const { illust } = JSON.parse(body) as WireIllustDetail
      if (illust.page_count !== 1 || illust.type === 'ugoira' || illust.visible === false) return
      const href = illust.image_urls.large
      if (href) links.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`)
    } catch {
      // Not the shape expected: no preload.
    }
  })
  return links.join('')
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
