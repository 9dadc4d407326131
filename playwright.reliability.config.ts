import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.config.ts'
import { HOSTILE, LIMITED } from './e2e/reliability/servers.ts'

// The browser part of `npm run test:reliability` (scripts/reliability.mjs), against two services of its own:
// one on the XSS-corpus catalogue (CATALOGUE_HOSTILE=all), one with a low rate limit. Both serve one SPA build.
// RELIABILITY_PORT (and the port after it, e2e/reliability/servers.ts) and RELIABILITY_DIR let two runs share a
// machine.

const root = path.resolve(process.env.RELIABILITY_DIR ?? '.data-reliability')

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }
const server = {
  command: 'node scripts/start.mjs',
  timeout: 240_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
}

export default defineConfig({
  testDir: 'e2e/reliability',
  workers: 2,
  retries: 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  timeout: 120_000,
  use: { launchOptions, trace: 'retain-on-failure', serviceWorkers: 'block' },
  projects: [
    {
      name: 'xss-desktop',
      testMatch: 'xss.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions,
        baseURL: HOSTILE.url,
      },
    },
    {
      name: 'xss-phone',
      testMatch: 'xss.spec.ts',
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions, baseURL: HOSTILE.url },
    },
    {
      name: 'rate-limit',
      testMatch: 'rate-limit.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions,
        baseURL: LIMITED.url,
      },
    },
  ],
  webServer: [
    {
      ...server,
      // Builds the SPA into its own directory first, then generates the XSS-corpus catalogue on first start.
      url: `${HOSTILE.url}/v1/illust/ranking`,
      env: {
        PORT: String(HOSTILE.port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(root, 'hostile'),
        EASEL_DIST_DIR: path.join(root, 'dist'),
        CATALOGUE_HOSTILE: 'all',
        RATE_LIMIT: '0',
        LOG_LEVEL: 'error',
      },
    },
    {
      ...server,
      // The same build (STATIC_DIR: not rebuilt), the default catalogue, and a low limit.
      url: `${LIMITED.url}/robots.txt`,
      env: {
        PORT: String(LIMITED.port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(root, 'limited'),
        STATIC_DIR: path.join(root, 'dist'),
        RATE_LIMIT: String(LIMITED.perSecond),
        RATE_BURST: String(LIMITED.burst),
        LOG_LEVEL: 'error',
      },
    },
  ],
})
