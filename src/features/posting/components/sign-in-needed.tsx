import { Link } from 'react-router'
import { buttonClass } from '../../../components/button.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { useSignInHref } from '../../../lib/sign-in-href.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/posting.ts'

/** Signed out on a posting screen: what it needs, and the sign-in page that comes back here. */
export function SignInNeeded() {
  const t = useT()
  const signInHref = useSignInHref()
  return (
    <section aria-labelledby="posting-sign-in" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16">
      <h1 id="posting-sign-in" className="text-center text-lg font-semibold">
        {t('posting.signIn.title')}
      </h1>
      <p className="text-center text-muted">{t('posting.signIn.text')}</p>
      <Link className={buttonClass('primary')} to={signInHref}>
        {t('common.signIn')}
      </Link>
    </section>
  )
}
