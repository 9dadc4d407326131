import type { ReactNode } from 'react'

/** The title row of a view: the page's level-1 heading and optional actions beside it. */
export function PageHeader({ title, children, hidden }: { title: ReactNode; children?: ReactNode; hidden?: boolean }) {
  return (
    <div className={`flex flex-wrap items-end justify-between gap-3 ${hidden ? '' : 'mb-4'}`}>
      <h1 className={hidden ? 'sr-only' : 'text-2xl font-semibold tracking-tight'}>{title}</h1>
      {children}
    </div>
  )
}
