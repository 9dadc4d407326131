import { Button } from '../../../components/button.tsx'
import { useFollow } from '../api/use-follow.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/users.ts'

/**
 * Follow / unfollow, optimistic (useFollow): every cached copy of the user changes at once, and back when the request
 * fails (with the reason beside the button). The one follow button: profiles, user lists and a work's author.
 */
export function FollowButton({
  userId,
  userName,
  isFollowed,
}: {
  userId: number
  userName: string
  isFollowed: boolean
}) {
  const t = useT()
  const mutation = useFollow(userId)

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant={isFollowed ? 'secondary' : 'primary'}
        aria-pressed={isFollowed}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(!isFollowed)}
      >
        {isFollowed ? t('common.following') : t('common.follow')}
        <span className="sr-only"> {userName}</span>
      </Button>
      {mutation.isError && (
        <span role="alert" className="text-sm text-danger">
          {mutation.error instanceof ApiError ? mutation.error.userMessage : t('users.followFailed')}
        </span>
      )}
    </span>
  )
}
