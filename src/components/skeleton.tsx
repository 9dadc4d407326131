/** A placeholder block while content loads; hidden from assistive technology (the page says "Loading" once). */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden="true" className={`animate-pulse rounded-md bg-line/60 motion-reduce:animate-none ${className}`} />
  )
}
