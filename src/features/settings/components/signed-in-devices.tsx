import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import type { Session } from '../../../api/model.ts'
import { Button } from '../../../components/button.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { ErrorState } from '../../../components/states.tsx'
import { accountApi } from '../../../lib/account-api.ts'
import { session as currentSession } from '../../../lib/api.ts'
import { accountFormError } from '../../../lib/account-errors.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { accountQueries } from '../api/account-queries.ts'
import { DEVICES_SHOWN } from '../../../tunables.ts'
import { When } from './when.tsx'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/settings.ts'

function Device({ device, busy, onSignOut }: { device: Session; busy: boolean; onSignOut: () => void }) {
  const t = useT()
  const client = device.client.trim() || t('settings.devices.unknownClient')
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 sm:flex-nowrap">
      <div className="min-w-0 flex-1">
        <div className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium" title={client} data-content>
            {client}
          </span>
          {device.isCurrent && (
            <span className="shrink-0 rounded-full bg-accent/15 px-2 py-0.5 text-xs font-semibold text-accent">
              {t('settings.devices.thisDevice')}
            </span>
          )}
        </div>
        <p className="text-sm text-muted">
          <When iso={device.lastUsedAt} message="settings.devices.lastUsed" />
          <When iso={device.createdAt} message="settings.devices.created" />
        </p>
      </div>
      <Button
        variant="danger"
        disabled={busy}
        onClick={onSignOut}
        className="shrink-0"
        aria-label={t('settings.devices.signOutDevice', {
          device: device.isCurrent ? t('settings.devices.thisDeviceLower') : client,
        })}
      >
        {t('common.signOut')}
      </Button>
    </li>
  )
}

/**
 * The account's signed-in devices (browsers and apps), each with a button that ends its session at once. Ending this
 * device's own signs out here too.
 */
export function SignedInDevices() {
  const t = useT()
  const id = useId()
  const client = useQueryClient()
  const query = useQuery(accountQueries.sessions())
  const signOut = useMutation({
    mutationFn: (device: Session) => accountApi.revokeSession(device.id),
    onSuccess: (_done, device) => {
      // Its tokens no longer work: forget them here (the settings then show the signed-out state).
      if (device.isCurrent) currentSession.signOut()
      else void client.invalidateQueries({ queryKey: accountQueries.sessions().queryKey })
    },
    // Most likely it was gone already (signed out elsewhere, or expired): show the list as it is now.
    onError: () => void client.invalidateQueries({ queryKey: accountQueries.sessions().queryKey }),
  })

  const [showAll, setShowAll] = useState(false)

  let body: ReactNode
  if (query.isPending) body = <Skeleton className="h-32" />
  else if (query.isError) body = <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
  else if (query.data.length === 0) body = <p className="text-sm text-muted">{t('settings.devices.none')}</p>
  else {
    const all = query.data
    const shown = showAll ? all : all.filter((device, i) => i < DEVICES_SHOWN || device.isCurrent)
    body = (
      <>
        <ul className="divide-y divide-line">
          {shown.map((device) => (
            <Device
              key={device.id}
              device={device}
              busy={signOut.isPending && signOut.variables.id === device.id}
              onSignOut={() => signOut.mutate(device)}
            />
          ))}
        </ul>
        {shown.length < all.length && (
          <Button variant="ghost" onClick={() => setShowAll(true)}>
            {t('settings.devices.showAll', { count: all.length })}
          </Button>
        )}
      </>
    )
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('settings.devices.title')}
      </h3>
      <p className="text-sm text-muted">{t('settings.devices.description')}</p>
      {body}
      {signOut.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('settings.devices.notSignedOut', {
            reason: accountFormError(signOut.error, t('settings.ai.pleaseTryAgain')),
          })}
        </p>
      )}
    </section>
  )
}
