// Spec → bytes. SVG strings from art.ts are rasterised by sharp (librsvg) straight at the output size.

import { zipSync, type Zippable } from 'fflate'
import sharp from 'sharp'
import {
  avatarSvg,
  coverSvg,
  defaultCoverSvg,
  illustSvg,
  mangaSvg,
  noProfileSvg,
  placeholderSvg,
  ugoiraFrameSvg,
  type Canvas,
} from './art.ts'
import type { ArtSubject, ImageSpec, RasterSpec } from './image-request.ts'
import { isLibrarySpec, libraryOutput, renderLibrarySpec, type SourceReader } from './library-images.ts'

/** Bump when any drawing or encoding changes: it is part of every cache file name and ETag. */
export const RENDERER_VERSION = 1

// Every render starts from a fresh SVG buffer, so libvips' operation cache never hits; it only holds memory.
sharp.cache(false)

function svgFor(subject: ArtSubject, c: Canvas): string {
  switch (subject.k) {
    case 'illust':
      return illustSvg(c, subject.seed)
    case 'manga':
      return mangaSvg(c, subject.seed, subject.page)
    case 'ugoira':
      return ugoiraFrameSvg(c, subject.seed, subject.frame, subject.frames)
    case 'cover':
      return coverSvg(c, subject.seed)
    case 'default-cover':
      return defaultCoverSvg(c)
    case 'avatar':
      return avatarSvg(c, subject.seed)
    case 'no-profile':
      return noProfileSvg(c)
    case 'placeholder':
      return placeholderSvg(c, subject.kind)
  }
}

async function rasterise(svg: string, fmt: 'jpeg' | 'png', q: number): Promise<Buffer> {
  const img = sharp(Buffer.from(svg))
  // PNG originals at zlib's highest level: still lossless, 0.6x the bytes of level 6 on a 2266 px original (100 kB
  // instead of 163 kB; the detail view's largest paint on a phone), for about 0.2 s more of a render done once and cached.
  if (fmt === 'png')
    return img.flatten({ background: '#ffffff' }).png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer()
  return img.jpeg({ quality: q, mozjpeg: false }).toBuffer()
}

async function renderRaster(spec: RasterSpec): Promise<Buffer> {
  return rasterise(svgFor(spec.subject, { vw: spec.vw, vh: spec.vh, w: spec.w, h: spec.h }), spec.fmt, spec.q)
}

// DOS timestamps in zip headers only cover 1980–2107
const ZIP_MIN_TS = Date.UTC(1980, 0, 2) / 1000
const ZIP_MAX_TS = Date.UTC(2099, 11, 31) / 1000

/** `read`: the bytes of an imported work's file by the path its row names (library-images.ts) */
export async function renderSpec(spec: ImageSpec, read?: SourceReader): Promise<Buffer> {
  if (spec.t === 'raster') return renderRaster(spec)
  // an imported work's images: from its own files
  if (isLibrarySpec(spec)) return renderLibrarySpec(spec, read)
  const canvas = { vw: spec.vw, vh: spec.vh, w: spec.w, h: spec.h }
  const mtime = new Date(Math.min(ZIP_MAX_TS, Math.max(ZIP_MIN_TS, spec.mtime)) * 1000)
  const files: Zippable = {}
  // frames one after another: the whole zip holds one render slot, so it must not fan out further
  for (let i = 0; i < spec.frames; i++) {
    const jpg = await rasterise(ugoiraFrameSvg(canvas, spec.seed, i, spec.frames), 'jpeg', spec.q)
    files[`${String(i).padStart(6, '0')}.jpg`] = [
      new Uint8Array(jpg.buffer, jpg.byteOffset, jpg.byteLength),
      { level: 0, mtime },
    ]
  }
  const zip = zipSync(files, { level: 0, mtime })
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength)
}

export const contentTypeOf = (spec: ImageSpec) =>
  isLibrarySpec(spec)
    ? libraryOutput(spec).type
    : spec.t === 'zip'
      ? 'application/zip'
      : spec.fmt === 'png'
        ? 'image/png'
        : 'image/jpeg'
export const extensionOf = (spec: ImageSpec) =>
  isLibrarySpec(spec) ? libraryOutput(spec).ext : spec.t === 'zip' ? 'zip' : spec.fmt === 'png' ? 'png' : 'jpg'
