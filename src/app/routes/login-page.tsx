import { Link, useNavigate, useSearchParams } from 'react-router'
import { LoginForm } from '../../features/auth/login-form.tsx'
import { safeReturnTo } from '../../features/auth/return-to.ts'
import { useSession } from '../../lib/use-session.ts'
import { paths } from '../../lib/paths.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'

/** `/login?return_to=`: sign in, then back to where the viewer was. */
export function Component() {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const current = useSession()
  const returnTo = safeReturnTo(search.get('return_to'))
  useDocumentTitle('Sign in')

  return (
    <div className="mx-auto max-w-sm py-6 sm:py-12">
      <h1 className="mb-2 text-2xl font-semibold tracking-tight">Sign in to Easel</h1>
      {current ? (
        <p className="mb-6">
          You are signed in as <span className="font-semibold">{current.user.name}</span>.{' '}
          <Link className="text-accent underline" to={returnTo}>
            Continue
          </Link>
        </p>
      ) : (
        <p className="mb-6 text-sm text-muted">
          The demo account is <kbd className="font-mono font-semibold text-ink">demo</kbd> with the password{' '}
          <kbd className="font-mono font-semibold text-ink">demo</kbd>.
        </p>
      )}
      <LoginForm onSignedIn={() => void navigate(returnTo, { replace: true })} />
      <p className="mt-6 text-center text-sm text-muted">
        <Link className="inline-flex min-h-11 items-center text-accent underline sm:min-h-0" to={paths.home()}>
          Browse without signing in
        </Link>
      </p>
    </div>
  )
}
