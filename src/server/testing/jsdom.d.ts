// The part of jsdom the service's tests use to load a page as a browser would (the project has no @types/jsdom, and
// the service's TypeScript project has no DOM library).
declare module 'jsdom' {
  interface DomNode {
    readonly textContent: string | null
  }
  export class JSDOM {
    constructor(html: string, options?: { runScripts?: 'dangerously' | 'outside-only' })
    readonly window: {
      readonly document: {
        querySelectorAll(selectors: string): Iterable<DomNode> & { readonly length: number }
        getElementById(id: string): DomNode | null
      }
      readonly JSON: JSON
    }
  }
}
