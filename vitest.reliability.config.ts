import { defineConfig } from 'vitest/config'
import { RELIABILITY_ON_POSTGRES } from './vitest.config.ts'

// The node side of `npm run test:reliability` (scripts/reliability.mjs): the same files the fast pass of `npm test`
// runs, at full counts (EASEL_RELIABILITY=full), plus the soak; then fuzzing, the authorization matrix, kill -9
// durability and rate limits again, served from PostgreSQL (a throwaway cluster of the run, as in `npm test`). One
// file at a time: the soak and the kill -9 rounds measure the machine, so nothing else should be running on it.
const shared = {
  environment: 'node',
  fileParallelism: false,
  testTimeout: 120_000,
  hookTimeout: 180_000,
} as const

export default defineConfig({
  test: {
    // the projects one after the other, as the files within each
    fileParallelism: false,
    projects: [
      {
        test: {
          ...shared,
          name: 'reliability',
          include: ['src/server/reliability/**/*.test.ts', 'src/server/generator/hostile-corpus.test.ts'],
          globalSetup: ['./src/server/testing/global-setup.ts'],
          env: { EASEL_RELIABILITY: 'full' },
        },
      },
      {
        test: {
          ...shared,
          name: 'reliability-postgres',
          include: RELIABILITY_ON_POSTGRES,
          globalSetup: ['./src/server/testing/global-setup.ts', './src/server/testing/pg-global-setup.ts'],
          env: { EASEL_RELIABILITY: 'full', TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
})
