// The one endpoint table (DESIGN.md §2.3): every endpoint's method, path, parameters (with their enums and defaults),
// cursor and answer type. The service's validation and route registration (src/server/http/endpoint.ts), the gallery's
// clients (src/lib/api-client.ts, src/lib/account-client.ts), the fuzzer's requests (src/server/testing/endpoints.ts)
// and the gallery's enum choices are derived from it; src/server/contract/endpoint-table.test.ts fails when an entry
// lacks any of them. Adding an endpoint: one entry in its part (catalogue-endpoints.ts, account-endpoints.ts, posting-endpoints.ts or
// moderation-endpoints.ts), its
// handler, its client method. The gallery imports the halves, never this module: its first script must not carry the
// account's entries.

import { ACCOUNT_ENDPOINTS } from './account-endpoints.ts'
import { CATALOGUE_ENDPOINTS } from './catalogue-endpoints.ts'
import { MODERATION_ENDPOINTS } from './moderation-endpoints.ts'
import { POSTING_ENDPOINTS } from './posting-endpoints.ts'

export * from './account-endpoints.ts'
export * from './catalogue-endpoints.ts'
export * from './moderation-endpoints.ts'
export * from './posting-endpoints.ts'

export const ENDPOINTS = { ...CATALOGUE_ENDPOINTS, ...ACCOUNT_ENDPOINTS, ...POSTING_ENDPOINTS, ...MODERATION_ENDPOINTS }
export type Endpoints = typeof ENDPOINTS
export type EndpointName = keyof Endpoints
