import { useState } from 'react'
import { Link } from 'react-router'
import type { Illust, Restrict } from '../../../../api/model.ts'
import { SignInRequiredError, InvalidTokenError } from '../../../../lib/api-error.ts'
import { paths } from '../../../../lib/paths.ts'
import { useBookmark, useBookmarkDetail } from './use-bookmark.ts'
import { currentLocation, useSignedIn } from './use-signed-in.ts'

const toggleClass =
  'inline-flex min-h-10 items-center gap-2 border border-line px-4 py-1.5 text-sm font-medium transition-colors hover:bg-line/50 aria-pressed:border-[#c4163c] aria-pressed:bg-[#c4163c] aria-pressed:text-white aria-pressed:hover:bg-[#a8112f]'

/**
 * Bookmark toggles: "Bookmark" adds a public bookmark or removes the bookmark; "Private" makes the bookmark private
 * (adding one if needed) or public again. Both are optimistic; a refusal puts the state back and says why.
 */
export function BookmarkButton({ work }: { work: Illust }) {
  const signedIn = useSignedIn()
  const mutation = useBookmark(work)
  const detail = useBookmarkDetail(work, !!signedIn)
  const [message, setMessage] = useState<{ text: string; signIn: boolean } | null>(null)

  if (!signedIn) {
    return (
      <Link
        to={paths.login(currentLocation())}
        className="inline-flex min-h-10 items-center gap-2 rounded-full border border-line px-4 py-1.5 text-sm font-medium hover:bg-line/50"
      >
        <Heart filled={false} />
        Sign in to bookmark
      </Link>
    )
  }

  const isBookmarked = work.isBookmarked
  const restrict: Restrict = detail.data?.isBookmarked ? detail.data.restrict : 'public'
  const isPrivate = isBookmarked && restrict === 'private'

  const change = (bookmarked: boolean, to: Restrict) => {
    setMessage(null)
    mutation.mutate(
      { bookmarked, restrict: to },
      {
        onError: (error) => {
          const signIn = error instanceof SignInRequiredError || error instanceof InvalidTokenError
          const why = signIn
            ? 'Sign in to bookmark.'
            : error && typeof error === 'object' && 'userMessage' in error
              ? String(error.userMessage)
              : 'Something went wrong. Please try again.'
          setMessage({ text: `${bookmarked ? 'Could not bookmark' : 'Could not remove the bookmark'}: ${why}`, signIn })
        },
      },
    )
  }

  return (
    <div className="flex flex-col gap-1">
      <div role="group" aria-label="Bookmark" className="flex">
        <button
          type="button"
          aria-pressed={isBookmarked}
          onClick={() => change(!isBookmarked, 'public')}
          className={`${toggleClass} rounded-l-full`}
          data-bookmark="toggle"
        >
          <Heart filled={isBookmarked} />
          Bookmark
        </button>
        <button
          type="button"
          aria-pressed={isPrivate}
          onClick={() => change(true, isPrivate ? 'public' : 'private')}
          className={`${toggleClass} -ml-px rounded-r-full`}
          title={isPrivate ? 'Make the bookmark public' : 'Bookmark privately (only you can see it)'}
          data-bookmark="private"
        >
          <Lock />
          Private
        </button>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted">
        {message && (
          <span data-bookmark-error>
            {message.text}
            {message.signIn && (
              <>
                {' '}
                <Link to={paths.login(currentLocation())} className="text-accent underline underline-offset-2">
                  Sign in
                </Link>
              </>
            )}
          </span>
        )}
      </p>
    </div>
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
