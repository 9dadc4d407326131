import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { NavItem } from './nav-item.tsx'
import { useT } from '../lib/i18n/i18n.ts'
import { signInHref } from '../lib/sign-in-href.ts'
import { useSession } from '../lib/use-session.ts'
import { paths } from '../lib/paths.ts'
import '../lib/i18n/messages/en/app.ts'
import '../lib/i18n/messages/en/common.ts'
import { routeHref } from '../api/gallery-routes.ts'

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  )
}

const itemClass = (isActive: boolean) =>
  `flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium ${
    isActive ? 'text-accent' : 'text-muted hover:text-ink'
  }`

/**
 * The phone's main navigation, in reach of the thumb: fixed to the bottom of narrow viewports, above the home
 * indicator (safe-area inset). The shell reserves its height (`--bottom-nav`) below the content, so nothing hides
 * under it. From tablet width up the header's links do this job and the bar is not rendered visible.
 */
export function BottomNav() {
  const t = useT()
  const current = useSession()
  const location = useLocation()
  const onSearch = location.pathname.startsWith(routeHref('search'))
  return (
    <nav
      aria-label={t('app.nav.label')}
      data-bottom-nav
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-canvas/95 pr-[env(safe-area-inset-right)] pb-[env(safe-area-inset-bottom)] pl-[env(safe-area-inset-left)] backdrop-blur supports-[backdrop-filter]:bg-canvas/85 sm:hidden"
    >
      <ul className="flex">
        <li className="flex flex-1">
          <NavItem to={paths.home()} end className={itemClass}>
            <Icon>
              <path d="M3 10.5 12 3l9 7.5" />
              <path d="M5 9.5V21h5v-6h4v6h5V9.5" />
            </Icon>
            {t('app.nav.home')}
          </NavItem>
        </li>
        <li className="flex flex-1">
          <NavItem to={paths.ranking()} className={itemClass}>
            <Icon>
              <path d="M8 21V11H3v10zM15 21V4h-6v17zM21 21v-7h-6v7z" />
            </Icon>
            {t('app.nav.ranking')}
          </NavItem>
        </li>
        <li className="flex flex-1">
          <NavItem to={paths.newest()} className={itemClass}>
            <Icon>
              <circle cx="12" cy="12" r="8.5" />
              <path d="M12 7.5V12l3 2" />
            </Icon>
            {t('app.nav.newest')}
          </NavItem>
        </li>
        <li className="flex flex-1">
          <NavItem to={paths.search({ word: '' })} active={onSearch} className={itemClass}>
            <Icon>
              <circle cx="10.5" cy="10.5" r="6.5" />
              <path d="m15.5 15.5 5 5" />
            </Icon>
            {t('app.nav.search')}
          </NavItem>
        </li>
        <li className="flex flex-1">
          {current ? (
            <NavItem to={paths.userBookmarks(current.user.id)} className={itemClass}>
              <Icon>
                <path d="M12 20.5s-7.5-4.6-9.2-9.1C1.6 8.2 3.7 4.5 7.3 4.5c2 0 3.6 1.1 4.7 2.7 1.1-1.6 2.7-2.7 4.7-2.7 3.6 0 5.7 3.7 4.5 6.9-1.7 4.5-9.2 9.1-9.2 9.1z" />
              </Icon>
              {t('common.bookmarks')}
            </NavItem>
          ) : (
            <NavItem to={signInHref(location)} className={itemClass}>
              <Icon>
                <circle cx="12" cy="8" r="4" />
                <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
              </Icon>
              {t('common.signIn')}
            </NavItem>
          )}
        </li>
      </ul>
    </nav>
  )
}
