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

// (functions of the module, not closures made for each answer: a detail is sent some 20,000 times a second)
function write(out: JsonOut, v: unknown) {
  if (v instanceof RawJson) encoded(out, v.bytes)
  else if (v instanceof ExtendedJson) {
    // `{}` has no field for the first of `fields` to follow
    if (v.object.json === '{}') return write(out, v.fields)
    const bytes = v.object.bytes
    encoded(out, bytes.subarray(0, bytes.length - 1)) // the object without its closing brace
    writeFields(out, v.fields, false)
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
    writeFields(out, v as Record<string, unknown>, true)
    out.text += '}'
  } else out.text += JSON.stringify(v) ?? 'null'
}

/** Bytes already encoded, after the text written so far. */
function encoded(out: JsonOut, bytes: Buffer) {
  if (out.text) out.chunks.push(Buffer.from(out.text))
  out.text = ''
  out.chunks.push(bytes)
}

/** An object's fields (`first`: none written before them), leaving out those undefined as JSON.stringify does. */
function writeFields(out: JsonOut, fields: Record<string, unknown>, first: boolean) {
  for (const k in fields) {
    const item = fields[k]
    if (item === undefined) continue
    out.text += (first ? '' : ',') + JSON.stringify(k) + ':'
    first = false
    write(out, item)
  }
}
