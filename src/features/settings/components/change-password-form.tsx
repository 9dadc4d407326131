import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../../components/button.tsx'
import { accountApi } from '../../../lib/account-api.ts'
import { signIn } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { MIN_PASSWORD_LENGTH, passwordLength } from '../../../api/account-endpoints.ts'
import { accountFormError } from '../../../lib/account-errors.ts'
import { accountQueries } from '../api/account-queries.ts'
import { AccountField, HiddenUsername } from '../../../components/account-field.tsx'
import '../../../lib/i18n/messages/en/settings.ts'

/**
 * A new password for the account. The service ends every session with it, this device's too, so the form signs in
 * again with the new password at once: the reader stays signed in here, and everywhere else is signed out.
 */
export function ChangePasswordForm({ account }: { account: string }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [tooShort, setTooShort] = useState(false)
  const mutation = useMutation({
    mutationFn: async (input: { current: string; next: string }) => {
      await accountApi.changePassword(input.current, input.next)
      try {
        await signIn(account, input.next)
        return { signedInAgain: true }
      } catch {
        // The password did change; only the new sign-in failed (the connection dropped in between).
        return { signedInAgain: false }
      }
    },
    onSuccess: () => {
      setCurrent('')
      setNext('')
      void queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey })
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mutation.isPending) return
    // The browser checks minLength only for what the reader typed; the service counts characters, as here.
    const short = passwordLength(next) < MIN_PASSWORD_LENGTH
    setTooShort(short)
    if (short) mutation.reset()
    else mutation.mutate({ current, next })
  }

  const error = tooShort
    ? t('settings.password.tooShort', { count: MIN_PASSWORD_LENGTH })
    : mutation.isError
      ? accountFormError(mutation.error, t('settings.password.failed'))
      : null

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('settings.password.title')}
      </h3>
      <form onSubmit={submit} className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
        <HiddenUsername account={account} />
        <div className="grid gap-3 sm:grid-cols-2">
          <AccountField
            label={t('settings.password.current')}
            name="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <AccountField
            label={t('settings.password.new')}
            hint={t('settings.password.newHint', { count: MIN_PASSWORD_LENGTH })}
            name="new-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={next}
            onChange={(e) => setNext(e.target.value)}
            aria-invalid={tooShort ? true : undefined}
          />
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        {mutation.isSuccess && (
          <p role="status" className="text-sm font-medium">
            {mutation.data.signedInAgain ? t('settings.password.changed') : t('settings.password.signInAgain')}
          </p>
        )}
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('settings.password.changing') : t('settings.password.submit')}
        </Button>
      </form>
    </section>
  )
}
