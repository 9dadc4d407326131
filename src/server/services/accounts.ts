import { createHash, randomBytes } from 'node:crypto'
import type { InviteRow, NewAccount, SignUpOutcome } from '../data/repositories.ts'
import type { UserRow } from '../data/store.ts'
import type { ServiceDeps } from './deps.ts'

export type RegistrationMode = 'open' | 'invite' | 'closed'

/** What an invite code is worth to someone about to sign up with it. */
export type InviteState = 'valid' | 'used' | 'expired' | 'unknown'

/** How many invites the admins' list shows, the newest first. */
const INVITES_LISTED = 200

const b64url = (b: Buffer) => b.toString('base64url')
/** Invite codes are kept as their hash only, as refresh tokens are: a copy of the database lets no one in. */
export const hashInviteCode = (code: string) => createHash('sha256').update(code).digest('hex')

// Accounts: who may sign up (the registration mode, the first account, invites) and the admins' invites. The password
// hashing, throttling and answers are the route's (routes/accounts.ts), as for a sign-in.
export class AccountService {
  constructor(private readonly deps: ServiceDeps) {}

  /** The mode an admin set, else the configuration's (`fallback`). */
  async mode(fallback: RegistrationMode): Promise<RegistrationMode> {
    const stored = await this.deps.repos.accounts.registrationMode()
    return stored === 'open' || stored === 'invite' || stored === 'closed' ? stored : fallback
  }

  setMode(mode: RegistrationMode): Promise<void> {
    return this.deps.repos.accounts.setRegistrationMode(mode)
  }

  /** Whether the next account would be the catalogue's first (and admin). */
  async firstAccount(): Promise<boolean> {
    return !(await this.deps.repos.accounts.hasAccounts())
  }

  async inviteState(code: string): Promise<InviteState> {
    const row = await this.deps.repos.accounts.invite(hashInviteCode(code))
    if (!row) return 'unknown'
    if (row.used_by !== null) return 'used'
    return row.expires_ts <= this.deps.nowS() ? 'expired' : 'valid'
  }

  /** A new account as the mode admits it (the repository decides the first account and the invite atomically). */
  signUp(account: NewAccount, mode: RegistrationMode, inviteCode: string | undefined): Promise<SignUpOutcome> {
    const entry =
      mode === 'invite'
        ? { mode, inviteHash: inviteCode === undefined ? undefined : hashInviteCode(inviteCode) }
        : { mode }
    return this.deps.repos.accounts.signUp(account, entry, this.deps.nowS())
  }

  /**
   * The account's profile, given whole. A library owner's account name is its configuration's (OWNER_USERNAME: the
   * next start would make the account again under it), so it stays: `fixed`. Every item's cached answer names its
   * author, so every instance forgets them all (a rare write).
   */
  async editProfile(
    userId: number,
    p: { name: string; account: string; comment: string; webpage: string },
  ): Promise<'done' | 'taken' | 'fixed'> {
    const row = await this.deps.repos.users.byId(userId)
    if (!row) return 'done'
    const owner = (await this.deps.repos.catalogue.meta()).owner_account
    if (row.account === owner && p.account !== row.account) return 'fixed'
    const profile = { ...(JSON.parse(row.profile_json) as Record<string, unknown>), webpage: p.webpage || null }
    const done = await this.deps.repos.accounts.editProfile(userId, {
      name: p.name,
      account: p.account,
      comment: p.comment,
      profileJson: JSON.stringify(profile),
    })
    if (done === 'done') await this.deps.caches.bus.publish({ callers: [userId], allItems: true, lists: true })
    return done
  }

  /** A new invite of `adminId`'s, valid for `days`: its code (shown once) and its row. */
  async addInvite(adminId: number, days: number): Promise<{ code: string; row: InviteRow }> {
    const code = b64url(randomBytes(24))
    const now = this.deps.nowS()
    const row = await this.deps.repos.accounts.addInvite(hashInviteCode(code), adminId, now, now + days * 86_400)
    return { code, row }
  }

  /** The invites, the newest first, with the accounts made with them. */
  async invites(): Promise<{ rows: InviteRow[]; users: Map<number, UserRow> }> {
    const rows = await this.deps.repos.accounts.invites(INVITES_LISTED)
    const used = rows.flatMap((r) => (r.used_by === null ? [] : [r.used_by]))
    return { rows, users: await this.deps.repos.users.byIds(used) }
  }

  revokeInvite(id: number): Promise<boolean> {
    return this.deps.repos.accounts.revokeInvite(id)
  }
}
