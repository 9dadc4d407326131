import { Link } from 'react-router'
import { InvalidTokenError, SignInRequiredError } from '../lib/api-error.ts'
import { t as translate, useT } from '../lib/i18n/i18n.ts'
import '../lib/i18n/messages/en/common.ts'
import '../lib/i18n/messages/en/components.ts'

// The bookmark controls of a detail view, for any kind of work: the state and what to do on a click come from the
// feature (its optimistic mutation), the look and the accessible structure live here.

const toggleClass =
  'inline-flex min-h-11 items-center gap-2 sm:min-h-10 border border-line px-4 py-1.5 text-sm font-medium transition-colors hover:bg-line/50 aria-pressed:border-[#c4163c] aria-pressed:bg-[#c4163c] aria-pressed:text-white aria-pressed:hover:bg-[#a8112f]'

export interface BookmarkToggleMessage {
  text: string
  /** Offer a sign-in link after the text. */
  signIn: boolean
}

/** What to say when the service refused a bookmark change: why, and a sign-in link when signing in would help. */
export function bookmarkFailure(error: unknown, bookmarked: boolean): BookmarkToggleMessage {
  const signIn = error instanceof SignInRequiredError || error instanceof InvalidTokenError
  const why = signIn
    ? translate('components.bookmark.signInToSentence')
    : error && typeof error === 'object' && 'userMessage' in error && error.userMessage
      ? String(error.userMessage)
      : translate('components.bookmark.somethingWrong')
  const text = bookmarked
    ? translate('components.bookmark.couldNotAdd', { why })
    : translate('components.bookmark.couldNotRemove', { why })
  return { text, signIn }
}

/**
 * "Bookmark" adds a public bookmark or removes the bookmark; "Private" makes the bookmark private (adding one if
 * needed) or public again. `message` (a refusal, say) is announced politely under the buttons.
 */
export function BookmarkToggle({
  isBookmarked,
  isPrivate,
  onChange,
  message,
  signInHref,
}: {
  isBookmarked: boolean
  isPrivate: boolean
  onChange: (bookmarked: boolean, restrict: 'public' | 'private') => void
  message: BookmarkToggleMessage | null
  signInHref: string
}) {
  const t = useT()
  return (
    <div className="flex flex-col gap-1">
      <div role="group" aria-label={t('components.bookmark.group')} className="flex">
        <button
          type="button"
          aria-pressed={isBookmarked}
          onClick={() => onChange(!isBookmarked, 'public')}
          className={`${toggleClass} rounded-l-full`}
          data-bookmark="toggle"
        >
          <Heart filled={isBookmarked} />
          {t('components.bookmark.bookmark')}
        </button>
        <button
          type="button"
          aria-pressed={isPrivate}
          onClick={() => onChange(true, isPrivate ? 'public' : 'private')}
          className={`${toggleClass} -ml-px rounded-r-full`}
          title={isPrivate ? t('components.bookmark.makePublic') : t('components.bookmark.makePrivate')}
          data-bookmark="private"
        >
          <Lock />
          {t('components.bookmark.private')}
        </button>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted">
        {message && (
          <span data-bookmark-error>
            {message.text}
            {message.signIn && (
              <>
                {' '}
                <Link to={signInHref} className="text-accent underline underline-offset-2">
                  {t('common.signIn')}
                </Link>
              </>
            )}
          </span>
        )}
      </p>
    </div>
  )
}

/** What a signed-out viewer sees in place of the toggles. */
export function SignInToBookmark({ signInHref }: { signInHref: string }) {
  const t = useT()
  return (
    <Link
      to={signInHref}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-4 py-1.5 text-sm font-medium hover:bg-line/50 sm:min-h-10"
    >
      <Heart filled={false} />
      {t('components.bookmark.signInTo')}
    </Link>
  )
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.6 1.1 5.4 3.2 1.8-2.1 3.3-3.2 5.4-3.2 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z" />
    </svg>
  )
}

function Lock() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  )
}
