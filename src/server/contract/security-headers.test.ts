import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { openTestApp } from '../testing/harness.ts'

// The gallery's pages and files carry the headers that keep them safe in a browser (http/security-headers.ts), with
// a policy that allows exactly the inline scripts of the index.html being served; build files are not served.
// (e2e/fixtures.ts fails any browser test that meets a policy violation, so the whole e2e suite checks the policy
// against the real app.)

const staticDir = mkdtempSync(path.join(os.tmpdir(), 'easel-static-'))
const THEME = "document.documentElement.classList.add('light')"
const PRELOAD = '(function(){var x=1})()'
writeFileSync(
  path.join(staticDir, 'index.html'),
  `<!doctype html><html><head><script>${PRELOAD}</script><script type="module" src="/assets/index-x.js"></script>` +
    `<script>${THEME}</script></head><body></body></html>`,
)
mkdirSync(path.join(staticDir, 'assets'))
writeFileSync(path.join(staticDir, 'assets', 'index-x.js'), 'console.log(1)')
writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
writeFileSync(path.join(staticDir, '.easel-build.json'), '{"secret":"build"}')
mkdirSync(path.join(staticDir, '.vite'))
writeFileSync(path.join(staticDir, '.vite', 'manifest.json'), '{"secret":"manifest"}')

const t = openTestApp({ staticDir, imageOrigin: 'https://img.example.org' })
afterAll(() => {
  t.close()
  rmSync(staticDir, { recursive: true, force: true })
})

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`

describe('security headers of the gallery', () => {
  it.each(['/', '/artworks/1', '/index.html', '/sw.js', '/assets/index-x.js'])('%s', async (p) => {
    const res = await t.fetch(p)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const csp = res.headers.get('content-security-policy') ?? ''
    const directives = new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'none'"])
    // exactly the page's two inline scripts, by hash; nothing that lets any other inline script run
    expect(directives.get('script-src')).toEqual(["'self'", sha(PRELOAD), sha(THEME)])
    expect(directives.get('style-src')).toEqual(["'self'"])
    // workers: the service worker and the first view's (a blob made by a script the policy lets run)
    expect(directives.get('worker-src')).toEqual(["'self'", 'blob:'])
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/)
    // images come from the configured image origin too
    expect(directives.get('img-src')).toContain('https://img.example.org')
  })

  it.each(['/.easel-build.json', '/.vite/manifest.json', '/.vite/', '/assets/../.vite/manifest.json', '/.env'])(
    'does not serve the build file %s',
    async (p) => {
      const res = await t.fetch(p)
      expect(res.status).toBe(404)
      expect(await res.text()).not.toMatch(/secret/)
    },
  )
})
