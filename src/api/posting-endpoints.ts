// Posting (Easel's own, not pixiv's): a member's illustrations and manga, each page uploaded on its own first, then
// the work posted naming its pages; edited (fields and pages: reordered, removed, added) and deleted by its author.
// Part of the one endpoint table (endpoints.ts spreads them into ENDPOINTS); a module of its own so that only the
// posting screens, loaded when opened, carry these entries.

import { endpoint, type EndpointSpec } from './endpoint-spec.ts'
import type {
  WireIllustPages,
  WireIllustPosted,
  WireNovelPosted,
  WireNovelSource,
  WireOwnSeriesList,
  WireUploadAdded,
} from './wire-responses.ts'

/** The image types a page may be, as their bytes say (never as a name or a declared type says). */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
/** One page's largest file (pixiv's own limit). */
export const MAX_UPLOAD_BYTES = 32 * 1024 * 1024
/** A work's pages together. */
export const MAX_WORK_BYTES = 200 * 1024 * 1024
/** A page's longest side, in pixels. */
export const MAX_UPLOAD_SIDE = 16_384
/** A page's pixels (width × height): past this an image is not decoded (a decompression bomb). */
export const MAX_UPLOAD_PIXELS = 100_000_000
/** A work's pages. */
export const MAX_PAGES = 200
/** An ugoira's frames (pixiv's own ugoira have at most 150). */
export const MAX_UGOIRA_FRAMES = 300
/** An ugoira's frames' pixels together, as uploaded (each frame is stored fitted within 1920×1080). */
export const MAX_UGOIRA_PIXELS = 400_000_000
/** A frame's delay, in ms. */
export const MIN_FRAME_DELAY = 20
export const MAX_FRAME_DELAY = 60_000
/** A work's tags. */
export const MAX_TAGS = 10
export const MAX_TITLE_LENGTH = 32
export const MAX_CAPTION_LENGTH = 3000
export const MAX_TAG_LENGTH = 30

/** What a posted work's fields take (the wire numbers they become are the service's: services/posting.ts). */
export const RESTRICTS = ['public', 'mypixiv', 'private'] as const
export const X_RESTRICTS = ['general', 'r18', 'r18g'] as const
export const AI_TYPES = ['not_ai', 'ai'] as const
export const BOOK_STYLES = ['left_to_right', 'right_to_left'] as const
export const COMMENT_ACCESS = ['everyone', 'followed'] as const

const illustId = { kind: 'id', required: true } as const
const novelId = { kind: 'id', required: true } as const

/** A novel's text, in characters (pixiv's own limit). */
export const MAX_NOVEL_TEXT_LENGTH = 300_000
export const MAX_NOVEL_TITLE_LENGTH = 128

/** A novel's fields, given whole when it is posted and when it is edited. */
const novelFields = {
  title: { kind: 'text', max: MAX_NOVEL_TITLE_LENGTH, required: true },
  caption: { kind: 'text', max: MAX_CAPTION_LENGTH },
  /** the novel markup the reader reads (`[newpage]`, `[chapter:]`, `[[rb:漢字 > かんじ]]`, `[uploadedimage:<upload id>]`…) */
  text: { kind: 'text', max: MAX_NOVEL_TEXT_LENGTH, required: true },
  tags: { kind: 'list', maxItems: MAX_TAGS, maxLength: MAX_TAG_LENGTH },
  restrict: { kind: 'enum', values: RESTRICTS, default: 'public' },
  x_restrict: { kind: 'enum', values: X_RESTRICTS, default: 'general' },
  ai_type: { kind: 'enum', values: AI_TYPES, default: 'not_ai' },
  is_original: { kind: 'bool' },
  /** an upload of the caller's for the cover (absent: the generated one) */
  cover_upload_id: { kind: 'id' },
  series_id: { kind: 'id' },
  series_title: { kind: 'text', max: MAX_NOVEL_TITLE_LENGTH },
} as const

/** A work's fields, given whole when it is posted and when it is edited. */
const workFields = {
  title: { kind: 'text', max: MAX_TITLE_LENGTH, required: true },
  caption: { kind: 'text', max: MAX_CAPTION_LENGTH },
  /** an ugoira is one upload of kind `ugoira` */
  type: { kind: 'enum', values: ['illust', 'manga', 'ugoira'], default: 'illust' },
  tags: { kind: 'list', maxItems: MAX_TAGS, maxLength: MAX_TAG_LENGTH },
  /** the pages, in order: uploads of the caller's not yet in another work (and, when editing, the work's own) */
  upload_ids: { kind: 'list', maxItems: MAX_PAGES, maxLength: 16, ids: true },
  restrict: { kind: 'enum', values: RESTRICTS, default: 'public' },
  x_restrict: { kind: 'enum', values: X_RESTRICTS, default: 'general' },
  ai_type: { kind: 'enum', values: AI_TYPES, default: 'not_ai' },
  book_style: { kind: 'enum', values: BOOK_STYLES, default: 'left_to_right' },
  comment_access: { kind: 'enum', values: COMMENT_ACCESS, default: 'everyone' },
  /** an existing series of the caller's; or `series_title` starts a new one (neither: no series) */
  series_id: { kind: 'id' },
  series_title: { kind: 'text', max: MAX_TITLE_LENGTH },
  /** an ugoira's frame delays in ms, one per frame (absent: as its upload's animation plays) */
  frame_delays: { kind: 'list', maxItems: MAX_UGOIRA_FRAMES, maxLength: 5, ids: true },
} as const

export const POSTING_ENDPOINTS = {
  /**
   * One page's image, as a multipart body's `file` part (`kind` page); or an ugoira's frames (`kind` ugoira): an
   * animated GIF, WebP or PNG, or a zip of JPEG or PNG frames. Its type is read from its bytes; it is checked whole
   * (decoded, limits, nothing hidden after or inside it), stored without its metadata (location, camera) and with its
   * orientation applied. Until a work names it, only its uploader can use it; unused, it is cleaned up after a day.
   */
  addUpload: endpoint<WireUploadAdded>()({
    method: 'POST',
    path: '/v1/easel/upload',
    params: {
      file: { kind: 'file', maxBytes: MAX_UPLOAD_BYTES, required: true },
      kind: { kind: 'enum', values: ['page', 'ugoira'], default: 'page' },
    },
    auth: 'required',
  }),
  /** Posts a work of 1–200 uploaded pages: it is in its author's profile, the follow feeds and search at once. */
  addIllust: endpoint<WireIllustPosted>()({
    method: 'POST',
    path: '/v1/easel/illust/add',
    params: workFields,
    auth: 'required',
  }),
  /** Replaces a work's fields and pages (its author's only); a page left out leaves storage. */
  editIllust: endpoint<WireIllustPosted>()({
    method: 'POST',
    path: '/v1/easel/illust/edit',
    params: { illust_id: illustId, ...workFields },
    auth: 'required',
  }),
  /** Deletes a work (its author's only): its rows and its files; its id is never given again. */
  deleteIllust: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/illust/delete',
    params: { illust_id: illustId },
    auth: 'required',
  }),
  /** A posted work's pages as its author edits them: each page's upload, in order (its author's only). */
  illustPages: endpoint<WireIllustPages>()({
    method: 'GET',
    path: '/v1/easel/illust/pages',
    params: { illust_id: illustId },
    auth: 'required',
  }),
  /** The caller's own series of works (`illust`) or of novels, the newest first: what a work or novel may join. */
  ownSeries: endpoint<WireOwnSeriesList>()({
    method: 'GET',
    path: '/v1/easel/series',
    params: { kind: { kind: 'enum', values: ['illust', 'novel'], required: true } },
    auth: 'required',
  }),
  /**
   * Posts a novel: its text in the reader's markup, whose `[uploadedimage:<id>]` name uploads of the caller's (pages
   * uploaded as for a work), and an optional cover (an upload too).
   */
  addNovel: endpoint<WireNovelPosted>()({
    method: 'POST',
    path: '/v1/easel/novel/add',
    params: novelFields,
    auth: 'required',
  }),
  /** Replaces a novel's fields and text (its author's only); an image or cover it no longer names leaves storage. */
  editNovel: endpoint<WireNovelPosted>()({
    method: 'POST',
    path: '/v1/easel/novel/edit',
    params: { novel_id: novelId, ...novelFields },
    auth: 'required',
  }),
  /** Deletes a novel (its author's only): its rows and its files; its id is never given again. */
  deleteNovel: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/novel/delete',
    params: { novel_id: novelId },
    auth: 'required',
  }),
  /** A posted novel as its author edits it: its text as written and its cover's upload (its author's only). */
  novelSource: endpoint<WireNovelSource>()({
    method: 'GET',
    path: '/v1/easel/novel/source',
    params: { novel_id: novelId },
    auth: 'required',
  }),
} as const satisfies Record<string, EndpointSpec>
