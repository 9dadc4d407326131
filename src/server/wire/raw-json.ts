/** JSON text that goes into an answer as it is (see `sendJson`), with its UTF-8 bytes when they are known already. */
export class RawJson {
  readonly json: string
  private encoded: Buffer | undefined

  constructor(json: string, bytes?: Buffer) {
    this.json = json
    this.encoded = bytes
  }

  get bytes(): Buffer {
    return (this.encoded ??= Buffer.from(this.json))
  }

  parse<T>(): T {
    return JSON.parse(this.json) as T
  }
}

/**
 * Serializes an answer body whose values may hold RawJson at any depth, straight to UTF-8: cached items go in as the
 * bytes they were encoded to once, so a page of works costs one copy, not a fresh encoding of every item.
 */
export function toJsonBuffer(value: unknown): Buffer {
  const chunks: Buffer[] = []
  let text = ''
  const walk = (v: unknown) => {
    if (v instanceof RawJson) {
      if (text) chunks.push(Buffer.from(text))
      text = ''
      chunks.push(v.bytes)
    } else if (Array.isArray(v)) {
      text += '['
      for (let i = 0; i < v.length; i++) {
        if (i) text += ','
        walk(v[i])
      }
      text += ']'
    } else if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      text += '{'
      let first = true
      for (const k in v) {
        const item = (v as Record<string, unknown>)[k]
        if (item === undefined) continue
        text += (first ? '' : ',') + JSON.stringify(k) + ':'
        first = false
        walk(item)
      }
      text += '}'
    } else text += JSON.stringify(v) ?? 'null'
  }
  walk(value)
  if (text) chunks.push(Buffer.from(text))
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
}
