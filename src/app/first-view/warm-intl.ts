// The first view's worker (first-view.ts, startIntlWorker), built on its own into one small script that the build
// puts into each first view (vite.config.ts, intlWorkerScript). Told the page's language, it builds a format of each
// kind the gallery uses and ends: the browser's locale data it loads is the page's process's, shared by its threads,
// so the app's own formats find it loaded and the page's main thread never waits for it.

import { warmIntlFormats } from '../../lib/i18n/intl-formats.ts'

addEventListener('message', (event: MessageEvent<unknown>) => {
  warmIntlFormats(String(event.data))
  close()
})
