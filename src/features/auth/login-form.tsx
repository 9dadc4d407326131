import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/button.tsx'
import { signIn } from '../../lib/api.ts'
import { ApiError } from '../../lib/api-error.ts'
import { useT } from '../../lib/i18n/i18n.ts'
import type { SessionState } from '../../lib/session.ts'
import '../../lib/i18n/messages/en/auth.ts'
import '../../lib/i18n/messages/en/common.ts'

const inputClass =
  'min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink placeholder:text-muted focus-visible:border-accent'

/** Account name and password → a session. The token endpoint's refusal is shown as a sentence, beside the form. */
export function LoginForm({ onSignedIn }: { onSignedIn: (session: SessionState) => void }) {
  const t = useT()
  const id = useId()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const mutation = useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      signIn(credentials.username, credentials.password),
    onSuccess: onSignedIn,
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mutation.isPending) return
    mutation.mutate({ username: username.trim(), password })
  }

  const errorId = `${id}-error`
  const message = mutation.error
    ? mutation.error instanceof ApiError
      ? mutation.error.userMessage
      : t('auth.failed')
    : null

  return (
    <form onSubmit={submit} className="space-y-4" aria-describedby={message ? errorId : undefined} noValidate={false}>
      <div className="space-y-1">
        <label htmlFor={`${id}-user`} className="block text-sm font-medium">
          {t('auth.account')}
        </label>
        <input
          id={`${id}-user`}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          className={inputClass}
          aria-invalid={message ? true : undefined}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-password`} className="block text-sm font-medium">
          {t('auth.password')}
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className={inputClass}
          aria-invalid={message ? true : undefined}
        />
      </div>
      {message && (
        <p
          id={errorId}
          role="alert"
          className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-ink"
        >
          {message}
        </p>
      )}
      <Button type="submit" variant="primary" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? t('auth.signingIn') : t('common.signIn')}
      </Button>
    </form>
  )
}
