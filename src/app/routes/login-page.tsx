import { Link, useNavigate, useSearchParams } from 'react-router'
import { LoginForm } from '../../features/auth/login-form.tsx'
import { safeReturnTo } from '../../features/auth/return-to.ts'
import { SignUpLink } from '../../features/auth/sign-up-link.tsx'
import { useT } from '../../lib/i18n/i18n.ts'
import { richText } from '../../lib/i18n/rich.tsx'
import { paths } from '../../lib/paths.ts'
import '../../lib/i18n/messages/en/auth.ts'
import '../../lib/i18n/messages/en/common.ts'
const kbd = (text: string) => <kbd className="font-mono font-semibold text-ink">{text}</kbd>
import { useSession } from '../../lib/use-session.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'

/** `/login?return_to=`: sign in, then back to where the viewer was. */
export function Component() {
  const t = useT()
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const current = useSession()
  const returnTo = safeReturnTo(search.get('return_to'))
  useDocumentTitle(t('common.signIn'))

  return (
    <div className="mx-auto max-w-sm py-6 sm:py-12">
      <h1 className="mb-2 text-2xl font-semibold tracking-tight">{t('auth.title')}</h1>
      {current ? (
        <p className="mb-6">
          {richText(
            'auth.signedInAs',
            { name: (name) => <span className="font-semibold">{name}</span> },
            { name: current.user.name },
          )}{' '}
          <Link className="text-accent underline" to={returnTo}>
            {t('auth.continue')}
          </Link>
        </p>
      ) : (
        <p className="mb-6 text-sm text-muted">{richText('auth.demo', { account: kbd, password: kbd })}</p>
      )}
      <LoginForm onSignedIn={() => void navigate(returnTo, { replace: true })} />
      <p className="mt-6 flex flex-col items-center gap-2 text-center text-sm text-muted sm:gap-3">
        <Link className="inline-flex min-h-11 items-center text-accent underline sm:min-h-0" to={paths.home()}>
          {t('auth.browse')}
        </Link>
        {/* Last: when the mode turns out to be closed, nothing moves as it goes. */}
        <SignUpLink
          className="inline-flex min-h-11 items-center font-medium text-accent underline sm:min-h-0"
          returnTo={returnTo === '/' ? undefined : returnTo}
        />
      </p>
    </div>
  )
}
