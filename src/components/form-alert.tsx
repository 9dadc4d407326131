import type { ReactNode } from 'react'

/** A form's refusal as a whole (not one field's), announced as it appears: the sign-in's and the sign-up's. */
export function FormAlert({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-ink">
      {children}
    </p>
  )
}
