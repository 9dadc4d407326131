import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
// Every part of the English catalogue, for tests that call `t` without the module that would register its part
// (the gallery's own modules import their parts: src/lib/i18n/catalogue.test.ts holds them to it).
import '../lib/i18n/messages/en/index.ts'

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup)
