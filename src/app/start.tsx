import { StrictMode, startTransition } from 'react'
import type { Root } from 'react-dom/client'
import { App } from './app.tsx'
import { resolveLang, setLang } from '../lib/i18n/i18n.ts'
import { getSettings } from '../lib/settings.ts'
import { startServiceWorker } from '../features/pwa/start-service-worker.ts'
import { noteContentWidth } from '../lib/use-grid-container.ts'
import { holdFirstView } from './held-first-view.tsx'

/** Renders the app into `root` (src/main.tsx made it, on index.html's `container`). */
export function start(root: Root, container: HTMLElement): void {
  // index.html's empty content column is on screen already: the first view's list lays out its rows at that width in
  // its first render, instead of measuring in the middle of React's commit and rendering all over again.
  const column = container.querySelector<HTMLElement>('[data-content-column]')
  if (column) noteContentWidth(column)
  // The first view stays on screen through the first commit, which renders the shell around it; the page follows.
  holdFirstView(container)

  // The first render is a transition, which React renders in slices, handing the main thread back to the browser
  // every few milliseconds, instead of in one task: on a phone that task was the longest of the first load. Until it
  // commits, index.html's static header stands in.
  const render = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    )

  // A reader of Japanese gets the Japanese catalogue before the first render (its chunk loads while the opened page's
  // first request, started by app.tsx, is in flight); English is in the bundle.
  const lang = resolveLang(getSettings().language)
  if (lang === 'en') render()
  else void setLang(lang).then(render, render)

  // After the first render, once the page is idle: the worker's code and precaching never delay the first view.
  startServiceWorker()
}
