// The entry of index.html's last inline script (vite.config.ts appLoader builds it on its own, as an IIFE).
import { run } from './first-view.ts'

run()
