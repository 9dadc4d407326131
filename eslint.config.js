// @ts-check
import js from '@eslint/js'
import pluginQuery from '@tanstack/eslint-plugin-query'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { defineConfig, globalIgnores } from 'eslint/config'

const spa = [
  'src/app/**/*.{ts,tsx}',
  'src/features/**/*.{ts,tsx}',
  'src/components/**/*.{ts,tsx}',
  'src/lib/**/*.{ts,tsx}',
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
    // Tests read JSON answers whose shape is what they assert; typing every body would restate the wire types.
    files: ['**/*.test.{ts,tsx}', 'src/server/testing/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
])
