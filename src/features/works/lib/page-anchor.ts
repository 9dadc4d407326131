// `#p3` in the URL points at page 3 of a multi-page work (paths.artwork(id, page) builds it).

/** The 1-based page a hash names, clamped to the work; null when the hash names no page. */
export function pageFromHash(hash: string, pageCount: number): number | null {
  const match = /^#?p(\d{1,6})$/i.exec(hash.trim())
  if (!match || pageCount < 1) return null
  const page = Number(match[1])
  if (page < 1) return 1
  return Math.min(page, pageCount)
}

export const pageElementId = (page: number) => `p${page}`
