/**
 * Marks the first view's element (first-view.ts): the app holds it on screen through its first commit by it
 * (held-first-view.tsx), and tests find it by it. A module of its own, so the app's chunk takes the name alone.
 */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view'
