import { Link, useLocation } from 'react-router'
import { Avatar } from '../components/avatar.tsx'
import { lazyModule } from '../lib/lazy-module.ts'
import { signInHref } from '../lib/sign-in-href.ts'
import type { SessionUser } from '../lib/session.ts'
import { useSession } from '../lib/use-session.ts'
import { useT } from '../lib/i18n/i18n.ts'
import { paths } from '../lib/paths.ts'
import '../lib/i18n/messages/en/common.ts'

const signedInMenu = lazyModule(() => import('./signed-in-menu.tsx'))

/** The signed-in reader's menu (signed-in-menu.tsx); until its code is in, the avatar in its button's place. */
function SignedIn({ user }: { user: SessionUser }) {
  const SignedInMenu = signedInMenu.use()?.SignedInMenu
  if (SignedInMenu) return <SignedInMenu user={user} />
  return (
    <span className="flex size-11 items-center justify-center rounded-full">
      <Avatar src={user.profileImageUrl} size={36} />
    </span>
  )
}

/** Signed out: links to sign in and to the settings. Signed in: the avatar, which opens the reader's menu. */
export function AccountMenu() {
  const t = useT()
  const current = useSession()
  const location = useLocation()
  if (!current) {
    return (
      <div className="flex items-center gap-1">
        <Link
          to={paths.settings()}
          className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-line/50 hover:text-ink sm:size-10"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {/* A cog as three circles (the teeth a dashed stroke): a fraction of a drawn outline's bytes, on every page. */}
            <circle cx="12" cy="12" r="3" />
            <circle cx="12" cy="12" r="7.5" />
            <circle cx="12" cy="12" r="9" strokeWidth="3" strokeDasharray="2.6 4.47" />
          </svg>
          <span className="sr-only">{t('common.settings')}</span>
        </Link>
        <Link
          to={signInHref(location)}
          className="hidden rounded-full bg-accent px-4 py-2 text-sm font-medium whitespace-nowrap text-on-accent hover:bg-accent/90 sm:inline-block"
        >
          {t('common.signIn')}
        </Link>
      </div>
    )
  }

  return <SignedIn user={current.user} />
}
