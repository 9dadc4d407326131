// What the service refused, in the reader's language. The service writes its own sentences in English: shown as they
// are in English; in another language, a refusal the gallery knows gets the gallery's sentence, any other the
// generic one for its status (ApiError's userMessage).

import { ApiError } from '../../lib/api-error.ts'
import { currentLang } from '../../lib/i18n/i18n.ts'

/** A refusal the gallery knows: the service's sentence matches `pattern`; `say` is the gallery's. */
export type KnownRefusal = readonly [pattern: RegExp, say: () => string]

export function refusalMessage(error: unknown, known: readonly KnownRefusal[], fallback: string): string {
  if (!(error instanceof ApiError)) return fallback
  if (currentLang() === 'en' && error.serverUserMessage) return error.serverUserMessage
  for (const [pattern, say] of known) if (pattern.test(error.serverUserMessage)) return say()
  return error.userMessage
}
