// The account's client: the signed-in devices, the password, sign-up, invites and the registration mode (the table's
// account entries, src/api/account-endpoints.ts), called through the catalogue client's transport, so tokens,
// renewal and errors work as for every other call. Only the screens that manage accounts import it: the gallery's
// first script carries neither these entries nor these methods.

import { ACCOUNT_ENDPOINTS, type PROFILE_IMAGE_ROLES } from '../api/account-endpoints.ts'
import { camelize, toTokenResponse } from '../api/camel.ts'
import type { Account, Invite, Registration, Session, TokenResponse } from '../api/model.ts'
import { list, type ApiClient, type CallOptions } from './api-client.ts'
import { sendFiles, type UploadAuth, type UploadOptions } from './upload-request.ts'

/** Which of the profile's own images: its avatar or its background. */
export type ProfileImageRole = (typeof PROFILE_IMAGE_ROLES)[number]

const done = () => undefined

/** One method per account entry, named as the entry (the endpoint-table test checks this). */
export function createAccountClient(api: Pick<ApiClient, 'callEndpoint'>, auth: UploadAuth = {}, baseUrl = '') {
  const call = api.callEndpoint
  const E = ACCOUNT_ENDPOINTS
  return {
    // ---- the account's sessions and password ----
    /** The account's signed-in devices, the most recently used first. */
    sessions(opts?: CallOptions): Promise<Session[]> {
      return call(E.sessions, {}, opts, (w) => list(w.sessions).map((s) => camelize(s)))
    },
    /** Signs one device out: its refresh token and access tokens stop working at once. */
    revokeSession(sessionId: number, opts?: CallOptions): Promise<void> {
      return call(E.revokeSession, { session_id: sessionId }, opts, done)
    },
    /** A refresh token for an App API client (gallery-dl, PixivUtil2), as a new session named `client`. */
    addSession(
      client: string,
      password: string,
      opts?: CallOptions,
    ): Promise<{ refreshToken: string; session: Session }> {
      return call(E.addSession, { client, password }, opts, (w) => {
        if (typeof w.refresh_token !== 'string') throw new TypeError('missing refresh_token')
        return { refreshToken: w.refresh_token, session: camelize(w.session) }
      })
    },
    /** A new password; every session of the account ends with it, this device's too. */
    changePassword(currentPassword: string, newPassword: string, opts?: CallOptions): Promise<void> {
      return call(E.changePassword, { current_password: currentPassword, new_password: newPassword }, opts, done)
    },

    /** The reader's profile, given whole (an empty bio or web page clears it). */
    editProfile(
      profile: { name: string; account: string; comment: string; webpage: string },
      opts?: CallOptions,
    ): Promise<void> {
      return call(E.editProfile, profile, opts, done)
    },
    /** A new avatar or background (its URL changes with it); `onProgress` follows its bytes as they are sent. */
    editProfileImage(file: File, role: ProfileImageRole, opts: UploadOptions = {}): Promise<void> {
      return sendFiles(baseUrl.replace(/\/+$/, '') + E.editProfileImage.path, { file, role }, auth, opts, done)
    },
    /** Deletes the account, after its password, with everything of it; every session ends. */
    deleteAccount(password: string, opts?: CallOptions): Promise<void> {
      return call(E.deleteAccount, { password }, opts, done)
    },
    /** Takes the avatar or background away: the generated one again. */
    deleteProfileImage(role: ProfileImageRole, opts?: CallOptions): Promise<void> {
      return call(E.deleteProfileImage, { role }, opts, done)
    },

    // ---- sign-up, invites, the registration mode ----
    /** How new accounts come in, and what `invite` (the code of an invite link) is worth. */
    registration(invite?: string, opts?: CallOptions): Promise<Registration> {
      return call(E.registration, { invite }, opts, (w) => camelize(w))
    },
    /** A new account, signed in at once. */
    signUp(
      form: { account: string; name: string; password: string; invite?: string },
      opts?: CallOptions,
    ): Promise<TokenResponse> {
      return call(E.signUp, form, opts, (w) => {
        const token = toTokenResponse(w)
        if (typeof token.accessToken !== 'string' || typeof token.refreshToken !== 'string')
          throw new TypeError('sign-up answer without tokens')
        return token
      })
    },
    /** The signed-in reader's own account, with its role. */
    account(opts?: CallOptions): Promise<Account> {
      return call(E.account, {}, opts, (w) => w.account)
    },
    /** Admins: how new accounts come in. */
    editRegistration(mode: Registration['mode'], opts?: CallOptions): Promise<void> {
      return call(E.editRegistration, { mode }, opts, done)
    },
    /** Admins: the invites made, the newest first. */
    invites(opts?: CallOptions): Promise<Invite[]> {
      return call(E.invites, {}, opts, (w) => list(w.invites).map((i) => camelize(i)))
    },
    /** Admins: a new single-use invite; its code is shown this once. */
    addInvite(expiresInDays: 1 | 7 | 30, opts?: CallOptions): Promise<{ code: string; invite: Invite }> {
      const days = String(expiresInDays) as '1' | '7' | '30'
      return call(E.addInvite, { expires_in_days: days }, opts, (w) => ({ code: w.code, invite: camelize(w.invite) }))
    },
    /** Admins: withdraws an unused invite. */
    revokeInvite(inviteId: number, opts?: CallOptions): Promise<void> {
      return call(E.revokeInvite, { invite_id: inviteId }, opts, done)
    },
  }
}

export type AccountClient = ReturnType<typeof createAccountClient>
