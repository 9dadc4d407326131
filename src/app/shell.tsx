import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router'
import { useSession } from '../features/auth/use-session.ts'
import { paths } from '../lib/paths.ts'
import { useSettings } from '../lib/settings.ts'
import { AccountMenu } from './account-menu.tsx'
import { SearchBox } from './search-box.tsx'
import { useApplyTheme } from './theme.ts'

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-2.5 py-2 text-sm font-medium whitespace-nowrap sm:px-3 ${isActive ? 'bg-line/60 text-ink' : 'text-muted hover:text-ink'}`

function MainNav() {
  const current = useSession()
  return (
    <nav aria-label="Main">
      <ul className="flex items-center gap-0.5">
        <li>
          <NavLink to={paths.home()} end className={navClass}>
            Home
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.ranking()} className={navClass}>
            Ranking
          </NavLink>
        </li>
        {current && (
          <li>
            <NavLink to={paths.userBookmarks(current.user.id)} className={navClass}>
              Bookmarks
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  )
}

/** A thin bar while a route's code or data is on its way, so a click never seems ignored. */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle'
  return (
    <div aria-hidden="true" className={`absolute inset-x-0 bottom-0 h-0.5 overflow-hidden ${busy ? '' : 'hidden'}`}>
      <div className="h-full w-1/3 animate-pulse bg-accent motion-reduce:animate-none" />
    </div>
  )
}

export function Header() {
  return (
    // Sticky from tablet width up; on phones it scrolls away with the page, leaving the screen to the art.
    <header className="relative z-30 border-b border-line bg-canvas/95 backdrop-blur supports-[backdrop-filter]:bg-canvas/85 sm:sticky sm:top-0">
      <div className="mx-auto flex max-w-[2560px] flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2 sm:gap-x-4 sm:px-5">
        <Link to={paths.home()} className="rounded-md px-1 text-xl font-semibold tracking-tight">
          Easel
        </Link>
        <MainNav />
        {/* Phones: search and account share the second row. From md up the wrapper dissolves into the one row. */}
        <div className="flex w-full items-center gap-2 md:contents">
          <SearchBox className="flex-1 md:max-w-lg" />
          <div className="md:ml-auto">
            <AccountMenu />
          </div>
        </div>
      </div>
      <NavigationProgress />
    </header>
  )
}

export function Shell() {
  const { theme } = useSettings()
  useApplyTheme(theme)
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:text-ink focus:shadow"
      >
        Skip to content
      </a>
      <Header />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-[2560px] flex-1 px-2 py-4 outline-none sm:px-5 sm:py-6"
      >
        <Outlet />
      </main>
      <footer className="border-t border-line px-5 py-4 text-center text-sm text-muted">
        Easel — a self-hostable gallery for illustrations, manga, ugoira and novels.
      </footer>
      {/* Keyed by history entry (the default): Back returns to where that entry was scrolled. */}
      <ScrollRestoration getKey={(location) => location.key} />
    </div>
  )
}

/** What the shell shows while the first route's code loads. */
export function ShellFallback() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
    </div>
  )
}
