import { Suspense } from 'react'
import { Link, Outlet } from 'react-router'
import { NavItem } from './nav-item.tsx'
import { useSession } from '../lib/use-session.ts'
import { useT } from '../lib/i18n/i18n.ts'
import { lazyModule } from '../lib/lazy-module.ts'
import { paths } from '../lib/paths.ts'
import { observeContentWidth } from '../lib/use-grid-container.ts'
import { useSettings } from '../lib/settings.ts'
import { whenIdle } from '../lib/when-idle.ts'
import { AccountMenu } from './account-menu.tsx'
import { HeldFirstView, usePageHeld } from './held-first-view.tsx'
import { BottomNav } from './bottom-nav.tsx'
import { SearchBox } from '../features/search/components/search-box.tsx'
import { useRouteBusy } from './router/route-busy.ts'
import { ScrollRestorer } from './router/scroll-restorer.tsx'
import { useApplyTheme } from './theme.ts'
import '../lib/i18n/messages/en/app.ts'
import '../lib/i18n/messages/en/common.ts'

const navClass = (isActive: boolean) =>
  `rounded-full px-2.5 py-2 text-sm font-medium whitespace-nowrap sm:px-3 ${isActive ? 'bg-line/60 text-ink' : 'text-muted hover:text-ink'}`

function MainNav() {
  const t = useT()
  const current = useSession()
  return (
    // Phones have the bottom navigation instead.
    <nav aria-label={t('app.nav.label')} className="hidden sm:block">
      <ul className="flex items-center gap-0.5">
        <li>
          <NavItem to={paths.home()} end className={navClass}>
            {t('app.nav.home')}
          </NavItem>
        </li>
        <li>
          <NavItem to={paths.ranking()} className={navClass}>
            {t('app.nav.ranking')}
          </NavItem>
        </li>
        <li>
          <NavItem to={paths.newest()} className={navClass}>
            {t('app.nav.newest')}
          </NavItem>
        </li>
        {current && (
          <>
            <li>
              <NavItem to={paths.userBookmarks(current.user.id)} className={navClass}>
                {t('common.bookmarks')}
              </NavItem>
            </li>
            <li>
              <NavItem to={paths.upload()} className={navClass}>
                {t('app.nav.post')}
              </NavItem>
            </li>
            <li>
              <NavItem to={paths.novelUpload()} className={navClass}>
                {t('app.nav.writeNovel')}
              </NavItem>
            </li>
          </>
        )}
      </ul>
    </nav>
  )
}

/** A thin bar while a route's code or data is on its way, so a click never seems ignored. */
function NavigationProgress() {
  const busy = useRouteBusy()
  return (
    <div aria-hidden="true" className={`absolute inset-x-0 bottom-0 h-0.5 overflow-hidden ${busy ? '' : 'hidden'}`}>
      <div className="h-full w-1/3 animate-pulse bg-accent motion-reduce:animate-none" />
    </div>
  )
}

export function Header() {
  return (
    // Sticky from tablet width up; on phones it scrolls away with the page, leaving the screen to the art.
    <header className="relative z-30 border-b border-line bg-canvas/95 pt-[env(safe-area-inset-top)] backdrop-blur supports-[backdrop-filter]:bg-canvas/85 sm:sticky sm:top-0">
      <div className="mx-auto flex max-w-[2560px] flex-wrap items-center gap-x-2 gap-y-2 px-3 py-2 sm:gap-x-4 sm:px-5">
        <Link
          to={paths.home()}
          className="inline-flex min-h-11 items-center rounded-md px-1 text-xl font-semibold tracking-tight sm:min-h-10"
        >
          Easel
        </Link>
        <MainNav />
        {/* Phones: the name, search and account in one row (the bottom bar has the links). Tablets: search and
            account share the second row. From md up the wrapper dissolves into the one row. */}
        <div className="flex min-w-0 flex-1 items-center gap-2 sm:w-full sm:flex-none md:contents">
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

/**
 * The offline bar and the update prompt (features/pwa/pwa-chrome.tsx), out of the first script every page loads, and
 * asked for once the page is idle: neither has anything to say in its first second, and the import's own work (its
 * preload links) landed in the first commit's effects.
 */
const PWA_CHROME_IDLE_MS = 2_000
const pwaChrome = lazyModule(() => whenIdle(PWA_CHROME_IDLE_MS).then(() => import('../features/pwa/pwa-chrome.tsx')))

function PwaChrome({ part }: { part: 'OfflineIndicator' | 'UpdatePrompt' }) {
  const Part = pwaChrome.use()?.[part]
  return Part ? <Part /> : null
}

export function Shell() {
  const t = useT()
  const { theme } = useSettings()
  useApplyTheme(theme)
  const pageHeld = usePageHeld()
  return (
    // Phones reserve the bottom navigation's height (`--bottom-nav`, also for anything else pinned to the bottom)
    // below the content, and keep clear of the notch on the sides in landscape.
    <div className="flex min-h-dvh flex-col pr-[env(safe-area-inset-right)] pb-(--bottom-nav) pl-[env(safe-area-inset-left)] [--bottom-nav:calc(3.5rem_+_1px_+_env(safe-area-inset-bottom))] sm:[--bottom-nav:0px]">
      <a
        href="#main"
        className="sr-only z-50 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2 focus:text-ink focus:shadow"
      >
        {t('app.skipToContent')}
      </a>
      <Header />
      <PwaChrome part="OfflineIndicator" />
      <main
        id="main"
        ref={observeContentWidth}
        tabIndex={-1}
        className={`${CONTENT_COLUMN} flex-1 py-4 outline-none sm:py-6`}
      >
        {/* Revealed once, then kept: an in-app navigation shows the current view until the next one's code is in.
            While the first view loads, its placeholder keeps the footer below the fold (nothing visible shifts).
            In the app's first commit, index.html's first view stands in for the page (held-first-view.tsx). */}
        {pageHeld ? (
          <HeldFirstView className="min-h-dvh" />
        ) : (
          <Suspense fallback={<div aria-busy="true" className="min-h-dvh" />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <footer className="border-t border-line px-5 py-4 text-center text-sm text-muted">{t('app.footer')}</footer>
      <PwaChrome part="UpdatePrompt" />
      <BottomNav />
      {/* Keyed by history entry: Back returns to where that entry was scrolled. */}
      <ScrollRestorer />
    </div>
  )
}

/** The page's content column: the width every list fills. */
const CONTENT_COLUMN = 'mx-auto w-full max-w-[2560px] px-2 sm:px-5'

/**
 * What the shell shows while the first route's code loads. Its content column (empty, or holding index.html's first
 * view) is laid out already, so the first view's list knows its width before it mounts.
 */
export function ShellFallback() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <div ref={observeContentWidth} className={CONTENT_COLUMN} data-content-column>
        <HeldFirstView className="py-4 sm:py-6" />
      </div>
    </div>
  )
}
