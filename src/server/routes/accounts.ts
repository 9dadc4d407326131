import type { Hono } from 'hono'
import type { WireInvite } from '../../api/wire-responses.ts'
import type { AppContext, AppEnv, Services } from '../context.ts'
import type { InviteRow } from '../data/repositories.ts'
import type { UserRow } from '../data/store.ts'
import { on } from '../http/endpoint.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { sendJson } from './common.ts'

// Easel's own account endpoints: how new accounts come in (anyone may ask; admins set it) and the admins' invites.
// Sign-up itself is with the sign-in (routes/auth.ts): it answers the token endpoint's answer.

const iso = (ts: number) => new Date(ts * 1000).toISOString()

const wireInvite = (row: InviteRow, users: Map<number, UserRow>): WireInvite => {
  const user = row.used_by === null ? undefined : users.get(row.used_by)
  return {
    id: row.id,
    created_at: iso(row.created_ts),
    expires_at: iso(row.expires_ts),
    used_at: row.used_by === null || row.used_ts === null ? null : iso(row.used_ts),
    used_by: user ? { id: user.id, name: user.name, account: user.account } : null,
  }
}

export function accountRoutes(app: Hono<AppEnv>, { domain, config }: Services) {
  const { accounts } = domain
  const adminOnly = (c: AppContext, what: string) => {
    if (!c.get('caller').admin) throw forbidden(`Only an admin can ${what}.`)
  }

  on(app, 'registration', async (c, q) =>
    sendJson(c, {
      mode: await accounts.mode(config.registration),
      first_account: await accounts.firstAccount(),
      invite: q.invite === undefined ? null : await accounts.inviteState(q.invite),
    }),
  )

  on(app, 'account', async (c) => {
    const user = await domain.users.existing(c.get('caller').id)
    const role = c.get('caller').admin ? 'admin' : 'member'
    return sendJson(c, { account: { id: user.id, name: user.name, account: user.account, role } })
  })

  on(app, 'editRegistration', async (c, q) => {
    adminOnly(c, 'set how accounts are made')
    await accounts.setMode(q.mode)
    return sendJson(c, {})
  })

  on(app, 'invites', async (c) => {
    adminOnly(c, 'see the invites')
    const { rows, users } = await accounts.invites()
    return sendJson(c, { invites: rows.map((r) => wireInvite(r, users)) })
  })

  // The code is shown this once (only its hash is kept), so the answer is kept by no cache.
  on(app, 'addInvite', async (c, q) => {
    adminOnly(c, 'invite')
    const { code, row } = await accounts.addInvite(c.get('caller').id, Number(q.expires_in_days))
    return c.json({ code, invite: wireInvite(row, new Map()) }, 200, { 'Cache-Control': 'no-store' })
  })

  on(app, 'revokeInvite', async (c, q) => {
    adminOnly(c, 'withdraw an invite')
    if (!(await accounts.revokeInvite(q.invite_id))) throw notFound('No such unused invite.')
    return sendJson(c, {})
  })
}
