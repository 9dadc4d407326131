// The `test` every spec uses: Playwright's, with each page watched for Content-Security-Policy violations. The
// gallery is served with a strict policy (src/server/http/security-headers.ts); anything it refuses (a script, a
// style, an image from an origin it does not name) fails the test that caused it, so the whole suite proves the
// policy and the app agree.
//
// One kind of report is no violation by the app: the sanitizer (DOMPurify) parses a hostile caption in an inert
// document (DOMParser's), and Chromium reports the `on…` and `style` attributes it meets there against the page's
// policy although nothing in that document can run. Those reports come from the sanitizer's own script and are left
// out; the e2e specs of hostile captions check separately that no handler or style reaches the live page.

import { expect, test as base, type Page } from '@playwright/test'

/** The Content-Security-Policy violations `page` reports from now on (the sanitizer's left out, as above). */
export function cspViolations(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (message) => {
    if (!/Content Security Policy/i.test(message.text())) return
    if (/\/assets\/sanitize-[\w-]+\.js$/.test(message.location().url)) return
    violations.push(`${message.text()} (${message.location().url})`)
  })
  return violations
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const violations = cspViolations(page)
    await use(page)
    expect(violations, 'Content-Security-Policy violations on this page').toEqual([])
  },
})

export { expect }
