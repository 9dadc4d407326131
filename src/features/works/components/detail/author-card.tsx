import type { ComponentType } from 'react'
import { Link } from 'react-router'
import type { User } from '../../../../api/model.ts'
import { Avatar } from '../../../../components/avatar.tsx'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { paths } from '../../../../lib/paths.ts'
import '../../../../lib/i18n/messages/en/artwork.ts'
import { useSession } from '../../../../lib/use-session.ts'
import { useSignInHref } from '../../../../lib/sign-in-href.ts'

const followClass =
  'inline-flex min-h-11 items-center rounded-full border px-4 py-1 text-sm font-medium transition-colors sm:min-h-9'

/** The follow toggle of the author, given by the route page (following is the users feature's). */
export type AuthorFollow = ComponentType<{ user: User }>

/** The author: avatar, name (to their page) and a Follow toggle (a sign-in link when signed out). */
export function AuthorCard({ user, Follow }: { user: User; Follow?: AuthorFollow }) {
  const t = useT()
  const signedIn = useSession()
  const isSelf = signedIn?.user.id === user.id
  const signInHref = useSignInHref()

  return (
    <section aria-label={t('artwork.author.label')} className="flex flex-wrap items-center gap-3">
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
          Follow && <Follow user={user} />
        ) : (
          <Link to={signInHref} className={`${followClass} border-line hover:bg-line/50`}>
            {t('artwork.author.signInToFollow')}
          </Link>
        ))}
    </section>
  )
}
