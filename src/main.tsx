import { createRoot } from 'react-dom/client'
import './index.css'

// The entry holds React alone, and the app's code (src/app/start.tsx) is a chunk of its own, downloaded beside it
// (index.html preloads it: vite.config.ts): the browser compiles and runs each in its own task. As one chunk they
// were one task of ~150 ms on a phone, the longest of the first load (Lighthouse counts every millisecond of a task
// beyond 50 as blocking).

const container = document.getElementById('root')
if (!container) throw new Error('index.html is missing its #root element')
const root = createRoot(container)
import('./app/start.tsx').then(
  ({ start }) => start(root, container),
  (error: unknown) => console.error('Easel: the app could not be loaded', error),
)
