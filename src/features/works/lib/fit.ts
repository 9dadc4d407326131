// CSS sizes that fit a page into the viewport before its image has loaded, so nothing shifts when it arrives:
// the width is the smallest of the space available, the width that keeps the height inside the viewport, and
// the image's own width (never upscaled); the height follows from `aspect-ratio`.

/** Height left for an image below the app's header and the work's toolbar. */
export const FIT_HEIGHT = '(100dvh - 7rem)'

export interface FitOptions {
  /** The share of the container's width one image may take (0.5 for a page of a two-page spread). */
  widthShare?: number
  /** A CSS length expression (no `calc`) for the height available. */
  maxHeight?: string
}

export function fitStyle(width: number, height: number, { widthShare = 1, maxHeight = FIT_HEIGHT }: FitOptions = {}) {
  const ok = width > 0 && height > 0
  const ratio = ok ? width / height : 1
  const share = `${Math.round(widthShare * 10000) / 100}%`
  const parts = [share, `calc(${maxHeight} * ${round(ratio)})`]
  if (ok) parts.push(`${width}px`)
  return {
    width: `min(${parts.join(', ')})`,
    aspectRatio: ok ? `${width} / ${height}` : '1 / 1',
  }
}

const round = (n: number) => Math.round(n * 10000) / 10000
