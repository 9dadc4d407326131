// The pages of a work being posted or edited, as plain data and one reducer: each page is a file on its way (its
// bytes sent so far), a file the service refused or could not be reached with (retried on its own), or an upload
// the service holds (a file just sent, a draft's page after a reload, a posted work's own page). The order shown is
// the order posted. An ugoira is one such item: its file is the animation (or a zip of its frames), sent as `kind`
// ugoira, and its upload carries the frames' delays.

import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '../../api/posting-endpoints.ts'
import type { Upload, UploadKind } from '../../lib/posting-client.ts'

export type PageStatus = 'uploading' | 'failed' | 'uploaded'

/** Why a file was refused before it was sent: it could never be accepted as it is. */
export type LocalRefusal = 'type' | 'size'

export interface PageItem {
  /** Stable across moves (the list's React key). */
  key: string
  /** The local file: sent, and sent again on a retry. Absent for a page known only by its upload. */
  file?: File
  /** The file's name; '' for a page known only by its upload. */
  name: string
  /** What the tile shows: an object URL of the local file, or a posted page's image; none after a reload. */
  preview?: string
  status: PageStatus
  /** Bytes sent so far, of `total` (the file's size until the upload says otherwise). */
  sent: number
  total: number
  /** The service's record of the page, once it holds it. */
  upload?: Upload
  /** When the service took it (epoch ms; a draft keeps it: unused uploads are deleted after a day). */
  at?: number
  /** Why it failed: the error, put in words when shown (in the language of the moment). */
  error?: unknown
  /** A file the gallery refused itself: retrying would not help, so no Retry is offered. */
  refused?: LocalRefusal
  /** What the file is sent as (a page when absent); an upload with frame delays is an ugoira's whatever this says. */
  kind?: UploadKind
}

export type PageAction =
  | { type: 'add'; pages: readonly PageItem[] }
  | { type: 'progress'; key: string; sent: number; total: number }
  | { type: 'uploaded'; key: string; upload: Upload; at: number }
  | { type: 'failed'; key: string; error: unknown }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string }
  /** One place earlier (-1) or later (1). */
  | { type: 'move'; key: string; by: -1 | 1 }
  /** To the place of another page (a tile dropped on another). */
  | { type: 'moveTo'; key: string; to: string }
  /** Replaces the list: a draft's pages, a posted work's pages. */
  | { type: 'reset'; pages: readonly PageItem[] }

/**
 * The types an ugoira's file may be, as browsers name them: an animation (APNG as `image/apng` or `image/png`), or a
 * zip of frames (`application/x-zip-compressed` on Windows). The service reads the bytes.
 */
export const UGOIRA_FILE_TYPES = [
  'image/gif',
  'image/webp',
  'image/png',
  'image/apng',
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
] as const

/** What the gallery refuses in a file before sending it (the service checks the bytes themselves). */
export function localRefusal(file: Pick<File, 'type' | 'size'>, kind: UploadKind = 'page'): LocalRefusal | undefined {
  const types: readonly string[] = kind === 'ugoira' ? UGOIRA_FILE_TYPES : UPLOAD_TYPES
  // A type the browser does not know ('') is left to the service, which reads the bytes.
  if (file.type !== '' && !types.includes(file.type)) return 'type'
  if (file.size > MAX_UPLOAD_BYTES) return 'size'
  return undefined
}

/** A local file, about to be sent (or refused at once). */
export function localPage(key: string, file: File, preview?: string, kind: UploadKind = 'page'): PageItem {
  const refused = localRefusal(file, kind)
  return {
    key,
    file,
    name: file.name,
    preview,
    status: refused ? 'failed' : 'uploading',
    sent: 0,
    total: file.size,
    ...(refused ? { refused } : {}),
    ...(kind === 'page' ? {} : { kind }),
  }
}

/** A page the service holds already: a draft's (no preview), or a posted work's (its image). */
export function uploadedPage(key: string, upload: Upload, preview?: string, at?: number): PageItem {
  return {
    key,
    name: '',
    preview,
    status: 'uploaded',
    sent: upload.bytes,
    total: upload.bytes,
    upload,
    at,
    ...(upload.frame_delays ? { kind: 'ugoira' as const } : {}),
  }
}

/** Whether an item is an ugoira's frames (sent, or to be sent, as `kind` ugoira) rather than a page. */
export const isUgoiraItem = (page: Pick<PageItem, 'kind' | 'upload'>): boolean =>
  page.kind === 'ugoira' || page.upload?.frame_delays !== undefined

function update(pages: readonly PageItem[], key: string, change: (page: PageItem) => PageItem): readonly PageItem[] {
  const i = pages.findIndex((p) => p.key === key)
  if (i < 0) return pages
  const next = change(pages[i]!)
  return next === pages[i] ? pages : pages.map((p, j) => (j === i ? next : p))
}

function moved(pages: readonly PageItem[], from: number, to: number): readonly PageItem[] {
  if (from < 0 || to < 0 || from >= pages.length || to >= pages.length || from === to) return pages
  const next = [...pages]
  const [page] = next.splice(from, 1)
  next.splice(to, 0, page!)
  return next
}

export function pagesReducer(pages: readonly PageItem[], action: PageAction): readonly PageItem[] {
  switch (action.type) {
    case 'add':
      return [...pages, ...action.pages]
    case 'reset':
      return action.pages
    case 'progress':
      return update(pages, action.key, (p) =>
        p.status === 'uploading' ? { ...p, sent: Math.min(action.sent, action.total), total: action.total } : p,
      )
    case 'uploaded':
      return update(pages, action.key, (p) =>
        p.status === 'uploading'
          ? { ...p, status: 'uploaded', upload: action.upload, at: action.at, sent: p.total, error: undefined }
          : p,
      )
    case 'failed':
      return update(pages, action.key, (p) =>
        p.status === 'uploading' ? { ...p, status: 'failed', error: action.error } : p,
      )
    case 'retry':
      return update(pages, action.key, (p) =>
        p.status === 'failed' && p.file && !p.refused ? { ...p, status: 'uploading', sent: 0, error: undefined } : p,
      )
    case 'remove':
      return pages.filter((p) => p.key !== action.key)
    case 'move': {
      const from = pages.findIndex((p) => p.key === action.key)
      return from < 0 ? pages : moved(pages, from, from + action.by)
    }
    case 'moveTo':
      return moved(
        pages,
        pages.findIndex((p) => p.key === action.key),
        pages.findIndex((p) => p.key === action.to),
      )
  }
}

/** The upload ids in the order shown, once every page is uploaded; undefined while any is not. */
export function uploadIds(pages: readonly PageItem[]): number[] | undefined {
  const ids: number[] = []
  for (const p of pages) {
    if (p.status !== 'uploaded' || !p.upload) return undefined
    ids.push(p.upload.id)
  }
  return ids
}

/** The uploads held so far, in the order shown (what a draft keeps: a page still on its way is lost on a reload). */
export const heldUploads = (pages: readonly PageItem[]): { upload: Upload; at: number }[] =>
  pages.flatMap((p) => (p.status === 'uploaded' && p.upload ? [{ upload: p.upload, at: p.at ?? 0 }] : []))

/** Bytes of the pages together, as the service counts them against a work's limit (MAX_WORK_BYTES). */
export const totalBytes = (pages: readonly PageItem[]): number =>
  pages.reduce((sum, p) => sum + (p.upload?.bytes ?? p.total), 0)
