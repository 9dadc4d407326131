import { defineConfig, devices } from '@playwright/test'

// E2E_PORT lets two runs (say, a CI check beside a developer's) share a machine.
const port = Number(process.env.E2E_PORT ?? 8181)
const baseURL = `http://127.0.0.1:${port}`

// Debian's Chromium: Playwright's own browser download does not work here. The flags suit a root user on a
// closed network (no sandbox without user namespaces, no background calls home that would only time out).
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export default defineConfig({
  testDir: 'e2e',
  workers: 2,
  retries: 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    launchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      // The descriptor's default browser is chromium already; launchOptions point it at the same executable.
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/v1/illust/ranking`,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '.data-e2e', RATE_LIMIT: '0' },
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM first so the service can checkpoint SQLite and close cleanly; SIGKILL after 5 s.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
})
