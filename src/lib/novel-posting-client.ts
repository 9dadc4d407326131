// The novel posting client: a member's novels, posted, edited and deleted, and a posted novel's text as its author
// wrote it (the table's novel entries of src/api/posting-endpoints.ts). Calls go through the catalogue client's
// transport, so tokens, renewal and errors work as for every other call. Images and covers are uploads, sent by the
// posting client's addUpload (posting-client.ts). Only the novel editor imports it: the gallery's first script carries
// neither these entries nor these methods.

import { toNovel } from '../api/camel.ts'
import type { ClientParams } from '../api/endpoint-spec.ts'
import type { Novel } from '../api/model.ts'
import { POSTING_ENDPOINTS } from '../api/posting-endpoints.ts'
import type { WireNovel } from '../api/wire.ts'
import type { ApiClient, CallOptions } from './api-client.ts'
import { heldOf, type HeldState } from './posting-client.ts'

/** A novel's fields as posted and edited, given whole (wire names: what the endpoint table takes). */
export type NovelParams = Omit<ClientParams<typeof POSTING_ENDPOINTS.addNovel>, 'tags'> & { tags: readonly string[] }

/**
 * A posted novel's text as written, and the upload its cover is (null: the generated cover); `held` while moderators
 * hide it.
 */
export interface NovelSource {
  text: string
  coverUploadId: number | null
  held: HeldState | null
}

const done = () => undefined

function posted(w: { novel?: WireNovel | null }): Novel {
  if (!w.novel || typeof w.novel.id !== 'number') throw new TypeError('missing novel')
  return toNovel(w.novel)
}

/** One method per novel posting entry, named as the entry (the endpoint-table test checks this). */
export function createNovelPostingClient(api: Pick<ApiClient, 'callEndpoint'>) {
  const call = api.callEndpoint
  const E = POSTING_ENDPOINTS
  const fields = (params: NovelParams) => ({ ...params, tags: [...params.tags] })
  return {
    /** Posts a novel: it is in its author's profile, the follow feeds and search at once. */
    addNovel(params: NovelParams, opts?: CallOptions): Promise<Novel> {
      return call(E.addNovel, fields(params), opts, posted)
    },
    /** Gives one's own novel whole again: fields, text and cover. */
    editNovel(novelId: number, params: NovelParams, opts?: CallOptions): Promise<Novel> {
      return call(E.editNovel, { novel_id: novelId, ...fields(params) }, opts, posted)
    },
    /** Deletes one's own novel: its images and cover too. */
    deleteNovel(novelId: number, opts?: CallOptions): Promise<void> {
      return call(E.deleteNovel, { novel_id: novelId }, opts, done)
    },
    /** One's own posted novel's text as written, its cover's upload, and whether moderators hide it. */
    novelSource(novelId: number, opts?: CallOptions): Promise<NovelSource> {
      return call(E.novelSource, { novel_id: novelId }, opts, (w) => {
        if (typeof w.text !== 'string') throw new TypeError('missing text')
        return {
          text: w.text,
          coverUploadId: typeof w.cover_upload_id === 'number' ? w.cover_upload_id : null,
          held: heldOf(w),
        }
      })
    },
  }
}

export type NovelPostingClient = ReturnType<typeof createNovelPostingClient>
