import type { RouteObject } from 'react-router'
import { HomePage } from './home-page.tsx'
import { Shell } from './shell.tsx'

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Shell,
    children: [
      { index: true, Component: HomePage },
      // Every other path renders the shell too, so deep links never dead-end while their views are being built.
      { path: '*', Component: HomePage },
    ],
  },
]
