// The account's endpoints (Easel's own, not pixiv's): its signed-in devices and password, sign-up, invites and the
// registration mode. Part of the one endpoint table (endpoints.ts spreads them into ENDPOINTS); a module of their own
// so the gallery's first script, which carries the catalogue's entries, does not carry these too: the screens that
// use them load them (src/lib/account-client.ts).

import { endpoint, type EndpointSpec } from './endpoint-spec.ts'
import type { WireTokenResponse } from './wire.ts'
import type {
  WireAccount,
  WireInviteAdded,
  WireInviteList,
  WireRegistration,
  WireSessionAdded,
  WireSessionList,
} from './wire-responses.ts'

/** A new password's shortest length (changePassword): the service refuses shorter, the gallery says so before asking. */
export const MIN_PASSWORD_LENGTH = 8
/** A password's length as both count it: characters (code points), not UTF-16 units. */
export const passwordLength = (password: string) => [...password].length
/** An account name (the `@name` of a profile): what sign-up takes, checked by the service and the gallery alike. */
export const ACCOUNT_PATTERN = /^[a-z0-9_-]{3,32}$/
/** Whether a name holds a control character (refused: it has no place in a name shown to others). */
export const hasControlCharacter = (text: string) => /\p{Cc}/u.test(text)
/** Whether a bio holds a control character other than a line break or a tab. */
export const bioHasControlCharacter = (text: string) => /[^\P{Cc}\n\t]/u.test(text)
/** A profile's bio (its `comment`), in characters. */
export const MAX_BIO_LENGTH = 1000
/** A profile's own images: its avatar and its background. */
export const PROFILE_IMAGE_ROLES = ['avatar', 'background'] as const
/** An avatar's or a background's largest file. */
export const MAX_PROFILE_IMAGE_BYTES = 8 * 1024 * 1024
/** How new accounts come in: anyone, with an admin's invite link, or not at all. */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const

const id = { kind: 'id', required: true } as const

export const ACCOUNT_ENDPOINTS = {
  // ---- the account's sessions and password (Easel's own) ----
  /** The caller's signed-in devices: every unexpired session of the account, the most recently used first. */
  sessions: endpoint<WireSessionList>()({
    method: 'GET',
    path: '/v1/easel/sessions',
    params: {},
    auth: 'required',
  }),
  /** Signs one of the caller's devices out: the session's refresh token and its access tokens stop working at once. */
  revokeSession: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/sessions/revoke',
    params: { session_id: id },
    auth: 'required',
  }),
  /**
   * A refresh token for an App API client (gallery-dl's, PixivUtil2's configuration), as a new session named
   * `client`. The account's password is asked again: an access token alone, which lapses within the hour, must not
   * buy one that lasts.
   */
  addSession: endpoint<WireSessionAdded>()({
    method: 'POST',
    path: '/v1/easel/sessions/add',
    params: {
      client: { kind: 'text', max: 100, required: true },
      password: { kind: 'text', max: 256, required: true, secret: true },
    },
    auth: 'required',
  }),
  /** A new password: every session of the account ends, this one too (the gallery signs in again with it). */
  changePassword: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/password',
    params: {
      current_password: { kind: 'text', max: 256, required: true, secret: true },
      new_password: { kind: 'text', max: 256, required: true, secret: true },
    },
    auth: 'required',
  }),

  /** The caller's profile, given whole: display name, account name, bio (`comment`) and web page (http or https). */
  editProfile: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/profile/edit',
    params: {
      name: { kind: 'text', max: 50, required: true },
      account: { kind: 'text', max: 32, required: true },
      comment: { kind: 'text', max: MAX_BIO_LENGTH },
      webpage: { kind: 'text', max: 256 },
    },
    auth: 'required',
  }),
  /**
   * The caller's avatar or profile background: an image (JPEG, PNG, GIF or WebP, checked and stored as a work's page
   * is, without metadata) as a multipart body's `file` part. Its URL changes with it.
   */
  editProfileImage: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/profile/image',
    params: {
      file: { kind: 'file', maxBytes: MAX_PROFILE_IMAGE_BYTES, required: true },
      role: { kind: 'enum', values: PROFILE_IMAGE_ROLES, required: true },
    },
    auth: 'required',
  }),
  /**
   * Deletes the caller's account, after its password: its works and novels (their files too), bookmarks, comments,
   * follows, mutes and sessions go with it. A library's owner and the only admin cannot.
   */
  deleteAccount: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/account/delete',
    params: { password: { kind: 'text', max: 256, required: true, secret: true } },
    auth: 'required',
  }),
  /** Takes the caller's avatar or background away: the generated one again. */
  deleteProfileImage: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/profile/image/delete',
    params: { role: { kind: 'enum', values: PROFILE_IMAGE_ROLES, required: true } },
    auth: 'required',
  }),

  // ---- accounts: sign-up, invites, the registration mode (Easel's own) ----
  /**
   * How new accounts come in, for the sign-up page: the mode, whether the next account is the first (it becomes the
   * admin, whatever the mode), and what an invite code is worth (`invite`: valid, used, expired or unknown).
   */
  registration: endpoint<WireRegistration>()({
    method: 'GET',
    path: '/v1/easel/registration',
    params: { invite: { kind: 'text', max: 64 } },
  }),
  /** A new account, signed in at once (the token endpoint's answer). `invite` when the mode asks for one. */
  signUp: endpoint<WireTokenResponse>()({
    method: 'POST',
    path: '/v1/easel/signup',
    params: {
      account: { kind: 'text', max: 32, required: true },
      name: { kind: 'text', max: 50, required: true },
      password: { kind: 'text', max: 256, required: true, secret: true },
      invite: { kind: 'text', max: 64 },
    },
  }),
  /** The caller's own account: its id, names and role. */
  account: endpoint<WireAccount>()({
    method: 'GET',
    path: '/v1/easel/account',
    params: {},
    auth: 'required',
  }),
  /** Admins: sets how new accounts come in. */
  editRegistration: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/registration/edit',
    params: { mode: { kind: 'enum', values: REGISTRATION_MODES, required: true } },
    auth: 'required',
  }),
  /** Admins: the invites made, unexpired or used, the newest first. */
  invites: endpoint<WireInviteList>()({
    method: 'GET',
    path: '/v1/easel/invites',
    params: {},
    auth: 'required',
  }),
  /** Admins: a new single-use invite, its code shown this once (the link is the gallery's `/signup?invite=<code>`). */
  addInvite: endpoint<WireInviteAdded>()({
    method: 'POST',
    path: '/v1/easel/invites/add',
    params: { expires_in_days: { kind: 'enum', values: ['1', '7', '30'], default: '7' } },
    auth: 'required',
  }),
  /** Admins: withdraws an unused invite. */
  revokeInvite: endpoint<Record<string, never>>()({
    method: 'POST',
    path: '/v1/easel/invites/revoke',
    params: { invite_id: id },
    auth: 'required',
  }),
} as const satisfies Record<string, EndpointSpec>
