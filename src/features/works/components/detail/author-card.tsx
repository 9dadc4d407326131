import { useState } from 'react'
import { Link } from 'react-router'
import type { User } from '../../../../api/model.ts'
import { Avatar } from '../../../../components/avatar.tsx'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { paths } from '../../../../lib/paths.ts'
import { useFollow } from './use-follow.ts'
import '../../../../lib/i18n/messages/en/works.ts'
import { useSession } from '../../../../lib/use-session.ts'
import { useSignInHref } from '../../../../lib/sign-in-href.ts'

const followClass =
  'inline-flex min-h-11 items-center rounded-full border px-4 py-1 text-sm font-medium transition-colors sm:min-h-9'

/** The author: avatar, name (to their page) and a Follow toggle (a sign-in link when signed out). */
export function AuthorCard({ user, workId }: { user: User; workId: number }) {
  const t = useT()
  const signedIn = useSession()
  const isSelf = signedIn?.user.id === user.id
  const signInHref = useSignInHref()

  return (
    <section aria-label={t('works.author.label')} className="flex flex-wrap items-center gap-3">
      <Link to={paths.user(user.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Avatar src={user.profileImageUrls.medium} size={48} />
      </Link>
      <div className="min-w-[8rem] flex-1">
        <Link to={paths.user(user.id)} className="block truncate py-2.5 font-semibold hover:underline sm:py-0">
          {user.name}
        </Link>
        {user.account && <p className="truncate text-sm text-muted">@{user.account}</p>}
      </div>
      {!isSelf &&
        (signedIn ? (
          <FollowButton user={user} workId={workId} />
        ) : (
          <Link to={signInHref} className={`${followClass} border-line hover:bg-line/50`}>
            {t('works.author.signInToFollow')}
          </Link>
        ))}
    </section>
  )
}

function FollowButton({ user, workId }: { user: User; workId: number }) {
  const t = useT()
  const follow = useFollow(user.id, workId)
  const [error, setError] = useState<string | null>(null)
  const followed = !!user.isFollowed

  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        aria-pressed={followed}
        onClick={() => {
          setError(null)
          follow.mutate(!followed, {
            onError: (e) =>
              setError(
                e && typeof e === 'object' && 'userMessage' in e ? String(e.userMessage) : t('works.author.tryAgain'),
              ),
          })
        }}
        className={`${followClass} ${
          followed
            ? 'border-line bg-line/50 text-ink hover:bg-line'
            : 'border-transparent bg-ink text-canvas hover:bg-ink/85'
        }`}
      >
        {followed ? t('works.author.following') : t('works.author.follow')}
      </button>
      {error && (
        <p role="alert" className="text-xs text-muted">
          {error}
        </p>
      )}
    </div>
  )
}
