// Apart from skeleton.tsx, which the shell loads: only the profile and the series pages need this.

import { Skeleton } from './skeleton.tsx'

/**
 * A page header while it loads (a profile, a series): its picture beside lines of text, said once as `label` to
 * assistive technology. `lines` are the lines' size classes, top to bottom.
 */
export function HeaderSkeleton({
  label,
  picture,
  lines,
  className = 'mb-6',
}: {
  label: string
  picture: string
  lines: readonly string[]
  className?: string
}) {
  return (
    <div role="status" className={`flex gap-4 ${className}`}>
      <span className="sr-only">{label}</span>
      <Skeleton className={picture} />
      <div className="flex-1 space-y-2">
        {lines.map((line, i) => (
          <Skeleton key={i} className={line} />
        ))}
      </div>
    </div>
  )
}
