import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useT } from '../../lib/i18n/i18n.ts'
import { paths } from '../../lib/paths.ts'
import { authQueries } from './api/auth-queries.ts'
import '../../lib/i18n/messages/en/auth.ts'

/**
 * The sign-in page's way to sign up, carrying where to come back to. Shown from the first paint, without waiting for
 * the registration mode; gone once it says nobody may sign up (and an account exists).
 */
export function SignUpLink({ returnTo, className = '' }: { returnTo: string | undefined; className?: string }) {
  const t = useT()
  const { data } = useQuery(authQueries.registration())
  if (data && data.mode === 'closed' && !data.firstAccount) return null
  return (
    <Link className={className} to={paths.signup({ returnTo })}>
      {t('auth.createAccount')}
    </Link>
  )
}
