import { useQuery } from '@tanstack/react-query'
import { Link, Outlet, useLocation, useParams } from 'react-router'
import { buttonClass } from '../../components/button.tsx'
import { ErrorState, NotFoundState } from '../../components/states.tsx'
import { LinkTabs } from '../../components/tabs.tsx'
import { useSession } from '../../lib/use-session.ts'
import { userQueries } from '../../features/users/api/user-queries.ts'
import { FollowButton } from '../../features/users/components/follow-button.tsx'
import { ProfileHeader, ProfileHeaderSkeleton } from '../../features/users/components/profile-header.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { lazyModule } from '../../lib/lazy-module.ts'
import { usersKey } from '../../lib/user-detail-query.ts'
import { NotFoundError } from '../../lib/api-error.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import { parseId } from '../../api/parse-id.ts'
import { paths } from '../../lib/paths.ts'
import { signInHref } from '../../lib/sign-in-href.ts'
import '../../lib/i18n/messages/en/common.ts'
import '../../lib/i18n/messages/en/users.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'

// The admins' Suspend and Lift suspension: moderation's chunk, asked for on another reader's profile when signed in.
const moderation = lazyModule(() => import('../../features/moderation/components/item-moderation.tsx'))

// What suspending an account (or lifting it) changes: its profile, and every list its works or novels were or are in
// (the novels' key spelled out: their query factory stays out of this chunk, which every user page loads).
const SUSPENSION_KEYS = [usersKey(), workQueries.all(), ['novels']]

function Suspension({ userId, name }: { userId: number; name: string }) {
  const UserModeration = moderation.use()?.UserModeration
  return UserModeration ? <UserModeration userId={userId} name={name} affectedKeys={SUSPENSION_KEYS} /> : null
}

/** The user id of `/users/:id/…`, or undefined when it is not a number. */
export function useUserId(): number | undefined {
  return parseId(useParams().id)
}

/** `/users/:id` and its tabs: the profile header above the tab's list. */
export function Component() {
  const userId = useUserId()
  if (userId === undefined) return <NotFoundState what="user" />
  return <UserLayout userId={userId} />
}

function UserLayout({ userId }: { userId: number }) {
  const t = useT()
  const current = useSession()
  const { pathname, search, hash } = useLocation()
  const { data, error, isPending, refetch } = useQuery(userQueries.detail(userId))
  useDocumentTitle(data?.user.name ?? (error ? t('users.user') : null))

  if (error instanceof NotFoundError) return <NotFoundState what="user" />
  if (isPending) return <ProfileHeaderSkeleton />
  if (error || !data) return <ErrorState error={error} onRetry={() => void refetch()} />

  const isSelf = current?.user.id === userId
  const actions = isSelf ? null : current ? (
    <>
      <FollowButton userId={userId} userName={data.user.name} isFollowed={data.user.isFollowed ?? false} />
      <Suspension userId={userId} name={data.user.name} />
    </>
  ) : (
    <Link className={buttonClass('primary')} to={signInHref({ pathname, search, hash })}>
      {t('common.follow')}
    </Link>
  )

  const base = paths.user(userId)
  const tabs = [
    {
      href: paths.userArtworks(userId),
      label: t('common.artworks'),
      current: pathname === base || pathname.startsWith(`${base}/artworks`),
    },
    { href: paths.userNovels(userId), label: t('common.novels'), current: pathname.startsWith(`${base}/novels`) },
    {
      href: paths.userBookmarks(userId),
      label: t('common.bookmarks'),
      current: pathname.startsWith(`${base}/bookmarks`),
    },
    {
      href: paths.userFollowing(userId),
      label: t('common.following'),
      current: pathname.startsWith(`${base}/following`),
    },
    {
      href: paths.userFollowers(userId),
      label: t('common.followers'),
      current: pathname.startsWith(`${base}/followers`),
    },
    { href: paths.userMypixiv(userId), label: t('users.mutuals'), current: pathname.startsWith(`${base}/mypixiv`) },
  ]

  return (
    <>
      <ProfileHeader detail={data} actions={actions} />
      <LinkTabs label={t('users.pages', { name: data.user.name })} className="mb-4" tabs={tabs} />
      <Outlet context={{ userId, userName: data.user.name, isSelf }} />
    </>
  )
}

export interface UserOutletContext {
  userId: number
  userName: string
  isSelf: boolean
}
