// Generated artwork as SVG strings. Every picture is drawn in a "virtual" coordinate space (the
// original's width×height) and the root <svg> carries the OUTPUT pixel size, so librsvg rasterises
// directly at thumbnail size; `preserveAspectRatio="xMidYMid slice"` turns a square output into the
// centre crop. All randomness comes from a PRNG seeded by a string, so a picture is a pure function
// of its subject — the same URL always renders the same bytes.

export type Rng = () => number

/** FNV-1a, 32 bit. */
export function hashSeed(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export function rngFrom(seed: string): Rng {
  let a = hashSeed(seed)
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const between = (r: Rng, a: number, b: number) => a + (b - a) * r()
const int = (r: Rng, a: number, b: number) => Math.floor(between(r, a, b + 1))
function pick<T>(r: Rng, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)] as T
}
/** numbers in the SVG text, 1 decimal: keeps strings short and parsing cheap */
const n = (x: number) => String(Math.round(x * 10) / 10)
const hue = (h: number) => ((Math.round(h) % 360) + 360) % 360
const hsl = (h: number, s: number, l: number, a?: number) =>
  a === undefined
    ? `hsl(${hue(h)},${Math.round(s)}%,${Math.round(l)}%)`
    : `hsla(${hue(h)},${Math.round(s)}%,${Math.round(l)}%,${Math.round(a * 100) / 100})`

export interface Canvas {
  /** virtual size the drawing is made in */
  vw: number
  vh: number
  /** output pixels */
  w: number
  h: number
}

function svgDoc(c: Canvas, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${c.w}" height="${c.h}" viewBox="0 0 ${n(c.vw)} ${n(c.vh)}" ` +
    `preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${body}</svg>`
  )
}

// ---------------------------------------------------------------------------------------------
// Shared motifs

/** A standing figure, feet at (x, y), total height h: head, coat, legs, and an accent scarf. */
function figure(x: number, y: number, h: number, fill: string, accent: string | null, r: Rng): string {
  const head = h * 0.085
  const neckY = y - h * 0.8
  const sh = h * 0.12 // half shoulder width
  const hem = y - h * 0.33
  const flare = h * between(r, 0.13, 0.2)
  const lean = h * between(r, -0.04, 0.04)
  const leg = h * 0.045
  const body =
    `M${n(x - sh * 0.35)} ${n(neckY)}` +
    `Q${n(x - sh)} ${n(neckY + h * 0.01)} ${n(x - sh)} ${n(neckY + h * 0.12)}` +
    `L${n(x - flare + lean)} ${n(hem)}L${n(x + flare + lean)} ${n(hem)}` +
    `L${n(x + sh)} ${n(neckY + h * 0.12)}Q${n(x + sh)} ${n(neckY + h * 0.01)} ${n(x + sh * 0.35)} ${n(neckY)}Z` +
    `M${n(x - leg * 2)} ${n(hem - 1)}L${n(x - leg * 1.6)} ${n(y)}L${n(x - leg * 0.4)} ${n(y)}L${n(x - leg * 0.2)} ${n(hem - 1)}Z` +
    `M${n(x + leg * 0.2)} ${n(hem - 1)}L${n(x + leg * 0.4 + lean * 0.3)} ${n(y)}L${n(x + leg * 1.6 + lean * 0.3)} ${n(y)}L${n(x + leg * 2)} ${n(hem - 1)}Z`
  let out = `<path d="${body}" fill="${fill}"/><circle cx="${n(x + lean * 0.2)}" cy="${n(neckY - head * 0.9)}" r="${n(head)}" fill="${fill}"/>`
  if (accent) {
    const dir = r() < 0.5 ? -1 : 1
    const sx = x + dir * sh * 0.2
    const sy = neckY + h * 0.02
    out +=
      `<path d="M${n(sx)} ${n(sy)}C${n(sx + dir * h * 0.15)} ${n(sy - h * 0.03)} ${n(sx + dir * h * 0.25)} ${n(sy + h * 0.06)} ` +
      `${n(sx + dir * h * 0.38)} ${n(sy + h * 0.02)}L${n(sx + dir * h * 0.36)} ${n(sy + h * 0.07)}C${n(sx + dir * h * 0.22)} ${n(sy + h * 0.1)} ` +
      `${n(sx + dir * h * 0.12)} ${n(sy + h * 0.04)} ${n(sx)} ${n(sy + h * 0.05)}Z" fill="${accent}"/>`
  }
  return out
}

/** A jagged ridge line across the width, closed to the bottom. */
function ridge(vw: number, vh: number, base: number, amp: number, peaks: number, r: Rng, smooth: boolean): string {
  const step = vw / peaks
  let d = `M0 ${n(vh)}L0 ${n(base - amp * r())}`
  for (let i = 1; i <= peaks; i++) {
    const x = i * step
    const y = base - amp * r()
    if (smooth) d += `Q${n(x - step / 2)} ${n(base - amp * (0.4 + r()))} ${n(x)} ${n(y)}`
    else d += `L${n(x - step * between(r, 0.3, 0.7))} ${n(base - amp * (0.5 + r() * 0.8))}L${n(x)} ${n(y)}`
  }
  return d + `L${n(vw)} ${n(vh)}Z`
}

// ---------------------------------------------------------------------------------------------
// Illustrations

/**
 * Landscape with sky, sun or moon, layered ridges and a figure. `t` (0..1, cyclic) animates the sun
 * and the sky hue for ugoira frames; every random draw happens regardless of `t`, so all frames of
 * one work share the same scene.
 */
function landscape(c: Canvas, r: Rng, t: number | null): string {
  const { vw, vh } = c
  const m = Math.min(vw, vh)
  const mode = pick(r, ['day', 'dusk', 'night', 'dawn'] as const)
  const phase = t === null ? 0 : Math.sin(2 * Math.PI * t)
  const h = r() * 360 + phase * 35
  const [top, bottom, sunFill] =
    mode === 'day'
      ? [hsl(h + 200, 60, 55), hsl(h + 230, 70, 86), hsl(50, 100, 94)]
      : mode === 'dusk'
        ? [hsl(h + 250, 45, 28), hsl(h + 20, 85, 66), hsl(h + 30, 100, 80)]
        : mode === 'night'
          ? [hsl(h + 220, 55, 9), hsl(h + 240, 45, 30), hsl(h + 60, 40, 92)]
          : [hsl(h + 180, 35, 62), hsl(h + 330, 80, 84), hsl(h + 40, 100, 92)]
  const horizon = vh * between(r, 0.52, 0.72)
  let sx = vw * between(r, 0.2, 0.8)
  let sy = horizon - vh * between(r, 0.12, 0.34)
  if (t !== null) {
    sx = vw * (0.5 + 0.36 * Math.cos(2 * Math.PI * t))
    sy = horizon - vh * (0.2 + 0.14 * Math.sin(2 * Math.PI * t))
  }
  const sr = m * between(r, 0.06, 0.12)
  const defs =
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<radialGradient id="halo"><stop offset="0" stop-color="${sunFill}" stop-opacity="0.75"/><stop offset="1" stop-color="${sunFill}" stop-opacity="0"/></radialGradient>`
  let body = `<rect width="${n(vw)}" height="${n(vh)}" fill="url(#sky)"/>`
  // stars (night) or clouds (otherwise); drawn for every mode so the rng sequence is stable
  const specks = int(r, 4, 9)
  for (let i = 0; i < specks; i++) {
    const x = r() * vw
    const y = r() * horizon * 0.8
    const s = r()
    if (mode === 'night')
      body += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(m * (0.002 + s * 0.004))}" fill="#fff" opacity="${n(0.5 + s / 2)}"/>`
    else
      body += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(m * (0.08 + s * 0.12))}" ry="${n(m * (0.015 + s * 0.02))}" fill="#fff" opacity="0.35"/>`
  }
  body += `<circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr * 3.2)}" fill="url(#halo)"/><circle cx="${n(sx)}" cy="${n(sy)}" r="${n(sr)}" fill="${sunFill}"/>`
  const layers = int(r, 3, 4)
  const groundH = h + between(r, 60, 200)
  const night = mode === 'night' ? 0.45 : 1
  let frontBase = horizon
  for (let i = 0; i < layers; i++) {
    const k = i / (layers - 1)
    const base = horizon + (vh - horizon) * k * 0.55
    const amp = vh * (0.16 - k * 0.08) * between(r, 0.6, 1.1)
    const col = hsl(groundH + k * 25, 25 + k * 20, (62 - k * 42) * night)
    body += `<path d="${ridge(vw, vh, base, amp, int(r, 4, 9), r, r() < 0.5)}" fill="${col}"/>`
    frontBase = base
  }
  // water: a calm band with the sun's reflection
  if (r() < 0.35) {
    const wy = frontBase + (vh - frontBase) * 0.35
    body += `<rect y="${n(wy)}" width="${n(vw)}" height="${n(vh - wy)}" fill="${bottom}" opacity="0.85"/>`
    for (let i = 0; i < 5; i++)
      body += `<rect x="${n(sx - sr * (1.2 - i * 0.18))}" y="${n(wy + (vh - wy) * (0.1 + i * 0.16))}" width="${n(sr * (2.4 - i * 0.36))}" height="${n(m * 0.006)}" fill="${sunFill}" opacity="0.7"/>`
  }
  const fx = vw * between(r, 0.2, 0.8)
  const fh = vh * between(r, 0.14, 0.3)
  const bob = t === null ? 0 : fh * 0.02 * Math.sin(4 * Math.PI * t)
  body += figure(fx, Math.min(vh * 0.97, frontBase + vh * 0.06) + bob, fh, hsl(groundH, 30, 8), hsl(h + 160, 80, 55), r)
  // birds
  const birds = int(r, 0, 4)
  for (let i = 0; i < birds; i++) {
    const bx = r() * vw + (t === null ? 0 : vw * 0.05 * Math.cos(2 * Math.PI * t + i))
    const by = r() * horizon * 0.6
    const bs = m * between(r, 0.01, 0.025)
    body += `<path d="M${n(bx - bs)} ${n(by)}q${n(bs / 2)} ${n(-bs / 2)} ${n(bs)} 0q${n(bs / 2)} ${n(-bs / 2)} ${n(bs)} 0" fill="none" stroke="${hsl(groundH, 30, 12)}" stroke-width="${n(m * 0.004)}"/>`
  }
  return svgDoc(c, defs, body)
}

/** Rothko-like colour fields with a thin horizon and a tiny figure for scale. */
function colourField(c: Canvas, r: Rng): string {
  const { vw, vh } = c
  const h = r() * 360
  const bands = int(r, 2, 3)
  const pad = Math.min(vw, vh) * 0.07
  let body = `<rect width="${n(vw)}" height="${n(vh)}" fill="${hsl(h, 45, 22)}"/>`
  let y = pad
  const avail = vh - pad * (bands + 1)
  const weights = Array.from({ length: bands }, () => between(r, 0.6, 1.4))
  const sum = weights.reduce((a, b) => a + b, 0)
  let lastBottom = y
  for (let i = 0; i < bands; i++) {
    const bh = (avail * (weights[i] as number)) / sum
    const col = hsl(h + between(r, -60, 60), between(r, 45, 80), between(r, 30, 68))
    body += `<rect x="${n(pad)}" y="${n(y)}" width="${n(vw - 2 * pad)}" height="${n(bh)}" rx="${n(pad * 0.4)}" fill="${col}" opacity="0.9"/>`
    body += `<rect x="${n(pad * 1.3)}" y="${n(y + bh * 0.08)}" width="${n(vw - 2.6 * pad)}" height="${n(bh * 0.84)}" rx="${n(pad * 0.6)}" fill="${col}" opacity="0.45"/>`
    lastBottom = y + bh
    y += bh + pad
  }
  const hy = lastBottom - (vh - 2 * pad) * between(r, 0.05, 0.15)
  body += `<rect x="${n(pad)}" y="${n(hy)}" width="${n(vw - 2 * pad)}" height="${n(vh * 0.004)}" fill="${hsl(h, 30, 92)}" opacity="0.7"/>`
  body += figure(vw * between(r, 0.3, 0.7), hy, vh * between(r, 0.06, 0.1), hsl(h, 30, 10), null, r)
  return svgDoc(c, '', body)
}

/** Bauhaus-style circles, half discs, triangles and bars. */
function geometric(c: Canvas, r: Rng): string {
  const { vw, vh } = c
  const m = Math.min(vw, vh)
  const h = r() * 360
  const palette = [
    hsl(h, 75, 50),
    hsl(h + 130, 65, 42),
    hsl(h + 50, 90, 58),
    hsl(h + 220, 20, 14),
    hsl(h + 190, 55, 70),
  ]
  let body = `<rect width="${n(vw)}" height="${n(vh)}" fill="${hsl(h + 40, 30, 90)}"/>`
  body += `<rect y="${n(vh * between(r, 0.55, 0.75))}" width="${n(vw)}" height="${n(vh)}" fill="${hsl(h + 40, 25, 80)}"/>`
  const shapes = int(r, 7, 13)
  for (let i = 0; i < shapes; i++) {
    const x = r() * vw
    const y = r() * vh
    const s = m * between(r, 0.05, 0.32)
    const col = pick(r, palette)
    const op = n(between(r, 0.75, 1))
    const kind = int(r, 0, 4)
    if (kind === 0) body += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s)}" fill="${col}" opacity="${op}"/>`
    else if (kind === 1)
      body += `<path d="M${n(x - s)} ${n(y)}A${n(s)} ${n(s)} 0 0 1 ${n(x + s)} ${n(y)}Z" fill="${col}" opacity="${op}"/>`
    else if (kind === 2)
      body += `<path d="M${n(x)} ${n(y - s)}L${n(x + s)} ${n(y + s * 0.8)}L${n(x - s)} ${n(y + s * 0.8)}Z" fill="${col}" opacity="${op}"/>`
    else if (kind === 3)
      body += `<rect x="${n(x - s)}" y="${n(y - s * 0.08)}" width="${n(s * 2.4)}" height="${n(s * 0.16)}" fill="${col}" transform="rotate(${n(between(r, -40, 40))} ${n(x)} ${n(y)})"/>`
    else
      body += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.8)}" fill="none" stroke="${col}" stroke-width="${n(m * 0.012)}"/>`
  }
  body += figure(
    vw * between(r, 0.15, 0.85),
    vh * between(r, 0.75, 0.95),
    vh * between(r, 0.12, 0.2),
    hsl(h + 220, 20, 14),
    palette[0] as string,
    r,
  )
  return svgDoc(c, '', body)
}

/** A bust against bokeh: head, hair, shoulders, rim light. */
function portrait(c: Canvas, r: Rng): string {
  const { vw, vh } = c
  const m = Math.min(vw, vh)
  const h = r() * 360
  const defs =
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(h, 55, 62)}"/>` +
    `<stop offset="1" stop-color="${hsl(h + 70, 50, 30)}"/></linearGradient>`
  let body = `<rect width="${n(vw)}" height="${n(vh)}" fill="url(#bg)"/>`
  const bokeh = int(r, 8, 16)
  for (let i = 0; i < bokeh; i++)
    body += `<circle cx="${n(r() * vw)}" cy="${n(r() * vh)}" r="${n(m * between(r, 0.02, 0.09))}" fill="${hsl(h + between(r, -40, 80), 90, 85)}" opacity="${n(between(r, 0.15, 0.45))}"/>`
  const cx = vw * between(r, 0.35, 0.65)
  const hr = m * between(r, 0.13, 0.19)
  const cy = vh * 0.62 - hr * 1.6
  const skin = hsl(h + 200, 30, 14)
  const hair = hsl(h + between(r, 120, 240), 60, between(r, 25, 55))
  const long = r() < 0.5
  const sw = hr * between(r, 2.3, 3)
  // shoulders
  const sy = cy + hr * 1.7
  const shoulders = `M${n(cx - hr * 0.45)} ${n(cy + hr * 0.8)}L${n(cx - hr * 0.4)} ${n(sy - hr * 0.3)}Q${n(cx - sw)} ${n(sy)} ${n(cx - sw * 1.1)} ${n(vh)}L${n(cx + sw * 1.1)} ${n(vh)}Q${n(cx + sw)} ${n(sy)} ${n(cx + hr * 0.4)} ${n(sy - hr * 0.3)}L${n(cx + hr * 0.45)} ${n(cy + hr * 0.8)}Z`
  const rim = hsl(h + 30, 100, 88)
  body += `<g transform="translate(${n(-m * 0.008)} ${n(-m * 0.006)})" fill="${rim}"><path d="${shoulders}"/><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(hr * 0.85)}" ry="${n(hr)}"/></g>`
  if (long)
    body += `<path d="M${n(cx - hr * 1.05)} ${n(cy - hr * 0.2)}Q${n(cx - hr * 1.5)} ${n(cy + hr * 2)} ${n(cx - hr * 1.2)} ${n(cy + hr * 2.6)}L${n(cx + hr * 1.2)} ${n(cy + hr * 2.6)}Q${n(cx + hr * 1.5)} ${n(cy + hr * 2)} ${n(cx + hr * 1.05)} ${n(cy - hr * 0.2)}Z" fill="${hair}"/>`
  body += `<path d="${shoulders}" fill="${skin}"/><ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(hr * 0.85)}" ry="${n(hr)}" fill="${skin}"/>`
  body += `<path d="M${n(cx - hr * 0.95)} ${n(cy + hr * 0.1)}Q${n(cx - hr)} ${n(cy - hr * 1.3)} ${n(cx)} ${n(cy - hr * 1.12)}Q${n(cx + hr)} ${n(cy - hr * 1.3)} ${n(cx + hr * 0.95)} ${n(cy + hr * 0.1)}Q${n(cx + hr * 0.4)} ${n(cy - hr * 0.75)} ${n(cx - hr * 0.95)} ${n(cy + hr * 0.1)}Z" fill="${hair}"/>`
  return svgDoc(c, defs, body)
}

export function illustSvg(c: Canvas, seed: string): string {
  const r = rngFrom(seed)
  const style = r()
  if (style < 0.4) return landscape(c, r, null)
  if (style < 0.6) return colourField(c, r)
  if (style < 0.8) return geometric(c, r)
  return portrait(c, r)
}

/** One frame of an animated work: the landscape with the sun and sky moving through a cycle. */
export function ugoiraFrameSvg(c: Canvas, seed: string, frame: number, frames: number): string {
  return landscape(c, rngFrom(seed), frames > 0 ? frame / frames : 0)
}

// ---------------------------------------------------------------------------------------------
// Manga pages: monochrome panel layouts with a page number

interface Panel {
  pts: [number, number][]
  x: number
  y: number
  w: number
  h: number
}

function panelContent(p: Panel, r: Rng, vw: number): string {
  const { x, y, w, h } = p
  const m = Math.min(w, h)
  const ink = '#111'
  const kind = int(r, 0, 4)
  let out = ''
  if (kind === 0) {
    // speed lines toward a focal point, with a head in the centre
    const fx = x + w * between(r, 0.3, 0.7)
    const fy = y + h * between(r, 0.3, 0.7)
    const rays = int(r, 18, 30)
    const R = Math.hypot(w, h)
    let d = ''
    for (let i = 0; i < rays; i++) {
      const a = (i / rays) * Math.PI * 2 + r() * 0.15
      const a2 = a + 0.025 + r() * 0.02
      const r0 = m * between(r, 0.25, 0.4)
      d += `M${n(fx + Math.cos(a) * r0)} ${n(fy + Math.sin(a) * r0)}L${n(fx + Math.cos(a) * R)} ${n(fy + Math.sin(a) * R)}L${n(fx + Math.cos(a2) * R)} ${n(fy + Math.sin(a2) * R)}Z`
    }
    out += `<path d="${d}" fill="${ink}"/><circle cx="${n(fx)}" cy="${n(fy)}" r="${n(m * 0.14)}" fill="#fff" stroke="${ink}" stroke-width="${n(vw * 0.004)}"/>`
  } else if (kind === 1) {
    // grey tone with a standing figure
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="#d0d0d0"/>`
    out += `<rect x="${n(x)}" y="${n(y + h * 0.78)}" width="${n(w)}" height="${n(h * 0.22)}" fill="#9a9a9a"/>`
    out += figure(x + w * between(r, 0.25, 0.75), y + h * 0.92, h * 0.75, ink, '#fff', r)
  } else if (kind === 2) {
    // city skyline with hatched sky
    let d = ''
    const lines = int(r, 5, 9)
    for (let i = 0; i < lines; i++) d += `M${n(x)} ${n(y + (h * 0.5 * (i + 1)) / (lines + 1))}h${n(w)}`
    out += `<path d="${d}" stroke="#888" stroke-width="${n(vw * 0.002)}"/>`
    let bx = x
    while (bx < x + w) {
      const bw = w * between(r, 0.08, 0.2)
      const bh = h * between(r, 0.25, 0.7)
      out += `<rect x="${n(bx)}" y="${n(y + h - bh)}" width="${n(bw * 0.95)}" height="${n(bh)}" fill="${ink}"/>`
      for (let k = 0; k < 3; k++)
        out += `<rect x="${n(bx + bw * between(r, 0.15, 0.7))}" y="${n(y + h - bh * between(r, 0.2, 0.9))}" width="${n(bw * 0.14)}" height="${n(bw * 0.14)}" fill="#fff"/>`
      bx += bw
    }
  } else if (kind === 3) {
    // close-up of an eye
    const cx = x + w / 2
    const cy = y + h / 2
    const ew = w * 0.38
    const eh = h * 0.22
    out += `<path d="M${n(cx - ew)} ${n(cy)}Q${n(cx)} ${n(cy - eh * 1.6)} ${n(cx + ew)} ${n(cy)}Q${n(cx)} ${n(cy + eh * 1.2)} ${n(cx - ew)} ${n(cy)}Z" fill="#fff" stroke="${ink}" stroke-width="${n(vw * 0.006)}"/>`
    out += `<circle cx="${n(cx)}" cy="${n(cy - eh * 0.1)}" r="${n(eh * 0.75)}" fill="${ink}"/><circle cx="${n(cx + eh * 0.25)}" cy="${n(cy - eh * 0.35)}" r="${n(eh * 0.22)}" fill="#fff"/>`
    out += `<path d="M${n(cx - ew * 1.05)} ${n(cy - eh * 0.2)}Q${n(cx)} ${n(cy - eh * 2.1)} ${n(cx + ew * 1.1)} ${n(cy - eh * 0.3)}" fill="none" stroke="${ink}" stroke-width="${n(vw * 0.01)}"/>`
    out += `<path d="M${n(cx - ew)} ${n(cy - eh * 2.4)}Q${n(cx)} ${n(cy - eh * 3)} ${n(cx + ew)} ${n(cy - eh * 2.6)}" fill="none" stroke="${ink}" stroke-width="${n(vw * 0.007)}"/>`
  } else {
    // gradient tone, landscape ridge and a small figure
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#tone)"/>`
    const base = y + h * 0.75
    out += `<path d="M${n(x)} ${n(y + h)}L${n(x)} ${n(base)}Q${n(x + w * 0.3)} ${n(base - h * between(r, 0.1, 0.3))} ${n(x + w * 0.6)} ${n(base)}T${n(x + w)} ${n(base - h * 0.1)}L${n(x + w)} ${n(y + h)}Z" fill="#333"/>`
    out += figure(x + w * between(r, 0.2, 0.8), base + h * 0.02, h * 0.35, ink, null, r)
  }
  return out
}

export function mangaSvg(c: Canvas, seed: string, page: number): string {
  const r = rngFrom(seed)
  const { vw, vh } = c
  const mx = vw * 0.07
  const top = vh * 0.06
  const bottom = vh * 0.92
  const g = vw * 0.022
  const rows = int(r, 2, 4)
  const rw = Array.from({ length: rows }, () => between(r, 0.7, 1.3))
  const rs = rw.reduce((a, b) => a + b, 0)
  const panels: Panel[] = []
  let y = top
  const availH = bottom - top - g * (rows - 1)
  for (let i = 0; i < rows; i++) {
    const h = (availH * (rw[i] as number)) / rs
    const cols = int(r, 1, 3)
    const cw = Array.from({ length: cols }, () => between(r, 0.6, 1.4))
    const cs = cw.reduce((a, b) => a + b, 0)
    const availW = vw - 2 * mx - g * (cols - 1)
    let x = mx
    let prevSlant = 0
    for (let j = 0; j < cols; j++) {
      const w = (availW * (cw[j] as number)) / cs
      // slanted gutters between columns: the right edge leans by `slant`, the next panel follows it
      const slant = j < cols - 1 ? w * between(r, -0.15, 0.15) : 0
      panels.push({
        pts: [
          [x + prevSlant, y],
          [x + w + slant, y],
          [x + w - slant, y + h],
          [x - prevSlant, y + h],
        ],
        x: x - Math.abs(prevSlant),
        y,
        w: w + Math.abs(prevSlant) + Math.abs(slant),
        h,
      })
      prevSlant = slant
      x += w + g
    }
    y += h + g
  }
  const defs =
    `<linearGradient id="tone" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#8c8c8c"/></linearGradient>` +
    panels
      .map(
        (p, i) =>
          `<clipPath id="p${i}"><polygon points="${p.pts.map(([a, b]) => `${n(a)},${n(b)}`).join(' ')}"/></clipPath>`,
      )
      .join('')
  let body = `<rect width="${n(vw)}" height="${n(vh)}" fill="#fbfbf8"/>`
  panels.forEach((p, i) => {
    body += `<g clip-path="url(#p${i})">${panelContent(p, r, vw)}</g>`
    body += `<polygon points="${p.pts.map(([a, b]) => `${n(a)},${n(b)}`).join(' ')}" fill="none" stroke="#111" stroke-width="${n(vw * 0.006)}"/>`
  })
  // speech bubbles with vertical "text" strokes
  const bubbles = int(r, 1, 3)
  for (let i = 0; i < bubbles; i++) {
    const p = pick(r, panels)
    const bx = p.x + p.w * between(r, 0.25, 0.75)
    const by = p.y + p.h * between(r, 0.2, 0.5)
    const rx = vw * between(r, 0.05, 0.08)
    const ry = rx * between(r, 1.2, 1.6)
    const tail = r() < 0.5 ? -1 : 1
    body += `<path d="M${n(bx + tail * rx * 0.3)} ${n(by + ry * 0.8)}L${n(bx + tail * rx * 1.1)} ${n(by + ry * 1.5)}L${n(bx + tail * rx * 0.7)} ${n(by + ry * 0.5)}Z" fill="#fff" stroke="#111" stroke-width="${n(vw * 0.003)}"/>`
    body += `<ellipse cx="${n(bx)}" cy="${n(by)}" rx="${n(rx)}" ry="${n(ry)}" fill="#fff" stroke="#111" stroke-width="${n(vw * 0.003)}"/>`
    const cols = int(r, 2, 4)
    let d = ''
    for (let k = 0; k < cols; k++) {
      const lx = bx + rx * 0.45 - (k * rx * 0.9) / Math.max(1, cols - 1)
      const len = ry * between(r, 0.6, 1.2)
      d += `M${n(lx)} ${n(by - ry * 0.6)}v${n(len)}`
    }
    body += `<path d="${d}" stroke="#666" stroke-width="${n(vw * 0.005)}" stroke-linecap="round"/>`
  }
  body += `<text x="${n(vw / 2)}" y="${n(vh * 0.965)}" font-family="DejaVu Sans, sans-serif" font-size="${n(vw * 0.032)}" fill="#333" text-anchor="middle">${page + 1}</text>`
  return svgDoc(c, defs, body)
}

// ---------------------------------------------------------------------------------------------
// Novel covers (portrait 1:1.414, typographic)

export const COVER_VW = 1000
export const COVER_VH = 1414

const ADJ = [
  'Quiet',
  'Silver',
  'Last',
  'Hidden',
  'Paper',
  'Winter',
  'Distant',
  'Burning',
  'Blue',
  'Hollow',
  'Glass',
  'Midnight',
  'Salt',
  'Lantern',
  'Northern',
  'Velvet',
]
const NOUN = [
  'Harbour',
  'Garden',
  'Orchard',
  'Letters',
  'Tide',
  'Station',
  'Lighthouse',
  'Rain',
  'Mirror',
  'Archive',
  'Comet',
  'River',
  'Theatre',
  'Meadow',
  'Signal',
  'Summer',
]
const NAMES = [
  'A. Morrow',
  'K. Sato',
  'E. Lindqvist',
  'R. Okafor',
  'M. Ishida',
  'J. Calloway',
  'H. Amano',
  'L. Duarte',
  'S. Kuroda',
  'V. Marchetti',
]

function coverTitle(r: Rng): string[] {
  const form = int(r, 0, 3)
  const a = pick(r, ADJ)
  const b = pick(r, NOUN)
  const c2 = pick(r, NOUN)
  if (form === 0) return ['The', `${a} ${b}`]
  if (form === 1) return [b, 'of the', c2]
  if (form === 2) return [a, b]
  return ['A', `${b} for`, `the ${a}`]
}

/** font size so a line of `len` characters fits `width` (DejaVu's average advance ≈ 0.6 em) */
const fitFont = (len: number, width: number, max: number, adv = 0.62) => Math.min(max, width / (Math.max(1, len) * adv))

export function coverSvg(c: Canvas, seed: string): string {
  const r = rngFrom(seed)
  const W = COVER_VW
  const H = COVER_VH
  const schemes: [number, number, number, number, number, number][] = [
    // bg h,s,l ; ink lightness ; accent h,s
    [222, 45, 18, 92, 42, 70],
    [350, 50, 24, 92, 40, 70],
    [150, 30, 20, 90, 25, 65],
    [40, 35, 88, 14, 8, 80],
    [205, 18, 30, 94, 12, 85],
    [32, 70, 52, 10, 200, 30],
    [0, 0, 10, 94, 4, 85],
    [190, 40, 82, 16, 350, 70],
  ]
  const [bh0, bs, bl, inkL, ah0, as] = pick(r, schemes)
  const bh = bh0 + between(r, -15, 15)
  const bg = hsl(bh, bs, bl)
  const ink = hsl(bh, 20, inkL)
  const accent = hsl(ah0 + between(r, -10, 10), as, bl > 50 ? 45 : 62)
  const lines = coverTitle(r)
  const author = pick(r, NAMES)
  const layout = int(r, 0, 2)
  const serif = 'DejaVu Serif, serif'
  const sans = 'DejaVu Sans, sans-serif'
  let body = `<rect width="${W}" height="${H}" fill="${bg}"/>`
  const titleBlock = (
    cy: number,
    family: string,
    weight: string,
    anchor: 'middle' | 'start',
    x: number,
    width: number,
  ) => {
    const fs = Math.min(...lines.map((l) => fitFont(l.length, width, 150)))
    const lh = fs * 1.15
    const y0 = cy - ((lines.length - 1) * lh) / 2 + fs * 0.35
    return lines
      .map((l, i) => {
        const small = l.length <= 6 && lines.length > 1 && i !== lines.length - 1 && /^(The|A|of the)$/.test(l)
        const size = small ? fs * 0.55 : fs
        return `<text x="${n(x)}" y="${n(y0 + i * lh)}" font-family="${family}" font-weight="${weight}" font-size="${n(size)}" fill="${ink}" text-anchor="${anchor}"${small ? ' font-style="italic"' : ''}>${l}</text>`
      })
      .join('')
  }
  if (layout === 0) {
    // classic: double frame, kicker, centred serif title, ornament, author
    body += `<rect x="50" y="50" width="${W - 100}" height="${H - 100}" fill="none" stroke="${accent}" stroke-width="8"/>`
    body += `<rect x="72" y="72" width="${W - 144}" height="${H - 144}" fill="none" stroke="${accent}" stroke-width="3"/>`
    body += `<text x="${W / 2}" y="230" font-family="${sans}" font-size="38" letter-spacing="14" fill="${accent}" text-anchor="middle">A NOVEL</text>`
    body += titleBlock(H * 0.42, serif, 'bold', 'middle', W / 2, W - 260)
    const oy = H * 0.66
    body += `<path d="M260 ${oy}H440M560 ${oy}H740" stroke="${accent}" stroke-width="4"/><path d="M500 ${oy - 34}L534 ${oy}L500 ${oy + 34}L466 ${oy}Z" fill="${accent}"/>`
    body += `<circle cx="500" cy="${n(H * 0.78)}" r="${n(between(r, 40, 70))}" fill="none" stroke="${accent}" stroke-width="4"/>`
    body += `<text x="${W / 2}" y="${H - 170}" font-family="${serif}" font-size="52" letter-spacing="6" fill="${ink}" text-anchor="middle">${author}</text>`
  } else if (layout === 1) {
    // modern: title top-left in bold sans, a sun-and-lines emblem in a colour block below
    const blockY = H * between(r, 0.5, 0.6)
    body += `<rect y="${n(blockY)}" width="${W}" height="${n(H - blockY)}" fill="${accent}"/>`
    const cy = blockY + (H - blockY) * 0.45
    const rad = between(r, 120, 200)
    body += `<circle cx="${n(W * between(r, 0.35, 0.65))}" cy="${n(cy)}" r="${n(rad)}" fill="${bg}"/>`
    for (let i = 0; i < 6; i++)
      body += `<rect y="${n(cy + rad * 0.2 + i * 26)}" width="${W}" height="${n(10 - i)}" fill="${accent}"/>`
    const fs = Math.min(...lines.map((l) => fitFont(l.length, W - 180, 170, 0.68)))
    lines.forEach((l, i) => {
      body += `<text x="90" y="${n(200 + fs + i * fs * 1.05)}" font-family="${sans}" font-weight="bold" font-size="${n(fs)}" fill="${ink}">${l}</text>`
    })
    body += `<rect x="90" y="150" width="120" height="14" fill="${accent}"/>`
    body += `<text x="90" y="${n(blockY - 60)}" font-family="${sans}" font-size="46" letter-spacing="4" fill="${ink}">${author}</text>`
  } else {
    // band: stripes across the middle carrying the title
    const bandY = H * between(r, 0.3, 0.42)
    const bandH = H * 0.34
    body += `<rect y="${n(bandY)}" width="${W}" height="${n(bandH)}" fill="${ink}"/>`
    body += `<rect y="${n(bandY - 30)}" width="${W}" height="10" fill="${accent}"/><rect y="${n(bandY + bandH + 20)}" width="${W}" height="10" fill="${accent}"/>`
    const fs = Math.min(...lines.map((l) => fitFont(l.length, W - 200, 140)))
    lines.forEach((l, i) => {
      const y = bandY + bandH / 2 - ((lines.length - 1) * fs * 1.1) / 2 + fs * 0.35 + i * fs * 1.1
      body += `<text x="${W / 2}" y="${n(y)}" font-family="${serif}" font-size="${n(fs)}" fill="${bg}" text-anchor="middle">${l}</text>`
    })
    const dots = int(r, 5, 9)
    for (let i = 0; i < dots; i++)
      body += `<circle cx="${n(W / 2 + (i - (dots - 1) / 2) * 60)}" cy="${n(H * 0.86)}" r="10" fill="${accent}"/>`
    body += `<text x="${W / 2}" y="${n(H * 0.16)}" font-family="${serif}" font-style="italic" font-size="54" fill="${ink}" text-anchor="middle">${author}</text>`
  }
  return svgDoc({ ...c, vw: W, vh: H }, '', body)
}

export function defaultCoverSvg(c: Canvas): string {
  const W = COVER_VW
  const H = COVER_VH
  const cx = W / 2
  const cy = H * 0.46
  const body =
    `<rect width="${W}" height="${H}" fill="#eeece6"/>` +
    `<rect x="40" y="40" width="${W - 80}" height="${H - 80}" fill="none" stroke="#d3cec4" stroke-width="6"/>` +
    // an open book
    `<path d="M${cx} ${cy - 110}C${cx - 90} ${cy - 170} ${cx - 210} ${cy - 160} ${cx - 280} ${cy - 120}V${cy + 150}C${cx - 210} ${cy + 110} ${cx - 90} ${cy + 100} ${cx} ${cy + 160}Z" fill="#c9c3b6"/>` +
    `<path d="M${cx} ${cy - 110}C${cx + 90} ${cy - 170} ${cx + 210} ${cy - 160} ${cx + 280} ${cy - 120}V${cy + 150}C${cx + 210} ${cy + 110} ${cx + 90} ${cy + 100} ${cx} ${cy + 160}Z" fill="#bdb6a7"/>` +
    `<path d="M${cx - 230} ${cy - 70}C${cx - 160} ${cy - 100} ${cx - 90} ${cy - 90} ${cx - 40} ${cy - 60}M${cx - 230} ${cy - 10}C${cx - 160} ${cy - 40} ${cx - 90} ${cy - 30} ${cx - 40} ${cy}M${cx + 40} ${cy - 60}C${cx + 90} ${cy - 90} ${cx + 160} ${cy - 100} ${cx + 230} ${cy - 70}M${cx + 40} ${cy}C${cx + 90} ${cy - 30} ${cx + 160} ${cy - 40} ${cx + 230} ${cy - 10}" fill="none" stroke="#eeece6" stroke-width="10"/>` +
    `<text x="${cx}" y="${n(H * 0.7)}" font-family="DejaVu Sans, sans-serif" font-size="64" letter-spacing="22" fill="#a49d8f" text-anchor="middle">NOVEL</text>`
  return svgDoc({ ...c, vw: W, vh: H }, '', body)
}

// ---------------------------------------------------------------------------------------------
// Profiles and placeholders

export function avatarSvg(c: Canvas, seed: string): string {
  const r = rngFrom(seed)
  const S = 200
  const h = r() * 360
  let body = `<rect width="${S}" height="${S}" fill="${hsl(h, 55, 72)}"/>`
  const pattern = int(r, 0, 2)
  if (pattern === 0)
    for (let i = 0; i < 6; i++)
      body += `<rect x="${i * 40 - 10}" y="0" width="16" height="${S}" fill="${hsl(h + 20, 60, 80)}" transform="rotate(25 100 100)"/>`
  else if (pattern === 1)
    for (let i = 0; i < 7; i++)
      body += `<circle cx="${n(r() * S)}" cy="${n(r() * S)}" r="${n(between(r, 8, 30))}" fill="${hsl(h - 30, 70, 82)}"/>`
  else body += `<circle cx="100" cy="80" r="70" fill="${hsl(h + 40, 70, 82)}"/>`
  const fg = hsl(h + 180, 35, between(r, 22, 40))
  const hair = hsl(h + between(r, 90, 270), 55, between(r, 15, 45))
  const style = int(r, 0, 2)
  if (style === 1) body += `<path d="M58 82Q50 170 70 178H130Q150 170 142 82Z" fill="${hair}"/>`
  body += `<path d="M28 200Q30 140 100 136Q170 140 172 200Z" fill="${fg}"/><ellipse cx="100" cy="88" rx="38" ry="44" fill="${fg}"/>`
  if (style === 0) body += `<path d="M60 84Q60 38 100 40Q140 38 140 84Q120 58 60 84Z" fill="${hair}"/>`
  else if (style === 1)
    body += `<path d="M60 88Q58 38 100 40Q142 38 140 88Q130 56 100 60Q74 58 60 88Z" fill="${hair}"/>`
  else
    body += `<circle cx="100" cy="36" r="18" fill="${hair}"/><path d="M62 80Q62 42 100 44Q138 42 138 80Q110 62 62 80Z" fill="${hair}"/>`
  return svgDoc({ ...c, vw: S, vh: S }, '', body)
}

export function noProfileSvg(c: Canvas): string {
  const body =
    `<rect width="200" height="200" fill="#e6e6e6"/>` +
    `<path d="M28 200Q30 140 100 136Q170 140 172 200Z" fill="#c2c2c2"/><ellipse cx="100" cy="88" rx="38" ry="44" fill="#c2c2c2"/>`
  return svgDoc({ ...c, vw: 200, vh: 200 }, '', body)
}

export type PlaceholderKind = 'sanity_level' | 'unviewable' | 'mypixiv' | 'unknown'

export function placeholderSvg(c: Canvas, kind: PlaceholderKind): string {
  const S = 360
  const fg = '#f2f2f2'
  const lock = (x: number, y: number, s: number) =>
    `<path d="M${x - s * 0.28} ${y}V${y - s * 0.2}A${s * 0.28} ${s * 0.28} 0 0 1 ${x + s * 0.28} ${y - s * 0.2}V${y}" fill="none" stroke="${fg}" stroke-width="${s * 0.09}"/>` +
    `<rect x="${x - s * 0.42}" y="${y}" width="${s * 0.84}" height="${s * 0.6}" rx="${s * 0.08}" fill="${fg}"/>` +
    `<circle cx="${x}" cy="${y + s * 0.24}" r="${s * 0.08}" fill="#3b4048"/><rect x="${x - s * 0.03}" y="${y + s * 0.26}" width="${s * 0.06}" height="${s * 0.18}" fill="#3b4048"/>`
  let icon: string
  let label: string
  if (kind === 'sanity_level') {
    icon =
      `<path d="M100 160Q180 80 260 160Q180 240 100 160Z" fill="none" stroke="${fg}" stroke-width="12"/>` +
      `<circle cx="180" cy="160" r="30" fill="${fg}"/><path d="M110 230L250 90" stroke="#3b4048" stroke-width="26"/><path d="M110 230L250 90" stroke="${fg}" stroke-width="12" stroke-linecap="round"/>`
    label = 'Sensitive content'
  } else if (kind === 'unviewable') {
    icon = lock(180, 160, 150)
    label = 'Not available'
  } else if (kind === 'mypixiv') {
    icon =
      lock(160, 160, 130) +
      `<circle cx="250" cy="200" r="22" fill="${fg}"/><path d="M214 262Q216 226 250 226Q284 226 286 262Z" fill="${fg}"/>`
    label = 'My pixiv only'
  } else {
    icon =
      `<circle cx="180" cy="150" r="72" fill="none" stroke="${fg}" stroke-width="12"/>` +
      `<text x="180" y="182" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="96" fill="${fg}" text-anchor="middle">?</text>`
    label = 'Unknown'
  }
  const defs = `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a5058"/><stop offset="1" stop-color="#2c3036"/></linearGradient>`
  const body =
    `<rect width="${S}" height="${S}" fill="url(#bg)"/>${icon}` +
    `<text x="180" y="310" font-family="DejaVu Sans, sans-serif" font-size="24" fill="#d6d6d6" text-anchor="middle">${label}</text>`
  return svgDoc({ ...c, vw: S, vh: S }, defs, body)
}
