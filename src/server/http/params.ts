import { z } from 'zod'
import { badRequest } from './errors.ts'

// Query and form schemas. Handlers only ever see what these let through.

export const MAX_OFFSET = 5000

/**
 * The path and the query of a request URL as `URL` would give them (without the `?`), read off the string: a `URL`
 * costs more than the rest of a detail's parsing, and the URL the framework hands over is absolute and normalized.
 */
export function pathAndQuery(url: string): { path: string; query: string } {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const hash = url.indexOf('#')
  const end = hash < 0 ? url.length : hash
  const q = url.indexOf('?')
  if (start < 0) return { path: '/', query: q < 0 || q > end ? '' : url.slice(q + 1, end) }
  if (q < 0 || q > end) return { path: url.slice(start, end), query: '' }
  return { path: url.slice(start, q), query: url.slice(q + 1, end) }
}

/** A positive id: digits only, at most 15 of them (below 2^53), so it is exact as a JS number. */
export const id = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^[1-9]\d{0,14}$/, `${name} must be a positive whole number`)
    .transform(Number)

/** A non-negative cursor value. */
export const cursorValue = (name: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${name} must be a non-negative whole number`)
    .transform(Number)

export const offset = z
  .string()
  .regex(/^\d{1,15}$/, 'offset must be a non-negative whole number')
  .transform(Number)
  .refine((n) => n <= MAX_OFFSET, `offset must be no more than ${MAX_OFFSET}`)
  .optional()
  .transform((n) => n ?? 0)

export const bool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1')

/** `YYYY-MM-DD` that names a real calendar day. */
export const isoDate = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be YYYY-MM-DD`)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`)
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s)
    }, `${name} must be a real date`)

/** Validates against a schema; a failure is a 400 whose message lists each field's problems, as the real API does. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'request'
    const message = issue.code === 'invalid_type' && issue.input === undefined ? `${key} is required` : issue.message
    ;(fields[key] ??= []).push(message)
  }
  throw badRequest(JSON.stringify(fields), Object.values(fields).flat().join(' '))
}

/**
 * PHP-style array fields of a form or query: `name[]` repeated, `name[0]`, `name[1]`…, or one `name[]` holding
 * space-separated values (pixivpy and PixEz send tags that way). Empty strings are dropped.
 */
export function arrayField(entries: Iterable<[string, string]>, name: string): string[] {
  const out: string[] = []
  const indexed = new RegExp(`^${name}\\[\\d*\\]$`)
  for (const [key, value] of entries) {
    if (key !== name && !indexed.test(key)) continue
    for (const part of value.split(/[ \u3000]+/)) if (part) out.push(part)
  }
  return out
}
