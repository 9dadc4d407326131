import { Link } from 'react-router'
import { buttonClass } from '../../../../components/button.tsx'
import { Skeleton } from '../../../../components/skeleton.tsx'
import { StatePanel, UnavailableState } from '../../../../components/states.tsx'
import { paths } from '../../../../lib/paths.ts'
import { fitStyle } from '../../lib/fit.ts'

/** While the work loads: blocks of the final layout, the image block at the work's size when a list already knew it. */
export function ArtworkSkeleton({ width, height }: { width?: number; height?: number }) {
  return (
    // At least a screen tall: the footer stays below the fold until the work is in, rather than showing under the
    // placeholder and jumping away as the work's details arrive.
    <div className="flex min-h-dvh flex-col gap-6" aria-busy="true">
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

export function ArtworkNotFound() {
  return (
    <StatePanel title="This work doesn't exist or was deleted" code="404">
      <p className="text-muted">Check the link, or find something else to look at.</p>
      <Link className={buttonClass('primary')} to={paths.home()}>
        Back to the home page
      </Link>
    </StatePanel>
  )
}

export function ArtworkUnavailable({ signedIn, signInHref }: { signedIn: boolean; signInHref: string }) {
  return (
    <UnavailableState title="This work is not available" signedIn={signedIn} signInHref={signInHref}>
      The artist has limited who can see it, or it is age-restricted
      {signedIn ? ' and your account settings do not allow it.' : '. Signing in may let you see it.'}
    </UnavailableState>
  )
}
