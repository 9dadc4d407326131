import { useLocation } from 'react-router'
import { paths } from './paths.ts'
import { routeHref } from '../api/gallery-routes.ts'

/**
 * The sign-in page's href that comes back to `here` after signing in: path, query and hash (`#p3`, the page of a work
 * the viewer was on), or nowhere in particular from the sign-in page itself (it never returns to itself).
 */
export function signInHref(here: { pathname: string; search: string; hash: string }): string {
  return paths.login(here.pathname === routeHref('login') ? undefined : here.pathname + here.search + here.hash)
}

/** The "sign in and come back here" href of the view being shown. */
export function useSignInHref(): string {
  return signInHref(useLocation())
}
