// The endpoint table (src/api/endpoints.ts) as the bad-input contract test and the reliability fuzzer walk it: a valid
// request's parameters and what kind of value each parameter takes. Derived, never written by hand.

import { ENDPOINTS as TABLE, type EndpointName } from '../../api/endpoints.ts'
import { exampleRequest, exampleValue, type EndpointSpec } from '../../api/endpoint-spec.ts'
import { ENDPOINT_EXAMPLES } from '../../api/endpoint-examples.ts'

export interface Endpoint {
  name: EndpointName
  method: 'GET' | 'POST'
  path: string
  /** a valid request's parameters */
  params: Record<string, string>
  /** required parameters that hold ids */
  ids: string[]
  auth?: boolean
  /** enum parameters, with a valid value of each */
  enums?: Record<string, string>
  /** every valid value of each enum parameter */
  enumValues?: Record<string, readonly string[]>
  dates?: string[]
  /** other parameters it takes, with a valid value of each (the fuzzer's vocabulary) */
  more?: Record<string, string>
  /** file parameters: parts of a multipart body */
  files?: string[]
}

function describe(name: EndpointName, spec: EndpointSpec): Endpoint {
  const params = exampleRequest(spec, ENDPOINT_EXAMPLES[name])
  const e: Endpoint = { name, method: spec.method, path: spec.path, params, ids: [], enums: {}, enumValues: {} }
  e.more = {}
  e.dates = []
  if (spec.auth === 'required') e.auth = true
  for (const [key, param] of Object.entries(spec.params)) {
    if (param.kind === 'id' && param.required) e.ids.push(key)
    else if (param.kind === 'enum') {
      e.enums![key] = params[key] ?? exampleValue(key, param)
      e.enumValues![key] = param.values
    } else if (param.kind === 'date') e.dates.push(key)
    else if (param.kind === 'file') (e.files ??= []).push(key)
    else if (param.kind === 'list') e.more[`${key}[]`] = params[`${key}[]`] ?? exampleValue(key, param)
    else if (!(key in params) && param.kind !== 'offset') e.more[key] = exampleValue(key, param)
  }
  return e
}

const all = (Object.entries(TABLE) as [EndpointName, EndpointSpec][]).map(([name, spec]) => describe(name, spec))

/**
 * The endpoints that answer the App API's error body. The web API reads (`/ajax/…`, their own envelope, ids in the
 * path) and the token endpoints (OAuth's error shape) have tests of their own.
 */
export const ENDPOINTS: Endpoint[] = all.filter((e) => {
  const body = (TABLE[e.name] as EndpointSpec).body
  return body === undefined || body === 'html'
})

/** The token endpoints (sign-in and revoke), which answer OAuth's error shape. */
export const TOKEN_ENDPOINTS: Endpoint[] = all.filter((e) => (TABLE[e.name] as EndpointSpec).body === 'token')

/** Paths whose answers page by `offset`. */
export const PAGED = new Set(
  (Object.values(TABLE) as EndpointSpec[]).filter((s) => s.params.offset?.kind === 'offset').map((s) => s.path),
)
