import type { Hono } from 'hono'
import { z } from 'zod'
import { ENDPOINTS, type EndpointName, type Endpoints } from '../../api/endpoints.ts'
import type { EndpointSpec, ParamSpec, ServerParams } from '../../api/endpoint-spec.ts'
import type { AppContext, AppEnv } from '../context.ts'
import { ApiError, badRequest, invalidRequest, tokenError } from './errors.ts'
import { arrayField, bool, cursorValue, id, isoDate, offset, parse, pathAndQuery } from './params.ts'

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

/** What `rawInput` looks for in an entry's parameters, worked out once per entry. */
interface InputPlan {
  secret: ReadonlySet<string>
  files: readonly string[]
  lists: readonly [string, Extract<ParamSpec, { kind: 'list' }>][]
  pathIds: readonly string[]
}

const plans = new Map<EndpointSpec, InputPlan>()

function planOf(spec: EndpointSpec): InputPlan {
  let plan = plans.get(spec)
  if (!plan) {
    const params = Object.entries(spec.params)
    plan = {
      secret: new Set(params.flatMap(([n, p]) => (p.kind === 'text' && p.secret ? [n] : []))),
      files: params.flatMap(([n, p]) => (p.kind === 'file' ? [n] : [])),
      lists: params.flatMap(([n, p]) => (p.kind === 'list' ? [[n, p] as const] : [])),
      pathIds: params.flatMap(([n, p]) => (p.kind === 'id' && p.in === 'path' ? [n] : [])),
    }
    plans.set(spec, plan)
  }
  return plan
}

/**
 * The request's raw fields: query, form body (POST; body fields win), path parameters; lists as arrays. A GET's are
 * all in its URL, read at once (no promise).
 */
function rawInput(c: AppContext, spec: EndpointSpec): Record<string, unknown> | Promise<Record<string, unknown>> {
  const plan = planOf(spec)
  const { query } = pathAndQuery(c.req.url)
  const entries: [string, string][] = query ? [...new URLSearchParams(query)] : []
  if (plan.secret.size)
    for (const [k] of entries)
      if (plan.secret.has(k)) throw badRequest(`${k} must be sent in the form body, not in the URL`)
  if (spec.method !== 'POST') return fields(c, plan, entries, [], false)
  return bodyEntries(c, spec).then(({ body, files }) => fields(c, plan, [...entries, ...body], files, true))
}

/** A POST's body as fields, and its files (multipart) where the entry takes files. */
async function bodyEntries(c: AppContext, spec: EndpointSpec) {
  const body: [string, string][] = []
  const files: [string, File][] = []
  const type = c.req.header('content-type') ?? ''
  if (/^multipart\/form-data/i.test(type)) {
    // a multipart body: its text parts are fields as a form's are; its files are taken only as file parameters
    const form = await multipart(c)
    for (const [k, v] of form)
      if (typeof v === 'string') body.push([k, v])
      else if (spec.params[k]?.kind === 'file') files.push([k, v])
      else throw badRequest(`${k} must not be a file`, `${k} must not be a file.`)
  } else {
    const text = type === '' || type.startsWith('application/x-www-form-urlencoded') ? await c.req.text() : ''
    body.push(...new URLSearchParams(text))
  }
  return { body, files }
}

/** The fields by name: a repeated one is its first value in a query, its last in a form (body fields win). */
function fields(
  c: AppContext,
  plan: InputPlan,
  entries: [string, string][],
  files: [string, File][],
  lastWins: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of entries) if (!k.includes('[')) out[k] = lastWins ? v : (out[k] ?? v)
  for (const [k, v] of files) out[k] = v
  for (const name of plan.files)
    if (typeof out[name] === 'string') throw badRequest(`${name} must be a file`, `${name} must be a file.`)
  for (const [name, param] of plan.lists)
    out[name] = param.split
      ? arrayField(entries, name)
      : entries
          .filter(([k]) => k === name || k.startsWith(`${name}[`))
          .map(([, v]) => v.trim())
          .filter(Boolean)
  for (const name of plan.pathIds) out[name] = c.req.param(name)
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
  const refuse = (c: AppContext, err: unknown) => {
    // The token endpoints refuse bad input in OAuth's shape, as the real ones do; like all their answers, uncached.
    if (spec.body === 'token' && err instanceof ApiError)
      return c.json(tokenError('invalid_request', err.userMessage || err.message, 918), 400, {
        'Cache-Control': 'no-store',
      })
    throw err
  }
  const answer = (c: AppContext, input: Record<string, unknown>) => {
    let q: ServerParams<Endpoints[N]>
    try {
      q = parse(schemaOf(spec), input) as ServerParams<Endpoints[N]>
    } catch (err) {
      return refuse(c, err)
    }
    return handler(c, q)
  }
  const route = (c: AppContext): Response | Promise<Response> => {
    if (spec.auth === 'required' && !c.get('caller').id) throw invalidRequest()
    let input: Record<string, unknown> | Promise<Record<string, unknown>>
    try {
      input = rawInput(c, spec)
    } catch (err) {
      return refuse(c, err)
    }
    if (input instanceof Promise)
      return input.then(
        (fields) => answer(c, fields),
        (err: unknown) => refuse(c, err),
      )
    return answer(c, input)
  }
  if (spec.method === 'GET') app.get(spec.path, route)
  else app.post(spec.path, route)
}

/** The table entries an app has handlers for (the endpoint-table test compares them with the table). */
export const registeredEndpoints = (app: object): ReadonlySet<EndpointName> => registered.get(app) ?? new Set()
