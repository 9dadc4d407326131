import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { ACCOUNT_ENDPOINTS } from '../../../api/account-endpoints.ts'
import { Button } from '../../../components/button.tsx'
import { accountApi } from '../../../lib/account-api.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { richText } from '../../../lib/i18n/rich.tsx'
import { accountFormError } from '../../../lib/account-errors.ts'
import { accountQueries } from '../api/account-queries.ts'
import { AccountField, HiddenUsername } from '../../../components/account-field.tsx'
import { ShownOnce } from './shown-once.tsx'
import '../../../lib/i18n/messages/en/settings.ts'

/** The service's longest client name: the table's `addSession` `client`. */
const MAX_CLIENT_LENGTH = ACCOUNT_ENDPOINTS.addSession.params.client.max

/** The new refresh token, shown this once, with a Copy button and where gallery-dl wants it. */
function NewToken({ client, token, onDone }: { client: string; token: string; onDone: () => void }) {
  const t = useT()
  return (
    <ShownOnce
      label={t('settings.appToken.token', { client })}
      value={token}
      copyFailed={t('settings.appToken.copyFailed')}
      onDone={onDone}
    >
      <p className="text-sm font-medium">{t('settings.appToken.once')}</p>
      <p className="text-sm text-muted">
        {richText('settings.appToken.hint', {
          code: (text) => <code className="rounded bg-line/50 px-1 font-mono text-xs break-all">{text}</code>,
        })}
      </p>
    </ShownOnce>
  )
}

/**
 * A refresh token for an App API client (gallery-dl, PixivUtil2): a new session under the name given, for the
 * account's password. The token is shown once; after "Done" only the device list still names it.
 */
export function AppTokenForm({ account }: { account: string }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const [client, setClient] = useState('')
  const [password, setPassword] = useState('')
  const mutation = useMutation({
    mutationFn: (input: { client: string; password: string }) => accountApi.addSession(input.client, input.password),
    onSuccess: () => {
      setPassword('')
      void queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey })
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mutation.isPending || !client.trim() || !password) return
    mutation.mutate({ client: client.trim(), password })
  }
  const message = mutation.isError ? accountFormError(mutation.error, t('settings.appToken.failed')) : null

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('settings.appToken.title')}
      </h3>
      <p className="text-sm text-muted">{t('settings.appToken.description')}</p>
      {mutation.data ? (
        <NewToken
          client={mutation.data.session.client}
          token={mutation.data.refreshToken}
          onDone={() => {
            mutation.reset()
            setClient('')
          }}
        />
      ) : (
        <form onSubmit={submit} className="space-y-3" aria-describedby={message ? `${id}-error` : undefined}>
          <HiddenUsername account={account} />
          <div className="grid gap-3 sm:grid-cols-2">
            <AccountField
              label={t('settings.appToken.client')}
              name="client"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={MAX_CLIENT_LENGTH}
              placeholder="gallery-dl"
              value={client}
              onChange={(e) => setClient(e.target.value)}
            />
            <AccountField
              label={t('settings.appToken.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={message ? true : undefined}
            />
          </div>
          {message && (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {message}
            </p>
          )}
          <Button type="submit" variant="primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('settings.appToken.creating') : t('settings.appToken.create')}
          </Button>
        </form>
      )}
    </section>
  )
}
