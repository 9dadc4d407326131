import type { ReactNode } from 'react'
import type { UserDetail } from '../../../api/model.ts'
import { Avatar } from '../../../components/avatar.tsx'
import { HeaderSkeleton } from '../../../components/header-skeleton.tsx'
import { formatCount } from '../../../lib/format.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { isWebAddress } from '../../../api/web-address.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/users.ts'

/**
 * A user's profile: avatar, name, account, comment, web page and counts; `actions` (the follow button) beside the
 * name.
 */
export function ProfileHeader({ detail, actions }: { detail: UserDetail; actions?: ReactNode }) {
  const t = useT()
  const { user, profile } = detail
  const stats = [
    { label: t('common.illustrations'), value: profile.totalIllusts },
    { label: t('common.manga'), value: profile.totalManga },
    { label: t('common.following'), value: profile.totalFollowUsers },
    { label: t('users.publicBookmarks'), value: profile.totalIllustBookmarksPublic },
  ]
  return (
    <header className="mb-4 flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar src={user.profileImageUrls.medium} size={96} />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words" data-content>
              {user.name}
            </h1>
            <p className="text-sm text-muted" data-content>
              @{user.account}
            </p>
          </div>
          {actions}
        </div>
        {user.comment && (
          <p className="max-w-3xl whitespace-pre-line text-sm" data-content>
            {user.comment}
          </p>
        )}
        {/* The service takes only http(s) addresses; an imported or older profile is checked again here. */}
        {profile.webpage && isWebAddress(profile.webpage) && (
          <p className="text-sm" data-content>
            <a
              href={profile.webpage}
              rel="nofollow ugc noopener noreferrer"
              className="inline-flex min-h-11 max-w-full items-center break-all text-accent underline sm:min-h-0"
            >
              {profile.webpage}
            </a>
          </p>
        )}
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {stats.map((s) => (
            <div key={s.label} className="flex gap-1.5">
              <dt className="text-muted">{s.label}</dt>
              <dd className="font-semibold">{formatCount(s.value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  )
}

export function ProfileHeaderSkeleton() {
  const t = useT()
  return (
    <HeaderSkeleton
      label={t('users.loadingProfile')}
      picture="size-24 rounded-full"
      lines={['h-7 w-48', 'h-4 w-24', 'h-4 w-72 max-w-full']}
      className="mb-4"
    />
  )
}
