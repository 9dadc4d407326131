// Renders the PWA icons in public/ from the SVG artwork below (the same easel as public/favicon.svg), with sharp.
// The PNGs are committed; run this again only when the artwork changes:
//
//   node scripts/render-icons.mjs
//
// "any" icons keep the favicon's rounded square on a transparent ground. Maskable icons, the Apple touch icon and
// the shortcut icons fill the whole square (the platform cuts its own shape) and keep the drawing inside the
// maskable safe zone, a centred circle of 40 % of the size in radius.

import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const publicDir = join(root, 'public')

const BLUE = '#2f5d8a'
const PAPER = '#f8f7f4'

/** The easel with its canvas, drawn in a 64×64 box. */
const EASEL = `
  <path d="M20 52 30 14h4l10 38M24 40h16" fill="none" stroke="${PAPER}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
  <rect x="16" y="18" width="32" height="20" rx="2" fill="#f2b84b"/>
  <circle cx="25" cy="25" r="3" fill="${BLUE}"/>
  <path d="M18 36l10-8 6 5 5-4 9 7z" fill="#c0563f"/>`

/** Shortcut glyphs, drawn in the same box. */
const GLYPHS = {
  // Three podium bars.
  ranking: `<path d="M13 48V34h11v14zM26.5 48V20h11v28zM40 48V28h11v20z" fill="${PAPER}"/>
    <path d="M32 11l2 4 4.5.6-3.2 3.1.8 4.4-4.1-2.1-4.1 2.1.8-4.4-3.2-3.1 4.5-.6z" fill="#f2b84b"/>`,
  // A magnifying glass.
  search: `<circle cx="28" cy="28" r="12" fill="none" stroke="${PAPER}" stroke-width="5"/>
    <path d="M37 37l11 11" stroke="${PAPER}" stroke-width="6" stroke-linecap="round"/>`,
  // A heart, the bookmark mark.
  bookmarks: `<path d="M32 50S14 39 14 26.5C14 20 18.7 15 24.6 15c3.5 0 6 1.9 7.4 4.3 1.4-2.4 3.9-4.3 7.4-4.3C45.3 15 50 20 50 26.5 50 39 32 50 32 50z" fill="#e0607e"/>`,
}

/**
 * One icon as SVG: `shape` 'rounded' draws the favicon's rounded square on a transparent ground, 'full' fills the
 * square; the drawing is scaled by `scale` about the centre.
 */
function svg(drawing, { shape, scale }) {
  const ground =
    shape === 'rounded'
      ? `<rect width="64" height="64" rx="14" fill="${BLUE}"/>`
      : `<rect width="64" height="64" fill="${BLUE}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${ground}<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${drawing}</g></svg>`
}

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, svg: svg(EASEL, { shape: 'rounded', scale: 1 }) },
  { file: 'icons/icon-512.png', size: 512, svg: svg(EASEL, { shape: 'rounded', scale: 1 }) },
  // The easel reaches 24.1 units from the centre at scale 1; 0.95 keeps it inside the 25.6-unit safe circle.
  { file: 'icons/maskable-192.png', size: 192, svg: svg(EASEL, { shape: 'full', scale: 0.95 }) },
  { file: 'icons/maskable-512.png', size: 512, svg: svg(EASEL, { shape: 'full', scale: 0.95 }) },
  // iOS rounds the corners itself and shows transparency as black: a full, opaque square.
  { file: 'apple-touch-icon.png', size: 180, svg: svg(EASEL, { shape: 'full', scale: 1 }) },
  ...Object.entries(GLYPHS).map(([name, glyph]) => ({
    file: `icons/shortcut-${name}-96.png`,
    size: 96,
    svg: svg(glyph, { shape: 'full', scale: 0.9 }),
  })),
]

for (const icon of ICONS) {
  const out = join(publicDir, icon.file)
  await mkdir(dirname(out), { recursive: true })
  // density: rasterize the 64-unit viewBox at the target size directly, rather than scaling a small bitmap up.
  const png = await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer()
  await writeFile(out, png)
  console.log(`${relative(root, out)}  ${icon.size}×${icon.size}  ${png.length} B`)
}
