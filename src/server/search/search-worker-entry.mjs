// The search worker's entry. The service's code is TypeScript run through tsx; a worker thread does not inherit a
// loader given to the test runner (vitest), and `--import tsx` in a worker's execArgv does not reach its entry on
// Node 20. Registering tsx here, then importing the TypeScript, works under `npm start`, tsx and vitest alike.
import { register } from 'tsx/esm/api'

register()
await import('./search-worker.ts')
