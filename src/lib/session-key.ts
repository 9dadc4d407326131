// Where the session is kept in localStorage: session.ts keeps it there, and index.html's first view
// (src/app/first-view/first-view.ts) looks for it without loading the session's code.

export const DEFAULT_STORAGE_KEY = 'easel.session'
