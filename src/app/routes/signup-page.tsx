import { useNavigate, useSearchParams } from 'react-router'
import { safeReturnTo } from '../../features/auth/return-to.ts'
import { SignUpScreen } from '../../features/auth/sign-up-screen.tsx'
import { useT } from '../../lib/i18n/i18n.ts'
import { paths } from '../../lib/paths.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import '../../lib/i18n/messages/en/signup.ts'

/** `/signup?invite=&return_to=`: sign up (with an invite link's code), then on to where the viewer was. */
export function Component() {
  const t = useT()
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const returnTo = safeReturnTo(search.get('return_to'))
  const invite = search.get('invite')?.trim() || undefined
  useDocumentTitle(t('signup.title'))

  return (
    <SignUpScreen
      key={invite}
      invite={invite}
      returnTo={returnTo}
      onSignedUp={() => void navigate(returnTo, { replace: true })}
      onInvite={(code) =>
        void navigate(paths.signup({ invite: code, returnTo: returnTo === '/' ? undefined : returnTo }))
      }
    />
  )
}
