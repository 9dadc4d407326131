import type { Hono } from 'hono'
import { z } from 'zod'
import { ENDPOINTS, type EndpointName, type Endpoints } from '../../api/endpoints.ts'
import type { EndpointSpec, ParamSpec, ServerParams } from '../../api/endpoint-spec.ts'
import type { AppContext, AppEnv } from '../context.ts'
import { ApiError, badRequest, invalidRequest, tokenError } from './errors.ts'
import { arrayField, bool, cursorValue, id, isoDate, offset, parse } from './params.ts'

// The service's half of the endpoint table: each entry's zod schema and its route, derived from src/api/endpoints.ts.
// A handler sees only what its entry's schema let through.

/**
 * No text holds U+0000: it means nothing in a title, a comment or a search, and PostgreSQL's text refuses it (a
 * comment with one was a 500 there, and stored on SQLite). Refused on both engines alike.
 */
const noNul = (s: string) => !s.includes('\0')

function paramSchema(name: string, param: ParamSpec): z.ZodType {
  switch (param.kind) {
    case 'id':
      return param.required ? id(name) : id(name).optional()
    case 'count':
      return cursorValue(name).optional()
    case 'offset':
      return offset
    case 'enum': {
      const e = z.enum(param.values as [string, ...string[]], {
        error: `${name} must be one of ${param.values.join(', ')}`,
      })
      if (param.required) return e
      return param.default === undefined ? e.optional() : e.default(param.default)
    }
    case 'date':
      return isoDate(name).optional()
    case 'bool':
      return param.required ? bool : bool.optional()
    case 'text': {
      const t = z
        .string()
        .refine(noNul, `${name} must not contain a NUL character`)
        .transform((s) => s.trim())
        .refine((s) => s.length <= param.max, `${name} must be at most ${param.max} characters`)
      return param.required
        ? z.string({ error: `${name} is required` }).pipe(t.refine((s) => s.length > 0, `${name} is required`))
        : t.optional()
    }
    case 'file': {
      const file = z
        .instanceof(File, { error: `${name} must be a file (a multipart body's part)` })
        .refine((f) => f.size > 0, `${name} is empty`)
        .refine((f) => f.size <= param.maxBytes, `${name} must be at most ${param.maxBytes / 1024 / 1024} MB`)
      return param.required ? file : file.optional()
    }
    case 'list': {
      const item = param.ids
        ? z
            .string()
            .regex(/^[1-9]\d{0,14}$/, `${name}[] must hold positive whole numbers`)
            .transform(Number)
        : z
            .string()
            .max(param.maxLength, `each of ${name}[] must be at most ${param.maxLength} characters`)
            .refine(noNul, `${name}[] must not contain a NUL character`)
      return z.array(item).max(param.maxItems, `${name}[] must have at most ${param.maxItems} values`)
    }
  }
}

const schemas = new Map<EndpointSpec, z.ZodType>()

/** The zod schema of an entry's parameters (made once per entry). */
export function schemaOf(spec: EndpointSpec): z.ZodType {
  let schema = schemas.get(spec)
  if (!schema) {
    schema = z.object(Object.fromEntries(Object.entries(spec.params).map(([n, p]) => [n, paramSchema(n, p)])))
    schemas.set(spec, schema)
  }
  return schema
}

/** The request's raw fields: query, form body (POST; body fields win), path parameters; lists as arrays. */
async function rawInput(c: AppContext, spec: EndpointSpec): Promise<Record<string, unknown>> {
  let entries: [string, string][] = [...new URL(c.req.url).searchParams]
  for (const [k] of entries) {
    const param = spec.params[k]
    if (param?.kind === 'text' && param.secret) throw badRequest(`${k} must be sent in the form body, not in the URL`)
  }
  const files: [string, File][] = []
  if (spec.method === 'POST') {
    const type = c.req.header('content-type') ?? ''
    if (/^multipart\/form-data/i.test(type)) {
      // a multipart body: its text parts are fields as a form's are; its files are taken only as file parameters
      const form = await multipart(c)
      for (const [k, v] of form)
        if (typeof v === 'string') entries.push([k, v])
        else if (spec.params[k]?.kind === 'file') files.push([k, v])
        else throw badRequest(`${k} must not be a file`, `${k} must not be a file.`)
    } else {
      const text = type === '' || type.startsWith('application/x-www-form-urlencoded') ? await c.req.text() : ''
      entries = [...entries, ...new URLSearchParams(text)]
    }
  }
  const out: Record<string, unknown> = {}
  for (const [k, v] of entries) if (!k.includes('[')) out[k] = spec.method === 'POST' ? v : (out[k] ?? v)
  for (const [k, v] of files) out[k] = v
  for (const [name, param] of Object.entries(spec.params))
    if (param.kind === 'file' && typeof out[name] === 'string')
      throw badRequest(`${name} must be a file`, `${name} must be a file.`)
  for (const [name, param] of Object.entries(spec.params)) {
    if (param.kind === 'list')
      out[name] = param.split
        ? arrayField(entries, name)
        : entries
            .filter(([k]) => k === name || k.startsWith(`${name}[`))
            .map(([, v]) => v.trim())
            .filter(Boolean)
    else if (param.kind === 'id' && param.in === 'path') out[name] = c.req.param(name)
  }
  return out
}

/** A multipart body's parts; a body that is not one (a bad boundary, cut short) is the client's error. */
async function multipart(c: AppContext): Promise<FormData> {
  try {
    return await c.req.formData()
  } catch {
    throw badRequest('the body is not a readable multipart form', 'The upload was cut short or is malformed.')
  }
}

type Handler<N extends EndpointName> = (c: AppContext, q: ServerParams<Endpoints[N]>) => Response | Promise<Response>

const registered = new WeakMap<object, Set<EndpointName>>()

/** Registers the handler of one table entry: method and path from the table, its parameters validated first. */
export function on<N extends EndpointName>(app: Hono<AppEnv>, name: N, handler: Handler<N>) {
  const spec: EndpointSpec = ENDPOINTS[name]
  const set = registered.get(app) ?? new Set()
  registered.set(app, set.add(name))
  const route = async (c: AppContext) => {
    if (spec.auth === 'required' && !c.var.caller.id) throw invalidRequest()
    let q: ServerParams<Endpoints[N]>
    try {
      q = parse(schemaOf(spec), await rawInput(c, spec)) as ServerParams<Endpoints[N]>
    } catch (err) {
      // The token endpoints refuse bad input in OAuth's shape, as the real ones do; like all their answers, uncached.
      if (spec.body === 'token' && err instanceof ApiError)
        return c.json(tokenError('invalid_request', err.userMessage || err.message, 918), 400, {
          'Cache-Control': 'no-store',
        })
      throw err
    }
    return handler(c, q)
  }
  if (spec.method === 'GET') app.get(spec.path, route)
  else app.post(spec.path, route)
}

/** The table entries an app has handlers for (the endpoint-table test compares them with the table). */
export const registeredEndpoints = (app: object): ReadonlySet<EndpointName> => registered.get(app) ?? new Set()
