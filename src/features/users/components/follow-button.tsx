import { useMutation } from '@tanstack/react-query'
import { Button } from '../../../components/button.tsx'
import { api } from '../../../lib/api.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/users.ts'

/**
 * Follow / unfollow, optimistic: `onChange` updates every cached copy of the user at once, and again with the old
 * value when the request fails (with the reason beside the button).
 */
export function FollowButton({
  userId,
  userName,
  isFollowed,
  onChange,
}: {
  userId: number
  userName: string
  isFollowed: boolean
  onChange: (userId: number, isFollowed: boolean) => void
}) {
  const t = useT()
  const mutation = useMutation({
    mutationFn: (follow: boolean) => (follow ? api.follow(userId) : api.unfollow(userId)),
    onMutate: (follow) => onChange(userId, follow),
    onError: (_error, follow) => onChange(userId, !follow),
  })

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
