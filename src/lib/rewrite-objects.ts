// Rebuilds cached query data with some objects changed, wherever they sit in it (a detail, list pages, nested
// extras). Untouched branches keep their identity, so TanStack Query's observers of unrelated data do not re-render.

type Json = unknown

/** Rebuilds `value` bottom-up, applying `fn` to every plain object; returns `value` itself when nothing changed. */
export function rewriteObjects(value: Json, fn: (obj: Record<string, unknown>) => Record<string, unknown>): Json {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined
    for (let i = 0; i < value.length; i++) {
      const next = rewriteObjects(value[i], fn)
      if (next !== value[i]) (out ??= value.slice())[i] = next
    }
    return out ?? value
  }
  if (value === null || typeof value !== 'object') return value
  const obj = value as Record<string, unknown>
  let out: Record<string, unknown> | undefined
  for (const key of Object.keys(obj)) {
    const child = obj[key]
    if (child === null || typeof child !== 'object') continue
    const next = rewriteObjects(child, fn)
    if (next !== child) (out ??= { ...obj })[key] = next
  }
  return fn(out ?? obj)
}
