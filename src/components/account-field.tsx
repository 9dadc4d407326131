import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'

const inputClass =
  'min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink placeholder:text-muted focus-visible:border-accent'

interface FieldProps {
  label: string
  hint?: string
  error?: string | null
}

/** The ids a field's hint and error take, from the field's own id, and the `aria-describedby` naming them. */
const describedBy = (id: string, { hint, error }: FieldProps) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined

/** A field's hint and error below it, read out with it (their ids are `describedBy`'s). */
function FieldNotes({ id, hint, error }: { id: string } & Omit<FieldProps, 'label'>) {
  return (
    <>
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
    </>
  )
}

/**
 * A field's label above it and its hint and error below, read out with it: `control` gets the field's id, the ids its
 * notes take (`aria-describedby`) and whether it is invalid.
 */
function LabelledField({
  label,
  hint,
  error,
  control,
}: FieldProps & {
  control: (a11y: { id: string; 'aria-describedby': string | undefined; invalid: boolean }) => ReactNode
}) {
  const id = useId()
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {control({ id, 'aria-describedby': describedBy(id, { label, hint, error }), invalid: !!error })}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

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
}: InputHTMLAttributes<HTMLInputElement> & FieldProps) {
  return (
    <LabelledField
      label={label}
      hint={hint}
      error={error}
      control={({ invalid, ...a11y }) => (
        <input
          className={`${inputClass} ${className}`}
          {...a11y}
          {...input}
          aria-invalid={invalid ? true : input['aria-invalid']}
        />
      )}
    />
  )
}

/** A labelled multi-line field of the account's forms (the profile's bio), with a hint and an error as AccountField. */
export function AccountTextArea({
  label,
  hint,
  error,
  className = '',
  ...textarea
}: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldProps) {
  return (
    <LabelledField
      label={label}
      hint={hint}
      error={error}
      control={({ invalid, ...a11y }) => (
        <textarea
          className={`${inputClass} ${className}`}
          {...a11y}
          {...textarea}
          aria-invalid={invalid ? true : textarea['aria-invalid']}
        />
      )}
    />
  )
}

/**
 * The account's name, hidden, beside a password field: password managers then know whose password it is (and
 * Chromium asks for one in every form with a password).
 */
export function HiddenUsername({ account }: { account: string }) {
  return <input type="text" name="username" autoComplete="username" value={account} readOnly hidden />
}
