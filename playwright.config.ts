import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.config.ts'

// E2E_PORT lets two runs (say, a CI check beside a developer's) share a machine.
const port = Number(process.env.E2E_PORT ?? 8181)
const baseURL = `http://127.0.0.1:${port}`

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }

export default defineConfig({
  testDir: 'e2e',
  // The reliability suite's browser part needs its own servers (playwright.reliability.config.ts).
  testIgnore: 'reliability/**',
  workers: 2,
  retries: 0,
  // Assertions wait up to 10 s for their condition (Playwright's default is 5 s). The suite runs two browsers and the
  // service on 2 cores, and a page beside the 1,000-work scroll (whose thumbnails keep the renders busy) once showed
  // its skeleton for 3 s after its data had arrived: the novel search's first card came at 5.4 s. What is asserted is
  // the same; speed is the benchmarks' to measure, not a timeout's.
  expect: { timeout: 10_000 },
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    launchOptions,
    trace: 'retain-on-failure',
    // The service worker answers from its caches, and Playwright's request events and page.route do not see what it
    // fetches: specs that observe API requests need the network. e2e/pwa.spec.ts allows it for its own tests.
    serviceWorkers: 'block',
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
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e',
      RATE_LIMIT: '0',
      // every spec signs up its own members (more than the 20 an address may make in an hour)
      SIGNUP_LIMIT: '0',
      // A separate build directory lets two e2e runs share a checkout without rebuilding each other's dist/.
      ...(process.env.E2E_DIST_DIR ? { EASEL_DIST_DIR: process.env.E2E_DIST_DIR } : {}),
    },
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM first so the service can checkpoint SQLite and close cleanly; SIGKILL after 5 s.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
})
