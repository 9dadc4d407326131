// The answers the service wrote into the page (src/server/http/initial-data.ts): the anonymous answers to the opened
// route's first requests, by their origin-free URL. The API client takes one instead of fetching it, once, for an
// anonymous request of exactly that URL; the query that asked keeps it as fetched data, fresh for its staleTime, so
// the view paints real works as soon as its code has run, without a round trip.
//
// Read once, when the client is made (the entry script, after the whole page has been parsed), and the block removed
// from the document. A session signed in ignores them all: they are what an anonymous caller sees.

/** The id of the data block (the service's INITIAL_DATA_ID). */
export const INITIAL_DATA_ID = 'easel-initial-data'
/** An answer not taken within this time after the page loaded is left to the network: it may have changed since. */
export const INITIAL_ANSWER_TTL_MS = 30_000

export interface InitialAnswers {
  /** The wire answer for `target` (`/path?query`), removed from the store; undefined when there is none. */
  take(target: string): unknown
}

export function initialAnswers(
  entries: Readonly<Record<string, unknown>>,
  now: () => number = Date.now,
  ttlMs = INITIAL_ANSWER_TTL_MS,
): InitialAnswers {
  const left = new Map(Object.entries(entries))
  const until = now() + ttlMs
  return {
    take(target) {
      if (!left.size) return undefined
      if (now() > until) {
        left.clear()
        return undefined
      }
      const answer = left.get(target)
      left.delete(target)
      return answer
    },
  }
}

/** The answers in a data block, by target; none without one, or when it does not parse. */
export function parseInitialData(block: Element | null): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(block?.textContent ?? 'null')
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The page's data block, read and removed; none when a session is signed in, or the page has none (offline). */
export function readInitialAnswers(signedIn: boolean, doc: Document | undefined = globalThis.document): InitialAnswers {
  const block = doc?.getElementById(INITIAL_DATA_ID)
  if (!block) return initialAnswers({})
  block.remove()
  return initialAnswers(signedIn ? {} : parseInitialData(block))
}
