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
 * A cached object with more fields after its own (`{ ...object, ...fields }` where no key of `fields` is one of the
 * object's): written as the object's bytes and then the fields, so the object is neither parsed nor encoded again.
 */
export class ExtendedJson {
  constructor(
    readonly object: RawJson,
    readonly fields: Record<string, unknown>,
  ) {}
}

/**
 * Serializes an answer body whose values may hold RawJson at any depth, straight to UTF-8: cached items go in as the
 * bytes they were encoded to once, so a page of works costs one copy, not a fresh encoding of every item.
 */
export function toJsonBuffer(value: unknown): Buffer {
  const out: JsonOut = { chunks: [], text: '' }
  write(out, value)
  const { chunks, text } = out
  if (text) chunks.push(Buffer.from(text))
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
}

/** The answer so far: its encoded chunks, and the text not yet encoded after them. */
interface JsonOut {
  chunks: Buffer[]
  text: string
}

// (a function of the module, not a closure made for each answer: a detail is sent some 20,000 times a second)
function write(out: JsonOut, v: unknown) {
  if (v instanceof RawJson) {
    if (out.text) out.chunks.push(Buffer.from(out.text))
    out.text = ''
    out.chunks.push(v.bytes)
  } else if (v instanceof ExtendedJson) {
    const bytes = v.object.bytes
    // the object's text without its closing brace; `{}` has no field for the first of `fields` to follow
    if (v.object.json === '{}') return write(out, v.fields)
    if (out.text) out.chunks.push(Buffer.from(out.text))
    out.chunks.push(bytes.subarray(0, bytes.length - 1))
    out.text = ''
    for (const k in v.fields) {
      const item = v.fields[k]
      if (item === undefined) continue
      out.text += ',' + JSON.stringify(k) + ':'
      write(out, item)
    }
    out.text += '}'
  } else if (Array.isArray(v)) {
    out.text += '['
    for (let i = 0; i < v.length; i++) {
      if (i) out.text += ','
      write(out, v[i])
    }
    out.text += ']'
  } else if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    out.text += '{'
    let first = true
    for (const k in v) {
      const item = (v as Record<string, unknown>)[k]
      if (item === undefined) continue
      out.text += (first ? '' : ',') + JSON.stringify(k) + ':'
      first = false
      write(out, item)
    }
    out.text += '}'
  } else out.text += JSON.stringify(v) ?? 'null'
}
