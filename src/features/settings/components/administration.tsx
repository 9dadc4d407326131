import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { REGISTRATION_MODES } from '../../../api/account-endpoints.ts'
import type { Invite, Registration } from '../../../api/model.ts'
import { Button, buttonClass } from '../../../components/button.tsx'
import { ChoiceGroup } from '../../../components/choice-group.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { ErrorState } from '../../../components/states.tsx'
import { accountApi } from '../../../lib/account-api.ts'
import { accountFormError } from '../../../lib/account-errors.ts'
import { formatDate, formatRelative } from '../../../lib/format.ts'
import { moderationHref } from '../../../lib/moderation-paths.ts'
import { useT, type MessageKey } from '../../../lib/i18n/i18n.ts'
import { richText } from '../../../lib/i18n/rich.tsx'
import { paths } from '../../../lib/paths.ts'
import { INVITES_SHOWN } from '../../../tunables.ts'
import { accountQueries } from '../api/account-queries.ts'
import { SettingsSection } from './settings-section.tsx'
import { ShownOnce } from './shown-once.tsx'
import { When } from './when.tsx'
import '../../../lib/i18n/messages/en/admin.ts'
import '../../../lib/i18n/messages/en/settings.ts'

type Mode = Registration['mode']

const MODE_LABELS = {
  open: 'admin.mode.open',
  invite: 'admin.mode.invite',
  closed: 'admin.mode.closed',
} as const satisfies Record<Mode, MessageKey>

/** How long a new invite link works, in days (the service's choices). */
const EXPIRIES = ['1', '7', '30'] as const
type Expiry = (typeof EXPIRIES)[number]

/** The invite link of a code: the gallery's sign-up page on this origin. */
const inviteLink = (code: string) => `${location.origin}${paths.signup({ invite: code })}`

/** The registration mode, as three choices; a choice is saved at once (and undone if the service refuses it). */
function RegistrationMode() {
  const t = useT()
  const client = useQueryClient()
  const key = accountQueries.registration().queryKey
  const query = useQuery(accountQueries.registration())
  const mutation = useMutation({
    mutationFn: (mode: Mode) => accountApi.editRegistration(mode),
    onMutate: async (mode) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData(key)
      if (before) client.setQueryData(key, { ...before, mode })
      return { before }
    },
    onError: (_e, _mode, context) => {
      if (context?.before) client.setQueryData(key, context.before)
    },
  })

  if (query.isPending) return <Skeleton className="h-24" />
  if (query.isError) return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
  return (
    <div className="space-y-2">
      <ChoiceGroup
        legend={t('admin.mode.legend')}
        description={t('admin.mode.description')}
        choices={REGISTRATION_MODES.map((mode) => ({ value: mode, label: t(MODE_LABELS[mode]) }))}
        value={query.data.mode}
        onChange={(mode) => mutation.mutate(mode)}
      />
      {mutation.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('admin.mode.notSaved', { reason: accountFormError(mutation.error, t('settings.ai.pleaseTryAgain')) })}
        </p>
      )}
    </div>
  )
}

/**
 * One invite: its state (unused, used by whom, expired), when it was made and when it lapses, and a Withdraw.
 * `listedAt`: when the list was answered, the time its states are of.
 */
function InviteRow({
  invite,
  listedAt,
  busy,
  onWithdraw,
}: {
  invite: Invite
  listedAt: number
  busy: boolean
  onWithdraw: () => void
}) {
  const t = useT()
  const expired = !invite.usedBy && Date.parse(invite.expiresAt) <= listedAt
  let state: ReactNode
  if (invite.usedBy) {
    const { id, account } = invite.usedBy
    state = richText(
      'admin.invites.usedBy',
      {
        user: (text) => (
          <Link className="text-accent underline" to={paths.user(id)}>
            {text}
          </Link>
        ),
        time: (text) =>
          invite.usedAt ? (
            <time dateTime={invite.usedAt} title={formatDate(invite.usedAt, { time: true })}>
              {text}
            </time>
          ) : null,
      },
      { account, when: invite.usedAt ? formatRelative(invite.usedAt) : '' },
    )
  } else state = expired ? t('admin.invites.expired') : t('admin.invites.unused')

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 sm:flex-nowrap">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{state}</p>
        <p className="text-sm text-muted">
          <When iso={invite.createdAt} message="admin.invites.created" />
          {!invite.usedBy && (
            <When iso={invite.expiresAt} message={expired ? 'admin.invites.expiredAt' : 'admin.invites.expires'} />
          )}
        </p>
      </div>
      {!invite.usedBy && !expired && (
        <Button
          variant="danger"
          disabled={busy}
          onClick={onWithdraw}
          className="shrink-0"
          aria-label={t('admin.invites.withdrawInvite', { when: formatRelative(invite.createdAt) })}
        >
          {t('admin.invites.withdraw')}
        </Button>
      )}
    </li>
  )
}

/** The invites made, the newest first, each unused one with a Withdraw that ends it at once. */
function InviteList() {
  const t = useT()
  const id = useId()
  const client = useQueryClient()
  const query = useQuery(accountQueries.invites())
  const [showAll, setShowAll] = useState(false)
  const refresh = () => void client.invalidateQueries({ queryKey: accountQueries.invites().queryKey })
  const withdraw = useMutation({
    mutationFn: (invite: Invite) => accountApi.revokeInvite(invite.id),
    onSuccess: refresh,
    // Most likely it was used or withdrawn meanwhile: show the list as it is now.
    onError: refresh,
  })

  let body: ReactNode
  if (query.isPending) body = <Skeleton className="h-32" />
  else if (query.isError) body = <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
  else if (query.data.length === 0) body = <p className="text-sm text-muted">{t('admin.invites.none')}</p>
  else {
    const all = query.data
    const shown = showAll ? all : all.slice(0, INVITES_SHOWN)
    body = (
      <>
        <ul className="divide-y divide-line">
          {shown.map((invite) => (
            <InviteRow
              key={invite.id}
              invite={invite}
              listedAt={query.dataUpdatedAt}
              busy={withdraw.isPending && withdraw.variables.id === invite.id}
              onWithdraw={() => withdraw.mutate(invite)}
            />
          ))}
        </ul>
        {shown.length < all.length && (
          <Button variant="ghost" onClick={() => setShowAll(true)}>
            {t('admin.invites.showAll', { count: all.length })}
          </Button>
        )}
      </>
    )
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h4 id={`${id}-title`} className="text-sm font-semibold">
        {t('admin.invites.listTitle')}
      </h4>
      {body}
      {withdraw.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('admin.invites.notWithdrawn', {
            reason: accountFormError(withdraw.error, t('settings.ai.pleaseTryAgain')),
          })}
        </p>
      )}
    </section>
  )
}

/**
 * Invite links: a new one for the time chosen, shown this once with Copy (the service keeps only its hash), and the
 * list of those made.
 */
function InviteLinks() {
  const t = useT()
  const id = useId()
  const client = useQueryClient()
  const [expiry, setExpiry] = useState<Expiry>('7')
  const add = useMutation({
    mutationFn: (days: Expiry) => accountApi.addInvite(Number(days) as 1 | 7 | 30),
    onSuccess: () => void client.invalidateQueries({ queryKey: accountQueries.invites().queryKey }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!add.isPending) add.mutate(expiry)
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('admin.invites.title')}
      </h3>
      <p className="text-sm text-muted">{t('admin.invites.description')}</p>
      {add.data ? (
        <ShownOnce
          label={t('admin.invites.link')}
          value={inviteLink(add.data.code)}
          copyFailed={t('admin.invites.copyFailed')}
          onDone={() => add.reset()}
        >
          <p className="text-sm font-medium">{t('admin.invites.once')}</p>
          <p className="text-sm text-muted">
            {t('admin.invites.until', { date: formatDate(add.data.invite.expiresAt, { time: true }) })}
          </p>
        </ShownOnce>
      ) : (
        <form onSubmit={submit} className="space-y-3">
          <ChoiceGroup
            legend={t('admin.invites.expiry')}
            choices={EXPIRIES.map((days) => ({
              value: days,
              label: t('admin.invites.days', { count: Number(days) }),
            }))}
            value={expiry}
            onChange={setExpiry}
          />
          {add.isError && (
            <p role="alert" className="text-sm text-danger">
              {t('admin.invites.failed', { reason: accountFormError(add.error, t('settings.ai.pleaseTryAgain')) })}
            </p>
          )}
          <Button type="submit" variant="primary" disabled={add.isPending}>
            {add.isPending ? t('admin.invites.creating') : t('admin.invites.create')}
          </Button>
        </form>
      )}
      <InviteList />
    </section>
  )
}

/** The way to the moderation screen: the reports, what is hidden or suspended, the log. */
function ModerationLink() {
  const t = useT()
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('admin.moderation.title')}
      </h3>
      <p className="text-sm text-muted">{t('admin.moderation.description')}</p>
      <Link className={buttonClass('secondary')} to={moderationHref()}>
        {t('admin.moderation.open')}
      </Link>
    </section>
  )
}

/**
 * The administration section of the settings, for admins only (a member sees nothing, and nothing is shown until the
 * account's role is known): how new accounts come in, invite links, and the way to moderation.
 */
export function Administration() {
  const t = useT()
  const account = useQuery(accountQueries.account())
  if (account.data?.role !== 'admin') return null
  return (
    <SettingsSection title={t('admin.title')}>
      <RegistrationMode />
      <InviteLinks />
      <ModerationLink />
    </SettingsSection>
  )
}
