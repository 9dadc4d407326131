import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ENDPOINTS } from '../../../api/endpoints.ts'
import { Button } from '../../../components/button.tsx'
import { api } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { richText } from '../../../lib/i18n/rich.tsx'
import { accountFormError } from '../account-errors.ts'
import { settingsQueries } from '../api/settings-queries.ts'
import { AccountField, HiddenUsername } from './account-field.tsx'
import '../../../lib/i18n/messages/en/settings.ts'

/** The service's longest client name: the table's `addSession` `client`. */
const MAX_CLIENT_LENGTH = ENDPOINTS.addSession.params.client.max

/**
 * Copies `text`; without the Clipboard API (an insecure origin, an older browser) or when it refuses, selects the
 * field and tries the older copy command. False when neither worked: the text is then selected, for the reader to copy.
 */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Refused (no permission, the document not focused): fall through to the selection.
  }
  field?.focus()
  field?.select()
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy')
  } catch {
    return false
  }
}

/** The new refresh token, shown this once, with a Copy button and where gallery-dl wants it. */
function NewToken({ client, token, onDone }: { client: string; token: string; onDone: () => void }) {
  const t = useT()
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<boolean | null>(null)
  useEffect(() => field.current?.focus(), [])

  return (
    <div className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <label htmlFor={id} className="block text-sm font-medium">
        {t('settings.appToken.token', { client })}
      </label>
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <input
          ref={field}
          id={id}
          readOnly
          value={token}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={`${id}-once ${id}-hint`}
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 py-2 font-mono text-sm text-ink"
        />
        <Button variant="primary" onClick={() => void copyText(token, field.current).then(setCopied)}>
          {copied ? t('settings.appToken.copied') : t('settings.appToken.copy')}
        </Button>
      </div>
      <p id={`${id}-once`} className="text-sm font-medium">
        {t('settings.appToken.once')}
      </p>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {richText('settings.appToken.hint', {
          code: (text) => <code className="rounded bg-line/50 px-1 font-mono text-xs break-all">{text}</code>,
        })}
      </p>
      {copied === false && (
        <p role="alert" className="text-sm text-danger">
          {t('settings.appToken.copyFailed')}
        </p>
      )}
      <Button onClick={onDone}>{t('settings.appToken.done')}</Button>
    </div>
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
    mutationFn: (input: { client: string; password: string }) => api.addSession(input.client, input.password),
    onSuccess: () => {
      setPassword('')
      void queryClient.invalidateQueries({ queryKey: settingsQueries.sessions().queryKey })
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
