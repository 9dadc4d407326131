import { defineConfig } from 'vitest/config'

// The node side of `npm run test:reliability` (scripts/reliability.mjs): the same files the fast pass of `npm test`
// runs, at full counts (EASEL_RELIABILITY=full), plus the soak. One file at a time: the soak and the kill -9 rounds
// measure the machine, so nothing else should be running on it.
export default defineConfig({
  test: {
    name: 'reliability',
    environment: 'node',
    include: ['src/server/reliability/**/*.test.ts', 'src/server/generator/hostile-corpus.test.ts'],
    globalSetup: ['./src/server/testing/global-setup.ts'],
    env: { EASEL_RELIABILITY: 'full' },
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
