// @ts-check
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { defineConfig, globalIgnores } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import { readdirSync } from 'node:fs'

const spa = [
  'src/app/**/*.{ts,tsx}',
  'src/features/**/*.{ts,tsx}',
  'src/components/**/*.{ts,tsx}',
  'src/lib/**/*.{ts,tsx}',
]

// The architecture's parts (DESIGN §1), as folders. `src/tunables.ts` is the SPA's knobs, read by every SPA part.
const contract = ['./src/api']
const service = ['./src/server']
const shell = ['./src/app', './src/main.tsx']
const features = ['./src/features']
const shared = ['./src/components', './src/lib']
const gallery = [...shell, ...features, ...shared, './src/tunables.ts']

// Read from the tree, so a new feature folder is fenced off from the others without touching this file.
const featureNames = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

/**
 * The "never" arrows, and "a feature never imports another feature" (CONVENTIONS: `components`/`lib` → `features/*`
 * → `app`; `src/api` imports neither half). Zones are resolved paths, so they hold for every spelling of a relative
 * import, for `export … from` and for `import()` alike.
 */
const boundaries = [
  {
    target: contract,
    from: [...service, ...gallery],
    message: 'The contract (src/api) is shared by both halves and imports neither.',
  },
  {
    target: service,
    from: [...features, ...shell],
    message: 'The service (src/server) never imports the gallery’s features or shell.',
  },
  {
    target: gallery,
    from: service,
    message: 'The gallery never imports the service (src/server): share it through src/api.',
  },
  {
    target: features,
    from: shell,
    message: 'A feature never imports the shell (src/app): the shell composes features, not the other way.',
  },
  {
    target: shared,
    from: [...features, ...shell],
    message: 'Shared code (src/components, src/lib) never imports a feature or the shell: move what both need here.',
  },
  {
    target: gallery,
    from: './src/api/endpoints.ts',
    message:
      'The gallery imports the endpoint table by its halves (catalogue-endpoints.ts, account-endpoints.ts): the whole table would put the account’s entries in the first script.',
  },
  ...featureNames.map((name) => ({
    target: `./src/features/${name}`,
    from: features,
    except: [`./${name}`],
    message: `A feature never imports another feature (features/${name}): move what both need to src/lib or src/components, or compose them in src/app.`,
  })),
]

export default defineConfig([
  globalIgnores([
    'dist/',
    'node_modules/',
    'data/',
    '**/.data-*/',
    'bench/results/',
    'test-results/',
    'playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_`-prefixed names are deliberately unused (ignored parameters, rest-omits).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Node side: the service, scripts, configs, benchmarks, end-to-end tests.
    files: ['src/server/**', 'scripts/**', 'bench/**', 'e2e/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'c',
          property: 'var',
          message:
            "Read a request variable with c.get('name'): Hono's c.var copies every variable into a new object at each read.",
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'src/main.tsx'],
    ignores: ['src/server/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: [...spa, 'src/main.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // recommended-strict = recommended + prefer-query-options (CONVENTIONS: one query factory per feature).
    files: spa,
    extends: [pluginQuery.configs['flat/recommended-strict']],
  },
  {
    // Every module of the repository: the boundaries name only src's parts, the cycle rule holds everywhere.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // The rules follow (and parse) only files with these endings; the default is JavaScript's alone.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json` })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaries }],
      // A cycle makes module order matter; `import()` counts too (a lazy split that calls back into its caller is the
      // same knot). Type-only imports are erased and do not count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Tests read JSON answers whose shape is what they assert; typing every body would restate the wire types.
    files: ['**/*.test.{ts,tsx}', 'src/server/testing/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
])
