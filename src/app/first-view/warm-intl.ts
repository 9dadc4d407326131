// The first view's worker (first-view.ts, startIntlWorker), built on its own into one small script of the build's
// assets (vite.config.ts, warmIntlWorker). Told the page's language, it builds each of the gallery's `Intl` formats
// once and ends: the browser's locale data it loads is the page's process's, shared by its threads, so the app's own
// formats find it loaded and the page's main thread never waits for it.

import { warmIntlFormats } from '../../lib/i18n/intl-formats.ts'

addEventListener('message', (event: MessageEvent<unknown>) => {
  warmIntlFormats(String(event.data))
  close()
})
