import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Button } from '../../../components/button.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import '../../../lib/i18n/messages/en/settings.ts'

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

/**
 * A secret the service shows this once (an app's refresh token, an invite link): a read-only field, focused, with a
 * Copy button; `children` say what it is for, and "Done" puts it away (`onDone`). `copyFailed`: what to say when
 * copying did not work and the text is left selected.
 */
export function ShownOnce({
  label,
  value,
  copyFailed,
  onDone,
  children,
}: {
  label: string
  value: string
  copyFailed: string
  onDone: () => void
  children: ReactNode
}) {
  const t = useT()
  const id = useId()
  const field = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<boolean | null>(null)
  useEffect(() => field.current?.focus(), [])

  return (
    <div className="space-y-3 rounded-xl border border-line bg-surface p-4">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-2 sm:flex-nowrap">
        <input
          ref={field}
          id={id}
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={`${id}-notes`}
          className="min-h-11 w-full min-w-0 flex-1 rounded-lg border border-line bg-canvas px-3 py-2 font-mono text-sm text-ink"
        />
        <Button variant="primary" onClick={() => void copyText(value, field.current).then(setCopied)}>
          {copied ? t('settings.shownOnce.copied') : t('settings.shownOnce.copy')}
        </Button>
      </div>
      <div id={`${id}-notes`} className="space-y-3">
        {children}
      </div>
      {copied === false && (
        <p role="alert" className="text-sm text-danger">
          {copyFailed}
        </p>
      )}
      <Button onClick={onDone}>{t('settings.shownOnce.done')}</Button>
    </div>
  )
}
