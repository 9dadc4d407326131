import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))

/** The gallery's folders, whose unit tests run in jsdom. */
const GALLERY_DIRS = ['app', 'features', 'components', 'lib']
const DOM_TESTS = [`src/{${GALLERY_DIRS.join(',')}}/**/*.test.{ts,tsx}`]

/**
 * The gallery's test files that replace modules (`vi.mock`, `vi.doMock`), found by reading them: a replaced module is
 * only undone by a fresh module registry, so these run isolated, each in a new jsdom. The others share one jsdom and
 * one registry per worker: setting up jsdom for each file took 93 of the dom project's 112 s.
 */
const DOM_TESTS_THAT_MOCK = GALLERY_DIRS.flatMap((dir) =>
  readdirSync(path.join(root, 'src', dir), { recursive: true, encoding: 'utf8' })
    .map((file) => path.join('src', dir, file).split(path.sep).join('/'))
    .filter(
      (file) => /\.test\.tsx?$/.test(file) && /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(root, file), 'utf8')),
    ),
)

/**
 * Contract tests that run on SQLite only, each for a reason of its own (the rest run on both engines):
 */
const POSTGRES_EXCLUDED = [
  // a service process on an empty DATA_DIR (npm start's generation) whose acknowledged bookmarks are read back from
  // its SQLite file after kill -9 (PostgreSQL's start-up and seeding: data/postgres/start-up.test.ts)
  'src/server/contract/process.test.ts',
  // reads the bookmarks acknowledged during a shutdown back from the SQLite file
  'src/server/contract/health-shutdown.test.ts',
  // the HTTP layer only (Node's timeouts, the connection guard, Host handling), in a process of their own whatever
  // the engine: a second run would repeat the first
  'src/server/contract/slow-connections.test.ts',
  'src/server/contract/host-header.test.ts',
]

/** The reliability suite's node side that runs on both engines (the others measure one process, not an engine). */
export const RELIABILITY_ON_POSTGRES = [
  'src/server/reliability/fuzz.test.ts',
  'src/server/reliability/authorization-matrix.test.ts',
  'src/server/reliability/crash-durability.test.ts',
  'src/server/reliability/upload-durability.test.ts',
  'src/server/reliability/rate-limit.test.ts',
]

export default defineConfig({
  plugins: [react()],
  test: {
    // Two test files at a time, not Vitest's default of one per core less one (a single worker on a 2-core machine):
    // most node tests wait on a service process or PostgreSQL, and the unit run took 1,215 s in one worker against
    // 858 s in two on the same machine.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/api/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          globalSetup: ['./src/server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The contract suite and the node side of the reliability suite again, served from PostgreSQL
        // (testing/test-engine.ts): one throwaway cluster for the run.
        extends: true,
        test: {
          name: 'postgres',
          environment: 'node',
          include: ['src/server/contract/*.test.ts', ...RELIABILITY_ON_POSTGRES],
          exclude: POSTGRES_EXCLUDED,
          env: { TEST_ENGINE: 'postgres' },
          globalSetup: ['./src/server/testing/global-setup.ts', './src/server/testing/pg-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: DOM_TESTS,
          exclude: DOM_TESTS_THAT_MOCK,
          isolate: false,
          setupFiles: ['./src/app/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom (mocks)',
          environment: 'jsdom',
          include: DOM_TESTS_THAT_MOCK,
          setupFiles: ['./src/app/test-setup.ts'],
        },
      },
    ],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
  },
})
