import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'

/**
 * Whether the link to `to` names the open page: its path is the page's or, unless `end`, one of its ancestors (as React
 * Router's NavLink decides: whole segments, letter case aside).
 */
export function isActivePath(to: string, pathname: string, end = false): boolean {
  const target = (to.split(/[?#]/)[0] || '/').toLowerCase()
  const path = pathname.toLowerCase()
  if (path === target || path === `${target}/`) return true
  if (end) return false
  return target === '/' ? false : path.startsWith(target.endsWith('/') ? target : `${target}/`)
}

/**
 * A link of the site's navigation, marked `aria-current="page"` and styled as such while its page is open. React
 * Router's NavLink does this and more the gallery never uses (pending and view-transition states): about a kilobyte
 * of every first load.
 */
export function NavItem({
  to,
  end,
  active,
  className,
  children,
}: {
  to: string
  /** Active on `to` itself only, not below it. */
  end?: boolean
  /** Overrides the path's own test (a link whose page is a family of paths). */
  active?: boolean
  className: (active: boolean) => string
  children: ReactNode
}) {
  const { pathname } = useLocation()
  const isActive = active ?? isActivePath(to, pathname, end)
  return (
    <Link to={to} className={className(isActive)} aria-current={isActive ? 'page' : undefined}>
      {children}
    </Link>
  )
}
