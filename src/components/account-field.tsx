import { useId, type InputHTMLAttributes } from 'react'

const inputClass =
  'min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink placeholder:text-muted focus-visible:border-accent'

/**
 * A labelled text or password field of the account's forms (signing in and up, the settings' account forms), with an
 * optional hint and an error that are read out with it.
 */
export function AccountField({
  label,
  hint,
  error,
  className = '',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string | null }) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`${inputClass} ${className}`}
        aria-describedby={describedBy || undefined}
        {...input}
        aria-invalid={error ? true : input['aria-invalid']}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * The account's name, hidden, beside a password field: password managers then know whose password it is (and
 * Chromium asks for one in every form with a password).
 */
export function HiddenUsername({ account }: { account: string }) {
  return <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
}
