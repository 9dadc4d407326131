// Which thumbnail a grid cell loads: the smallest of the service's sizes that covers the cell at the device pixel
// ratio the image-quality setting allows. `squareMedium` is a square crop, so it never serves a justified cell.

import type { ImageUrls } from '../../../api/model.ts'
import type { ImageQuality } from '../../../lib/settings.ts'
import {
  THUMB_LARGE_BOX,
  THUMB_MAX_DPR,
  THUMB_MEDIUM_BOX,
  THUMB_SMALL_BOX,
  THUMB_UPSCALE_TOLERANCE,
} from '../../../tunables.ts'

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

export type ThumbnailSize = 'small' | 'medium' | 'large'

/** Source pixels per CSS pixel a box of `boxWidth`×`boxHeight` needs, at the pixel ratio `quality` allows. */
function neededScale(
  { width, height }: Pick<ThumbnailInput, 'width' | 'height'>,
  boxWidth: number,
  boxHeight: number,
  quality: ImageQuality,
  devicePixelRatio: number,
): number {
  const dpr = Math.min(Math.max(1, devicePixelRatio), THUMB_MAX_DPR[quality])
  return Math.max(boxWidth / width, boxHeight / height) * dpr
}

/**
 * Whether the `large` size is enough for a work shown at `boxWidth`×`boxHeight` CSS px (the detail's image, fitted):
 * the grid's rule, so the original is only fetched where it shows more than `large` (a wide screen, the "high"
 * quality setting), not on a phone at the standard setting, where it would cost several times the bytes for nothing.
 */
export function largeCovers(
  work: Pick<ThumbnailInput, 'width' | 'height'>,
  boxWidth: number,
  boxHeight: number,
  quality: ImageQuality,
  devicePixelRatio = 1,
): boolean {
  if (!(work.width > 0 && work.height > 0 && boxWidth > 0 && boxHeight > 0)) return false
  const needed = neededScale(work, boxWidth, boxHeight, quality, devicePixelRatio)
  return fitScale(work.width, work.height, THUMB_LARGE_BOX) * THUMB_UPSCALE_TOLERANCE >= needed
}

/**
 * The size for a cell of `cellWidth`×`cellHeight` CSS px showing the image with `object-fit: cover`. Data-saver
 * never takes `large`. When the work is no bigger than the small box, small and medium are the same image: medium
 * wins, as the URL every App-API server has.
 */
export function thumbnailSize(
  work: Pick<ThumbnailInput, 'width' | 'height'>,
  cellWidth: number,
  cellHeight: number,
  quality: ImageQuality,
  devicePixelRatio = 1,
): ThumbnailSize {
  const { width, height } = work
  if (!(width > 0 && height > 0)) return 'medium'
  // Source pixels per CSS pixel the cell needs (cover: the larger of the two axes' scales), in device pixels.
  const needed = neededScale(work, cellWidth, cellHeight, quality, devicePixelRatio)
  const covers = (scale: number) => scale * THUMB_UPSCALE_TOLERANCE >= needed
  const small = fitScale(width, height, THUMB_SMALL_BOX)
  const medium = fitScale(width, height, THUMB_MEDIUM_BOX)
  if (small < medium && covers(small)) return 'small'
  if (quality === 'data-saver' || covers(medium)) return 'medium'
  return fitScale(width, height, THUMB_LARGE_BOX) > medium ? 'large' : 'medium'
}

// Our service and pixiv's CDN name sizes the same way: the small size is the medium path with the 360 token.
const MEDIUM_SEGMENT = '/c/540x540_70/img-master/'
const SMALL_SEGMENT = '/c/360x360_70/img-master/'
const MASTER_NAME = /_master1200\.jpg(?:[?#]|$)/

/** The fitted 360×360 URL beside a `medium` URL, or undefined when `medium` is not in the CDN's scheme. */
export function smallThumbnailUrl(medium: string): string | undefined {
  if (!medium.includes(MEDIUM_SEGMENT) || !MASTER_NAME.test(medium)) return undefined
  return medium.replace(MEDIUM_SEGMENT, SMALL_SEGMENT)
}

export function thumbnailUrl(
  work: ThumbnailInput,
  cellWidth: number,
  cellHeight: number,
  quality: ImageQuality,
  devicePixelRatio = 1,
): string {
  const size = thumbnailSize(work, cellWidth, cellHeight, quality, devicePixelRatio)
  if (size === 'small') return smallThumbnailUrl(work.imageUrls.medium) ?? work.imageUrls.medium
  return work.imageUrls[size]
}
