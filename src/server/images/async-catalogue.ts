import { resolveImagePath, type ImageCatalogue, type ImageSpec, type ResolveOut } from './image-request.ts'

// resolveImagePath reads the catalogue synchronously (it is a pure function of the path and the rows it looks up),
// while a catalogue on a database server answers with promises. Rather than make the resolver async, a request
// resolves its path against a per-request memo of rows: each pass records the rows it missed, those are fetched
// together, and the path is resolved again, until nothing is missing (one or two passes: an image names one item, a
// series cover one token). A catalogue that answers at once (SQLite) finishes in the first pass.

type MaybePromise<T> = T | Promise<T>

/** The lookups of ImageCatalogue, each answering at once or with a promise. */
export type AsyncImageCatalogue = {
  [K in keyof ImageCatalogue]: (arg: Parameters<ImageCatalogue[K]>[0]) => MaybePromise<ReturnType<ImageCatalogue[K]>>
}

const isPromise = <T>(v: MaybePromise<T>): v is Promise<T> => typeof (v as Promise<T>)?.then === 'function'

/** resolveImagePath over a catalogue whose lookups may be promises. */
export async function resolveImagePathAsync(
  path: string,
  cat: AsyncImageCatalogue,
  out?: ResolveOut,
): Promise<ImageSpec | null> {
  const found = new Map<string, unknown>()
  for (let pass = 0; pass < 8; pass++) {
    const missing: Promise<void>[] = []
    const lookup =
      <K extends keyof ImageCatalogue>(method: K) =>
      (arg: never) => {
        const key = `${method}:${String(arg)}`
        if (found.has(key)) return found.get(key)
        const v = (cat[method] as (a: unknown) => MaybePromise<unknown>)(arg)
        if (!isPromise(v)) {
          found.set(key, v)
          return v
        }
        missing.push(v.then((row) => void found.set(key, row)))
        return undefined
      }
    const memo = {
      work: lookup('work'),
      user: lookup('user'),
      novel: lookup('novel'),
      illustSeriesByCoverToken: lookup('illustSeriesByCoverToken'),
    } as unknown as ImageCatalogue
    // a pass that missed a row answered from `undefined` for it: its `out` is not to be kept
    const passOut: ResolveOut = {}
    const spec = resolveImagePath(path, memo, passOut)
    if (missing.length === 0) {
      if (out) Object.assign(out, passOut)
      return spec
    }
    await Promise.all(missing)
  }
  throw new Error(`image path ${path} needed more than 8 catalogue passes`)
}
