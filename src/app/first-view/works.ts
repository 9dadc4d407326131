// The entry of index.html's first view of works (vite.config.ts appLoader builds it on its own, as an IIFE): every
// page but a novel's.
import { run } from './first-view.ts'
import { artworkView, gridView } from './works-view.ts'

run('works', [artworkView, gridView])
