// Which thumbnail a grid cell loads: the smallest of the service's sizes that covers the cell at the device pixel
// ratio the image-quality setting allows. `squareMedium` is a square crop, so it never serves a justified cell.

import type { ImageUrls } from '../../../api/model.ts'
import type { ImageQuality } from '../../../lib/settings.ts'
import { THUMB_LARGE_BOX, THUMB_MAX_DPR, THUMB_MEDIUM_BOX, THUMB_UPSCALE_TOLERANCE } from '../../../tunables.ts'

export interface ThumbnailInput {
  /** The work's own size (its first page). */
  width: number
  height: number
  imageUrls: ImageUrls
}

/** The scale at which an image of `width`×`height` is stored when fitted into `box` (never upscaled). */
function fitScale(width: number, height: number, box: { width: number; height: number }): number {
  return Math.min(1, box.width / width, box.height / height)
}

export type ThumbnailSize = 'medium' | 'large'

/**
 * The size for a cell of `cellWidth`×`cellHeight` CSS px showing the image with `object-fit: cover`.
 */
export function thumbnailSize(
  work: Pick<ThumbnailInput, 'width' | 'height'>,
  cellWidth: number,
  cellHeight: number,
  quality: ImageQuality,
  devicePixelRatio = 1,
): ThumbnailSize {
  const { width, height } = work
  if (!(width > 0 && height > 0) || quality === 'data-saver') return 'medium'
  const dpr = Math.min(Math.max(1, devicePixelRatio), THUMB_MAX_DPR[quality])
  // Source pixels per CSS pixel the cell needs (cover: the larger of the two axes' scales), in device pixels.
  const needed = Math.max(cellWidth / width, cellHeight / height) * dpr
  const medium = fitScale(width, height, THUMB_MEDIUM_BOX)
  if (medium * THUMB_UPSCALE_TOLERANCE >= needed) return 'medium'
  return fitScale(width, height, THUMB_LARGE_BOX) > medium ? 'large' : 'medium'
}

export function thumbnailUrl(
  work: ThumbnailInput,
  cellWidth: number,
  cellHeight: number,
  quality: ImageQuality,
  devicePixelRatio = 1,
): string {
  return work.imageUrls[thumbnailSize(work, cellWidth, cellHeight, quality, devicePixelRatio)]
}
