import { useState } from 'react'
import type { Illust, Restrict } from '../../../../api/model.ts'
import {
  bookmarkFailure,
  BookmarkToggle,
  SignInToBookmark,
  type BookmarkToggleMessage,
} from '../../../../components/bookmark-toggle.tsx'
import { useBookmark, useBookmarkDetail } from './use-bookmark.ts'
import { useSession } from '../../../../lib/use-session.ts'
import { useSignInHref } from '../../../../lib/sign-in-href.ts'

/**
 * The work's bookmark toggles (the shared BookmarkToggle): both are optimistic; a refusal puts the state back and
 * says why. Signed out, a link to sign in.
 */
export function BookmarkButton({ work }: { work: Illust }) {
  const signedIn = useSession()
  const mutation = useBookmark(work)
  const detail = useBookmarkDetail(work, !!signedIn)
  const [message, setMessage] = useState<BookmarkToggleMessage | null>(null)
  const signInHref = useSignInHref()

  if (!signedIn) return <SignInToBookmark signInHref={signInHref} />

  const isBookmarked = work.isBookmarked
  const restrict: Restrict = detail.data?.isBookmarked ? detail.data.restrict : 'public'

  return (
    <BookmarkToggle
      isBookmarked={isBookmarked}
      isPrivate={isBookmarked && restrict === 'private'}
      message={message}
      signInHref={signInHref}
      onChange={(bookmarked, to) => {
        setMessage(null)
        mutation.mutate(
          { bookmarked, restrict: to },
          { onError: (error) => setMessage(bookmarkFailure(error, bookmarked)) },
        )
      }}
    />
  )
}
