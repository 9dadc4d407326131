/** JSON text that goes into an answer as it is (see `sendJson`). */
export class RawJson {
  readonly json: string

  constructor(json: string) {
    this.json = json
  }

  parse<T>(): T {
    return JSON.parse(this.json) as T
  }
}

/** Serializes an answer body whose values may hold RawJson at any depth. */
export function stringify(value: unknown): string {
  if (value instanceof RawJson) return value.json
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + stringify(value[i])
    return out + ']'
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let out = '{'
    for (const k in value) {
      const v = (value as Record<string, unknown>)[k]
      if (v !== undefined) out += (out.length > 1 ? ',' : '') + JSON.stringify(k) + ':' + stringify(v)
    }
    return out + '}'
  }
  return JSON.stringify(value) ?? 'null'
}
