import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '../../../../components/button.tsx'
import { Skeleton } from '../../../../components/skeleton.tsx'
import { paths } from '../../../../lib/paths.ts'
import { fitStyle } from '../../lib/fit.ts'

/** While the work loads: blocks of the final layout, the image block at the work's size when a list already knew it. */
export function ArtworkSkeleton({ width, height }: { width?: number; height?: number }) {
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the work…
      </p>
      <div className="flex justify-center">
        <div className="max-w-full" style={fitStyle(width ?? 0, height ?? 0)}>
          <Skeleton className="size-full" />
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </div>
  )
}

function Panel({ title, children, code }: { title: string; children: ReactNode; code?: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      {code && (
        <p className="text-5xl font-semibold text-muted" aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className="text-lg font-semibold">{title}</h1>
      {children}
    </div>
  )
}

export function ArtworkNotFound() {
  return (
    <Panel title="This work doesn't exist or was deleted" code="404">
      <p className="text-muted">Check the link, or find something else to look at.</p>
      <Link className={buttonClass('primary')} to={paths.home()}>
        Back to the home page
      </Link>
    </Panel>
  )
}

/** `visible: false`: the service sent a placeholder (private, followers only, or age-restricted for this viewer). */
export function ArtworkUnavailable({ signedIn, signInHref }: { signedIn: boolean; signInHref: string }) {
  return (
    <section data-unavailable className="mx-auto my-8 max-w-md rounded-lg border border-line p-6 text-center">
      <Panel title="This work is not available">
        <p className="text-muted">
          The artist has limited who can see it, or it is age-restricted
          {signedIn ? ' and your account settings do not allow it.' : '. Signing in may let you see it.'}
        </p>
        {!signedIn && (
          <Link className={buttonClass('primary')} to={signInHref}>
            Sign in
          </Link>
        )}
      </Panel>
    </section>
  )
}
