import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useT } from '../lib/i18n/i18n.ts'
import { paths } from '../lib/paths.ts'
import { useSignInHref } from '../lib/sign-in-href.ts'
import { Button, buttonClass } from './button.tsx'
import { describeError } from './describe-error.ts'
import '../lib/i18n/messages/en/common.ts'
import '../lib/i18n/messages/en/components.ts'

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
  const t = useT()
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
            {t('common.tryAgain')}
          </Button>
        )}
        {d.signIn && (
          <Link className={buttonClass('primary')} to={signInHref}>
            {t('common.signIn')}
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
  const t = useT()
  return (
    <section data-unavailable className="mx-auto my-8 max-w-md rounded-lg border border-line p-6 text-center">
      <StatePanel title={title}>
        <p className="text-muted">{children}</p>
        {!signedIn && (
          <Link className={buttonClass('primary')} to={signInHref}>
            {t('common.signIn')}
          </Link>
        )}
      </StatePanel>
    </section>
  )
}

const NOT_FOUND = {
  page: 'components.notFound.page',
  series: 'components.notFound.series',
  user: 'components.notFound.user',
} as const

export function NotFoundState({ what = 'page' }: { what?: keyof typeof NOT_FOUND }) {
  const t = useT()
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <p className="text-5xl font-semibold text-muted" aria-hidden="true">
        404
      </p>
      <p className="text-lg font-semibold">{t(NOT_FOUND[what])}</p>
      <p className="text-muted">{t('components.notFound.hint')}</p>
      <Link className={buttonClass('primary')} to={paths.home()}>
        {t('components.notFound.home')}
      </Link>
    </div>
  )
}
