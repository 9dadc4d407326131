import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { AccountField } from '../../components/account-field.tsx'
import { FormAlert } from '../../components/form-alert.tsx'
import { Button } from '../../components/button.tsx'
import { signIn } from '../../lib/api.ts'
import { ApiError, TokenRequestError } from '../../lib/api-error.ts'
import { currentLang, t, useT } from '../../lib/i18n/i18n.ts'
import type { SessionState } from '../../lib/session.ts'
import '../../lib/i18n/messages/en/auth.ts'
import '../../lib/i18n/messages/en/common.ts'

/**
 * Why signing in failed, in words. A suspended account's right password is refused like a wrong one (`invalid_grant`),
 * but with the service's own sentence saying so: shown as it is in English, as the gallery's in another language.
 */
function signInRefusal(error: Error): string {
  if (error instanceof TokenRequestError && /\bsuspended\b/i.test(error.message))
    return currentLang() === 'en' ? error.message : t('auth.suspended')
  return error instanceof ApiError ? error.userMessage : t('auth.failed')
}

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
  const message = mutation.error ? signInRefusal(mutation.error) : null

  return (
    <form onSubmit={submit} className="space-y-4" aria-describedby={message ? errorId : undefined} noValidate={false}>
      <AccountField
        label={t('auth.account')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        aria-invalid={message ? true : undefined}
      />
      <AccountField
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={message ? true : undefined}
      />
      {message && <FormAlert id={errorId}>{message}</FormAlert>}
      <Button type="submit" variant="primary" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? t('auth.signingIn') : t('common.signIn')}
      </Button>
    </form>
  )
}
