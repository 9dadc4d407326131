// What the app shell shows of the service worker and the connection: the offline bar and the update prompt. A chunk
// of its own, loaded once the first view is on screen (app/shell.tsx): until one of them has something to say it
// renders nothing, and no page's first paint needs their code.
export { OfflineIndicator } from './offline-indicator.tsx'
export { UpdatePrompt } from './update-prompt.tsx'
