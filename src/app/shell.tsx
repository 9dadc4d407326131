import { Outlet } from 'react-router'

export function Shell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:rounded focus:bg-canvas focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-5 py-12 sm:py-20">
        <Outlet />
      </main>
      <footer className="border-t border-line px-5 py-4 text-center text-sm text-muted">
        Easel — a self-hostable gallery for illustrations, manga, ugoira and novels.
      </footer>
    </div>
  )
}
