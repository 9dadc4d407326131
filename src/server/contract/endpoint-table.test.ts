import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS, type EndpointName } from '../../api/endpoints.ts'
import { exampleRequest, fillPath, type EndpointSpec, type ParamSpec } from '../../api/endpoint-spec.ts'
import { ENDPOINT_EXAMPLES } from '../../api/endpoint-examples.ts'
import { createModerationClient } from '../../lib/moderation-client.ts'
import { createNovelPostingClient } from '../../lib/novel-posting-client.ts'
import { createPostingClient } from '../../lib/posting-client.ts'
import { createAccountClient } from '../../lib/account-client.ts'
import { createApiClient } from '../../lib/api-client.ts'
import { createApp } from '../app.ts'
import { registeredEndpoints } from '../http/endpoint.ts'
import { createLogger } from '../log.ts'
import { openTestApp, type TestApp } from '../testing/harness.ts'

// The endpoint table is the one source of every endpoint: each entry has a route, a schema that refuses bad input with
// the error body, and a client method; and nothing answers in the API's spaces that is not in the table.

const entries = Object.entries(ENDPOINTS) as [EndpointName, EndpointSpec][]

/** Values each kind of parameter must refuse. */
function badValues(name: string, param: ParamSpec): string[] {
  switch (param.kind) {
    case 'id':
      return ['abc', '0', '-1', '1.5', '99999999999999999999', "1' OR '1'='1"]
    case 'count':
      return ['-1', 'x', '1.5']
    case 'offset':
      return ['5001', '-30', 'x']
    case 'enum':
      return ['nope', param.values[0]!.toUpperCase() + 'X']
    case 'date':
      return ['2025-13-01', '2025-02-30', 'yesterday']
    case 'bool':
      return ['maybe', '2']
    case 'text':
      return ['a'.repeat(param.max + 1), ...(param.required ? ['   '] : [])]
    case 'list':
      return param.ids ? ['abc'] : [`${'t'.repeat(param.maxLength + 1)}`]
  }
  return [name]
}

let app: TestApp
let token: string
beforeAll(async () => {
  app = openTestApp()
  token = await app.login('demo')
})
afterAll(() => app.close())

async function send(spec: EndpointSpec, params: Record<string, string | string[]>) {
  const form = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (spec.params[k]?.kind === 'id' && (spec.params[k] as { in?: string }).in === 'path') continue
    for (const one of [v].flat()) form.append(k, one)
  }
  const path = fillPath(spec, params)
  const headers: Record<string, string> = spec.auth ? { authorization: `Bearer ${token}` } : {}
  if (spec.method === 'GET') return app.fetch(`${path}?${form}`, { headers })
  return app.fetch(path, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  })
}

/** The error body each kind of entry answers with. */
function expectRefusal(spec: EndpointSpec, status: number, body: any, where: string) {
  expect(status, where).toBe(400)
  if (spec.body === 'token') {
    expect(body.has_error, where).toBe(true)
    expect(body.error, where).toBe('invalid_request')
  } else if (spec.body === 'ajax') {
    expect(body.error, where).toBe(true)
    expect(typeof body.message, where).toBe('string')
  } else {
    expect(Object.keys(body.error ?? {}).sort(), where).toEqual([
      'message',
      'reason',
      'user_message',
      'user_message_details',
    ])
    expect(body.error.message, where).toMatch(/\w/)
  }
}

describe('the endpoint table', () => {
  it('every entry has a route, and every route in the API spaces is an entry', () => {
    const fresh = createApp(app.services, createLogger('silent'))
    expect([...registeredEndpoints(fresh)].sort()).toEqual(entries.map(([name]) => name).sort())
    const routes = fresh.routes
      .filter((r) => /^\/(v\d|auth|ajax|webview)\//.test(r.path) && !r.path.includes('*'))
      .map((r) => `${r.method} ${r.path}`)
    expect(routes.sort()).toEqual(entries.map(([, s]) => `${s.method} ${s.path}`).sort())
  })

  it('every entry has a client method of its name', () => {
    const api = createApiClient({ baseUrl: 'http://easel.test' })
    const client = {
      ...api,
      ...createAccountClient(api),
      ...createPostingClient(api),
      ...createNovelPostingClient(api),
      ...createModerationClient(api),
    } as Record<string, unknown>
    const missing = entries.map(([name]) => name).filter((name) => typeof client[name] !== 'function')
    expect(missing).toEqual([])
  })

  it.each(entries.filter(([, s]) => Object.keys(s.params).length > 0))(
    '%s refuses each bad parameter with its error body',
    async (name, spec) => {
      const valid = exampleRequest(spec, ENDPOINT_EXAMPLES[name])
      for (const [param, p] of Object.entries(spec.params)) {
        for (const bad of badValues(param, p)) {
          const key = p.kind === 'list' ? `${param}[]` : param
          const res = await send(spec, { ...valid, [key]: bad })
          const text = await res.text()
          const where = `${name} ${param}=${JSON.stringify(bad.slice(0, 40))}: ${res.status} ${text.slice(0, 200)}`
          expectRefusal(spec, res.status, JSON.parse(text), where)
        }
        if ('required' in p && p.required) {
          const { [param]: _drop, ...without } = valid
          void _drop
          const res = await send(spec, without)
          // A path parameter left out leaves a path that is no route at all.
          if (p.kind === 'id' && p.in === 'path') expect(res.status, `${name} without ${param}`).toBe(404)
          else expectRefusal(spec, res.status, await res.json(), `${name} without ${param}`)
        }
      }
    },
  )

  it('paths in the API spaces that no entry serves answer JSON 404, never the web page', async () => {
    for (const path of ['/v3/anything', '/ajax/anything', '/webview/anything', '/v9/x', '/v1/nope', '/auth/nope']) {
      const res = await app.fetch(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('content-type'), path).toMatch(/json/)
    }
  })
})
