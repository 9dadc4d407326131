import type { ReactNode } from 'react'
import { Link } from 'react-router'

export interface LinkTab {
  href: string
  label: ReactNode
  current: boolean
  /** Stable key; defaults to href. */
  id?: string
}

/**
 * Tabs that are links (every view has a URL): a nav of real <a>, the current one marked with aria-current, so
 * middle-click and "copy link" work and screen readers announce "current page".
 */
export function LinkTabs({ tabs, label, className = '' }: { tabs: LinkTab[]; label: string; className?: string }) {
  return (
    <nav aria-label={label} className={`-mx-1 overflow-x-auto ${className}`}>
      <ul className="flex w-max min-w-full gap-1 border-b border-line px-1">
        {tabs.map((tab) => (
          <li key={tab.id ?? tab.href}>
            <Link
              to={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              className={`-mb-px inline-flex min-h-11 min-w-11 items-center justify-center border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap sm:min-h-10 ${
                tab.current ? 'border-accent text-ink' : 'border-transparent text-muted hover:text-ink'
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
