import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '../lib/paths.ts'
import { useSignInHref } from '../lib/sign-in-href.ts'
import { Button, buttonClass } from './button.tsx'
import { describeError } from './describe-error.ts'

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-2 px-4 py-16 text-center">
      <p className="text-lg font-semibold">{title}</p>
      {children && <div className="text-muted">{children}</div>}
    </div>
  )
}

/** A failed load: what happened in words, and a retry when retrying can help. */
export function ErrorState({ error, onRetry, compact }: { error: unknown; onRetry?: () => void; compact?: boolean }) {
  const d = describeError(error)
  const signInHref = useSignInHref()
  return (
    <div
      role="alert"
      className={`mx-auto flex max-w-md flex-col items-center gap-3 px-4 text-center ${compact ? 'py-6' : 'py-16'}`}
    >
      <p className="text-lg font-semibold">{d.title}</p>
      <p className="text-muted">{d.message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {onRetry && d.retryable && (
          <Button variant="primary" onClick={onRetry}>
            Try again
          </Button>
        )}
        {d.signIn && (
          <Link className={buttonClass('primary')} to={signInHref}>
            Sign in
          </Link>
        )}
      </div>
    </div>
  )
}

/** A whole-page state of a detail view: a big code (404) when there is one, the heading, then what to do next. */
export function StatePanel({ title, code, children }: { title: string; code?: string; children: ReactNode }) {
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

/**
 * `visible: false`: the service sent a placeholder (private, followers only, or age-restricted for this viewer).
 * `children` says why in the feature's words; signed out, a sign-in link follows.
 */
export function UnavailableState({
  title,
  signedIn,
  signInHref,
  children,
}: {
  title: string
  signedIn: boolean
  signInHref: string
  children: ReactNode
}) {
  return (
    <section data-unavailable className="mx-auto my-8 max-w-md rounded-lg border border-line p-6 text-center">
      <StatePanel title={title}>
        <p className="text-muted">{children}</p>
        {!signedIn && (
          <Link className={buttonClass('primary')} to={signInHref}>
            Sign in
          </Link>
        )}
      </StatePanel>
    </section>
  )
}

export function NotFoundState({ what = 'page' }: { what?: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <p className="text-5xl font-semibold text-muted" aria-hidden="true">
        404
      </p>
      <p className="text-lg font-semibold">This {what} does not exist</p>
      <p className="text-muted">It may have been deleted, or the link is mistyped.</p>
      <Link className={buttonClass('primary')} to={paths.home()}>
        Back to the home page
      </Link>
    </div>
  )
}
