// The entry of index.html's first view of a novel (vite.config.ts appLoader builds it on its own, as an IIFE): the
// service keeps it in a novel's page only.
import { run } from './first-view.ts'
import { novelView } from './novel-view.ts'

run('novel', [novelView])
