import { Link } from 'react-router'
import { buttonClass } from '../../../components/button.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { StatePanel, UnavailableState } from '../../../components/states.tsx'
import { paths } from '../../../lib/paths.ts'

/**
 * While the novel loads: the header, then lines of text, in the final layout's places. At least a screen tall, so the
 * footer stays below the fold until the novel is in (otherwise it showed under the placeholder, then jumped away).
 */
export function NovelSkeleton() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-5xl flex-col gap-5" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the novel…
      </p>
      <div className="flex gap-4">
        <Skeleton className="hidden h-34 w-24 sm:block" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <div className="mx-auto flex w-full max-w-[38em] flex-col gap-3 py-6">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className={`h-5 ${i % 3 === 2 ? 'w-3/4' : 'w-full'}`} />
        ))}
      </div>
    </div>
  )
}

export function NovelNotFound() {
  return (
    <StatePanel title="This novel doesn't exist or was deleted" code="404">
      <p className="text-muted">Check the link, or find something else to read.</p>
      <Link className={buttonClass('primary')} to={paths.home('novel')}>
        Recommended novels
      </Link>
    </StatePanel>
  )
}

export function NovelUnavailable({ signedIn, signInHref }: { signedIn: boolean; signInHref: string }) {
  return (
    <UnavailableState title="This novel is not available" signedIn={signedIn} signInHref={signInHref}>
      The author has limited who can read it, or it is age-restricted
      {signedIn ? ' and your account settings do not allow it.' : '. Signing in may let you read it.'}
    </UnavailableState>
  )
}
