// The App API as it travels on the wire (snake_case), shared by the service and the gallery.
// Reference: shared/reference/app-api-wire.md §3, §7–§11; decisions: shared/DESIGN.md §2.

import type { WireNovelSeriesPage } from './wire-responses.ts'

export interface WireImageUrls {
  square_medium: string
  medium: string
  large: string
}

export interface WireUser {
  id: number
  name: string
  account: string
  profile_image_urls: { medium: string }
  /** missing on the placeholder of an unviewable work */
  is_followed?: boolean
  is_accept_request?: boolean
  is_access_blocking_user?: boolean
}

export interface WireTag {
  name: string
  translated_name: string | null
}

export interface WireIllust {
  id: number
  title: string
  type: 'illust' | 'manga' | 'ugoira'
  image_urls: WireImageUrls
  caption: string
  restrict: number
  user: WireUser
  tags: WireTag[]
  tools: string[]
  create_date: string
  page_count: number
  width: number
  height: number
  sanity_level: number
  x_restrict: number
  series: { id: number; title: string } | null
  meta_single_page: { original_image_url?: string }
  meta_pages: { image_urls: WireImageUrls & { original: string } }[]
  total_view: number
  total_bookmarks: number
  is_bookmarked: boolean
  visible: boolean
  is_muted: boolean
  total_comments?: number
  seasonal_effect_animation_urls: null
  event_banners: null
  illust_ai_type: number
  illust_book_style: number
  request: null
  restriction_attributes?: string[]
  comment_access_control?: number
  /**
   * Easel's own: an imported ugoira kept as a video (gallery-dl's ugoira post-processor: webm, mp4, mkv), which has no
   * frames for /v1/ugoira/metadata; the gallery plays this instead. Absent on every other work.
   */
  easel_video?: WireEaselVideo
}

export interface WireEaselVideo {
  /** the video file, served as it is (with byte ranges) */
  url: string
  /** its content type (`video/webm`, `video/mp4`, `video/x-matroska`) */
  type: string
  width: number
  height: number
}

export interface WireNovel {
  id: number
  title: string
  caption: string
  restrict: number
  x_restrict: number
  is_original: boolean
  image_urls: WireImageUrls
  create_date: string
  tags: (WireTag & { added_by_uploaded_user: boolean })[]
  page_count: number
  text_length: number
  user: WireUser
  series: { id: number; title: string } | Record<string, never>
  is_bookmarked: boolean
  total_bookmarks: number
  total_view: number
  visible: boolean
  total_comments: number
  is_muted: boolean
  is_mypixiv_only: boolean
  is_x_restricted: boolean
  novel_ai_type: number
  request: null
  comment_access_control?: number
}

export interface WireUserPreview {
  user: WireUser
  illusts: WireIllust[]
  novels: WireNovel[]
  is_muted: boolean
}

export interface WireIllustPage {
  illusts: WireIllust[]
  next_url: string | null
}

export interface WireNovelPage {
  novels: WireNovel[]
  next_url: string | null
}

export interface WireErrorBody {
  error: {
    user_message: string
    message: string
    reason: string
    user_message_details: Record<string, unknown>
  }
}

/** The token endpoint's own error shape (reference §14). */
export interface WireTokenErrorBody {
  has_error: true
  errors: { system: { message: string; code: number } }
  /** `temporarily_unavailable` (RFC 6749 §4.1.2.1): too many sign-in attempts (429), or too busy to check (503). */
  error: 'invalid_request' | 'invalid_grant' | 'invalid_client' | 'temporarily_unavailable'
}

export interface WireTokenUser {
  profile_image_urls: { px_16x16: string; px_50x50: string; px_170x170: string }
  id: string
  name: string
  account: string
  mail_address: string
  is_premium: boolean
  x_restrict: number
  is_mail_authorized: boolean
  require_policy_agreement: boolean
}

export interface WireTokenFields {
  access_token: string
  expires_in: number
  token_type: 'bearer'
  scope: string
  refresh_token: string
  user: WireTokenUser
}

export type WireTokenResponse = WireTokenFields & { response: WireTokenFields }

export interface WireUgoiraMetadata {
  ugoira_metadata: {
    zip_urls: { medium: string }
    frames: { file: string; delay: number }[]
  }
}

/**
 * `series_prev` / `series_next` of the novel text: the neighbouring novel's own object (PixEz reads its `id` and
 * `title`), which also carries the keys of a series page (pixivts types and checks these values as its
 * `PixivNovelSeriesItem`: `novel_series_detail`, first and latest novel, `novels`, `next_url`).
 */
export type WireSeriesNeighbour = WireNovel &
  Pick<
    WireNovelSeriesPage,
    'novel_series_detail' | 'novel_series_first_novel' | 'novel_series_latest_novel' | 'novels' | 'next_url'
  >

export interface WireNovelText {
  novel_marker: Record<string, never> | { page: number }
  novel_text: string
  /** A WireSeriesNeighbour; `{}` when the novel is in no series or is its first (last) visible entry */
  series_prev: WireNovel | Record<string, never>
  series_next: WireNovel | Record<string, never>
  /** `[uploadedimage:ID]` → image URLs */
  images: Record<string, { urls: Record<'128x128' | '240mw' | '480mw' | '1200x1200' | 'original', string> }>
  /** `[pixivimage:ID]` / `[pixivimage:ID-PAGE]` → the work, with the page's image URLs */
  illusts: Record<
    string,
    { illust: WireIllust; page: number; images: { small: string; medium: string; original: string } }
  >
}
