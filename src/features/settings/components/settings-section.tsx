import type { ReactNode } from 'react'

/** One part of the settings screen: a region named by its heading. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-5 rounded-2xl border border-line bg-surface/50 p-4 sm:p-6" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}
