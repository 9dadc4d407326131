// Debian's Chromium, for the end-to-end tests and the Lighthouse bench: browser downloads do not work here. The
// flags suit a root user on a closed network (no sandbox without user namespaces, no background calls home that
// would only time out).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
