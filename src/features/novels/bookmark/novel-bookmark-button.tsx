import { useState } from 'react'
import type { Novel } from '../../../api/model.ts'
import {
  bookmarkFailure,
  BookmarkToggle,
  SignInToBookmark,
  type BookmarkToggleMessage,
} from '../../../components/bookmark-toggle.tsx'
import { useNovelBookmark, useNovelBookmarkDetail } from './use-novel-bookmark.ts'

/** The novel's bookmark toggles (optimistic; a refusal puts the state back and says why), or a sign-in link. */
export function NovelBookmarkButton({
  novel,
  signedIn,
  signInHref,
}: {
  novel: Novel
  signedIn: boolean
  signInHref: string
}) {
  const mutation = useNovelBookmark(novel)
  const detail = useNovelBookmarkDetail(novel, signedIn)
  const [message, setMessage] = useState<BookmarkToggleMessage | null>(null)

  if (!signedIn) return <SignInToBookmark signInHref={signInHref} />

  const isBookmarked = novel.isBookmarked
  const isPrivate = isBookmarked && detail.data?.isBookmarked === true && detail.data.restrict === 'private'

  return (
    <BookmarkToggle
      isBookmarked={isBookmarked}
      isPrivate={isPrivate}
      message={message}
      signInHref={signInHref}
      onChange={(bookmarked, restrict) => {
        setMessage(null)
        mutation.mutate(
          { bookmarked, restrict },
          { onError: (error) => setMessage(bookmarkFailure(error, bookmarked)) },
        )
      }}
    />
  )
}
