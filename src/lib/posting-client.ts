// The posting client: a member's uploads and the works made of them (the table's posting entries,
// src/api/posting-endpoints.ts). Calls go through the catalogue client's transport, so tokens, renewal and errors work
// as for every other call; an upload goes through upload-request.ts, which reports its progress, with the same token
// and renewal. Only the posting screens import it: the gallery's first script carries neither these entries nor
// these methods.

import { toIllust } from '../api/camel.ts'
import type { ClientParams } from '../api/endpoint-spec.ts'
import type { Illust } from '../api/model.ts'
import { POSTING_ENDPOINTS, RESTRICTS } from '../api/posting-endpoints.ts'
import type { WireHeldState, WireUpload } from '../api/wire-responses.ts'
import { list, type ApiClient, type CallOptions } from './api-client.ts'
import { sendFiles, type UploadAuth, type UploadOptions } from './upload-request.ts'

/**
 * One uploaded page, as the service made it (type read from its bytes, pixels after orientation); an ugoira's frames
 * (`ext` zip) carry `frame_delays`, each frame's delay in ms as its animation played.
 */
export type Upload = WireUpload

/** What an upload is: one page of a work, or an ugoira's frames (an animated GIF, WebP or PNG, or a zip of frames). */
export type UploadKind = 'page' | 'ugoira'

/** A work's fields as posted and edited, given whole (wire names: what the endpoint table takes). */
export type WorkParams = Omit<ClientParams<typeof POSTING_ENDPOINTS.addIllust>, 'upload_ids'> & {
  /** the pages, in order */
  upload_ids: readonly number[]
}

/** One of the caller's own series: its id, title and how many works or novels it holds. */
export interface OwnSeries {
  id: number
  title: string
  count: number
}

/**
 * A work or novel moderators hide: its author still sees and edits it, everyone else does not until an admin restores
 * it. `restrict` is the one its author chose and gets back then (its detail says private meanwhile).
 */
export interface HeldState {
  restrict: (typeof RESTRICTS)[number]
}

/** A posted work's pages, in order, as uploads; `held` while moderators hide it. */
export interface IllustPages {
  pages: Upload[]
  held: HeldState | null
}

/** The hold an answer tells its author of (null: none, or one this client cannot read). */
export function heldOf(w: { held?: WireHeldState | null }): HeldState | null {
  const restrict = w.held?.restrict
  return restrict !== undefined && (RESTRICTS as readonly string[]).includes(restrict) ? { restrict } : null
}

const done = () => undefined

function upload(w: { upload?: WireUpload | null }): Upload {
  const u = w.upload
  if (!u || typeof u.id !== 'number') throw new TypeError('missing upload')
  const delays = Array.isArray(u.frame_delays) ? u.frame_delays.filter((d) => typeof d === 'number') : undefined
  return {
    id: u.id,
    width: u.width,
    height: u.height,
    ext: u.ext,
    bytes: u.bytes,
    ...(delays ? { frame_delays: delays } : {}),
  }
}

function posted(w: { illust?: Parameters<typeof toIllust>[0] | null }): Illust {
  if (!w.illust || typeof w.illust.id !== 'number') throw new TypeError('missing illust')
  return toIllust(w.illust)
}

/**
 * One method per posting entry, named as the entry (the endpoint-table test checks this). `auth`: how an upload gets
 * its token and renews it (the session's, as the catalogue client's; none in tests that upload nothing); `baseUrl`:
 * the service's origin, `''` for the page's own.
 */
export function createPostingClient(api: Pick<ApiClient, 'callEndpoint'>, auth: UploadAuth = {}, baseUrl = '') {
  const call = api.callEndpoint
  const E = POSTING_ENDPOINTS
  const work = (params: WorkParams) => ({
    ...params,
    upload_ids: [...params.upload_ids],
    ...(params.frame_delays ? { frame_delays: [...params.frame_delays] } : {}),
  })
  return {
    /**
     * One page's image, or (`kind` ugoira) an ugoira's frames, whose answer has their delays; `onProgress` follows its
     * bytes as they are sent.
     */
    addUpload(file: File, { kind = 'page', ...opts }: UploadOptions & { kind?: UploadKind } = {}): Promise<Upload> {
      const fields: Record<string, File | string> = kind === 'page' ? { file } : { file, kind }
      return sendFiles(baseUrl.replace(/\/+$/, '') + E.addUpload.path, fields, auth, opts, upload)
    },
    /** Posts a work of uploaded pages, in the order given. */
    addIllust(params: WorkParams, opts?: CallOptions): Promise<Illust> {
      return call(E.addIllust, work(params), opts, posted)
    },
    /** Gives one's own work whole again: fields, and pages (its own and new uploads) in their new order. */
    editIllust(illustId: number, params: WorkParams, opts?: CallOptions): Promise<Illust> {
      return call(E.editIllust, { illust_id: illustId, ...work(params) }, opts, posted)
    },
    /** Deletes one's own work: its pages' files too. */
    deleteIllust(illustId: number, opts?: CallOptions): Promise<void> {
      return call(E.deleteIllust, { illust_id: illustId }, opts, done)
    },
    /**
     * One's own posted work's pages, in order, as uploads (what editIllust's `upload_ids` name), and whether
     * moderators hide it.
     */
    illustPages(illustId: number, opts?: CallOptions): Promise<IllustPages> {
      return call(E.illustPages, { illust_id: illustId }, opts, (w) => ({
        pages: list(w.pages).map((p) => upload({ upload: p })),
        held: heldOf(w),
      }))
    },
    /** The caller's own series of works or of novels, the newest first (what a work or a novel may join). */
    ownSeries(kind: 'illust' | 'novel', opts?: CallOptions): Promise<OwnSeries[]> {
      return call(E.ownSeries, { kind }, opts, (w) =>
        list(w.series).map((s) => ({ id: s.id, title: s.title, count: s.count })),
      )
    },
  }
}

export type PostingClient = ReturnType<typeof createPostingClient>
