// The vocabulary of the endpoint table (endpoints.ts): what a parameter takes, what an endpoint is. Plain data, so the
// service derives its validation from it, the gallery its client, the fuzzer its requests, without either half
// importing the other.

/** A positive id (digits only, below 2^53). `in: 'path'` puts it in the path (`:name`) rather than the query. */
export interface IdParam {
  kind: 'id'
  required?: true
  in?: 'path'
}
/** A non-negative whole number: cursors and numeric filters. */
export interface CountParam {
  kind: 'count'
}
/** The `offset` cursor: a non-negative whole number up to 5000, 0 when absent. */
export interface OffsetParam {
  kind: 'offset'
}
export interface EnumParam<V extends string = string> {
  kind: 'enum'
  values: readonly V[]
  default?: V
  required?: true
}
/** `YYYY-MM-DD`, a real calendar day. */
export interface DateParam {
  kind: 'date'
}
/** `true`/`false` (or `1`/`0`). */
export interface BoolParam {
  kind: 'bool'
  required?: true
}
/**
 * Free text, trimmed; `required` refuses an empty value. `secret`: a credential (a password, a refresh token), taken
 * from a POST's form body only; in the query string, where it would be written to logs and histories, it is refused.
 */
export interface TextParam {
  kind: 'text'
  max: number
  required?: true
  secret?: true
}
/**
 * PHP-style array field (`name[]` repeated, `name[0]`…). `split` also splits each value on spaces (pixivpy sends
 * bookmark tags as one space-separated field); `ids` requires positive ids.
 */
export interface ListParam {
  kind: 'list'
  maxItems: number
  maxLength: number
  split?: true
  ids?: true
}

/**
 * A file, as a multipart body's part of that name (never in a query or a URL-encoded form); at most `maxBytes`. What
 * the file is, is the service's to read from its bytes.
 */
export interface FileParam {
  kind: 'file'
  maxBytes: number
  required?: true
}

export type ParamSpec =
  IdParam | CountParam | OffsetParam | EnumParam | DateParam | BoolParam | TextParam | ListParam | FileParam

/** The `next_url` cursor parameters an endpoint pages by. */
export type CursorParam =
  | 'offset'
  | 'max_bookmark_id'
  | 'max_bookmark_id_for_recommend'
  | 'min_bookmark_id_for_recent_illust'
  | 'last_order'
  | 'max_illust_id'
  | 'max_novel_id'

export interface EndpointSpec {
  method: 'GET' | 'POST'
  /** Root-relative, as on the real API; `:name` marks a path parameter. */
  path: string
  params: Readonly<Record<string, ParamSpec>>
  /** The cursors its `next_url` carries; absent for endpoints that answer one page. */
  cursor?: readonly CursorParam[]
  /** `required`: an anonymous caller gets 400 invalid_request. */
  auth?: 'required'
  /**
   * The body's form: the App API's JSON (default), the web API's `{"error": false, "body": …}` envelope, an HTML page
   * (the webview novel), or the token endpoint's own shape.
   */
  body?: 'ajax' | 'html' | 'token'
}

/** Carries the wire type of an endpoint's answer on the spec, at the type level only. */
export type Answer<W> = { readonly __answer?: W }

/** Declares one table entry: the spec, and the wire type its success answer has. */
export const endpoint =
  <W>() =>
  <const S extends EndpointSpec>(spec: S): S & Answer<W> =>
    spec

// ---- derived types ----

type ValueOf<P> = P extends { kind: 'id' | 'count' | 'offset' }
  ? number
  : P extends EnumParam<infer V>
    ? V
    : P extends BoolParam
      ? boolean
      : P extends ListParam
        ? (P extends { ids: true } ? number : string)[]
        : P extends FileParam
          ? File
          : string

/** Parameters the service always has a value for, once validated (given, defaulted or empty). */
type Filled<P> = P extends { required: true }
  ? true
  : P extends { default: string }
    ? true
    : P extends OffsetParam | ListParam
      ? true
      : false

type Params<S extends EndpointSpec> = S['params']

/** What a handler receives: the validated parameters with their defaults applied. */
export type ServerParams<S extends EndpointSpec> = {
  -readonly [K in keyof Params<S> as Filled<Params<S>[K]> extends true ? K : never]: ValueOf<Params<S>[K]>
} & {
  -readonly [K in keyof Params<S> as Filled<Params<S>[K]> extends true ? never : K]?: ValueOf<Params<S>[K]>
}

/** What a client sends: required parameters, and any others it chooses (wire names, wire values). */
export type ClientParams<S extends EndpointSpec> = {
  -readonly [K in keyof Params<S> as Params<S>[K] extends { required: true } ? K : never]: ValueOf<Params<S>[K]>
} & {
  -readonly [K in keyof Params<S> as Params<S>[K] extends { required: true } ? never : K]?:
    ValueOf<Params<S>[K]> | readonly (string | number)[] | null
}

/** The wire type of an endpoint's success answer. */
export type WireAnswer<S> = S extends Answer<infer W> ? W : never

/** The values of an enum parameter, as a type. */
export type EnumValue<P> = P extends EnumParam<infer V> ? V : never

// ---- derived values ----

/** The parameter names an endpoint puts in its path, in order. */
export const pathParams = (spec: EndpointSpec): string[] => [...spec.path.matchAll(/:([a-z_]+)/g)].map((m) => m[1]!)

/** A valid value of one parameter, for requests made from the table alone. */
export function exampleValue(name: string, param: ParamSpec): string {
  switch (param.kind) {
    case 'id':
      return '1'
    case 'count':
      return '10'
    case 'offset':
      return '30'
    case 'enum':
      return param.default ?? param.values[0]!
    case 'date':
      return '2026-10-01'
    case 'bool':
      return 'true'
    case 'text':
      return name === 'word' ? 'original' : 'hello'
    case 'list':
      return param.ids ? '2' : 'original'
    case 'file':
      return 'hello'
  }
}

/**
 * A valid request: every required parameter, from `example` (endpoint-examples.ts) where the entry has one. Tests' and
 * the fuzzer's, never the gallery's.
 */
export function exampleRequest(
  spec: EndpointSpec,
  example: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, param] of Object.entries(spec.params))
    if ('required' in param && param.required) out[name] = exampleValue(name, param)
  return { ...out, ...example }
}

/** The path with its path parameters filled in (they are ids: digits only, nothing to escape). */
export function fillPath(spec: EndpointSpec, params: Record<string, unknown>): string {
  return spec.path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')))
}

// ---- requests ----

/** A parameter's value as a client sends it: left out when undefined or null, lists as repeated fields. */
export type WireValue = string | number | boolean | readonly (string | number)[] | null | undefined

/** Query or form encoding: undefined/null left out, arrays as repeated fields (name them `key[]`). */
export function encodeParams(params: Readonly<Record<string, WireValue>>): URLSearchParams {
  const out = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const v of value as readonly (string | number)[]) out.append(key, String(v))
    else out.append(key, String(value))
  }
  return out
}

/** The fields a call of `spec` sends: path parameters left out (fillPath puts them in the path), lists as `name[]`. */
export function wireFields(spec: EndpointSpec, params: Readonly<Record<string, WireValue>>): Record<string, WireValue> {
  const wire: Record<string, WireValue> = {}
  for (const [key, value] of Object.entries(params)) {
    const param = spec.params[key]
    if (param?.kind === 'id' && param.in === 'path') continue
    wire[param?.kind === 'list' ? `${key}[]` : key] = value
  }
  return wire
}

/**
 * The origin-free URL (`/path?query`) of a GET of `spec`, exactly as the gallery's client sends it: the key under which
 * the service embeds a page's first answer and the client finds it (src/api/first-requests.ts).
 */
export function requestTarget(spec: EndpointSpec, params: Readonly<Record<string, WireValue>>): string {
  const query = encodeParams(wireFields(spec, params)).toString()
  return fillPath(spec, params) + (query ? `?${query}` : '')
}
