import { useMutation, useQuery } from '@tanstack/react-query'
import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { MIN_PASSWORD_LENGTH } from '../../api/account-endpoints.ts'
import { AccountField } from '../../components/account-field.tsx'
import { FormAlert } from '../../components/form-alert.tsx'
import { Button } from '../../components/button.tsx'
import { Skeleton } from '../../components/skeleton.tsx'
import { ErrorState } from '../../components/states.tsx'
import { accountApi } from '../../lib/account-api.ts'
import { MAX_ACCOUNT_LENGTH, MAX_NAME_LENGTH } from '../../lib/account-rules.ts'
import { session } from '../../lib/api.ts'
import { useT, type MessageKey } from '../../lib/i18n/i18n.ts'
import { richText } from '../../lib/i18n/rich.tsx'
import { paths } from '../../lib/paths.ts'
import type { SessionState } from '../../lib/session.ts'
import { useSession } from '../../lib/use-session.ts'
import { authQueries } from './api/auth-queries.ts'
import { fieldMessage, signUpFailure } from './sign-up-errors.ts'
import {
  checkSignUp,
  inviteCodeFrom,
  signUpOffer,
  type SignUpField,
  type SignUpForm as SignUpValues,
  type SignUpOffer,
  type SignUpProblems,
} from './sign-up-rules.ts'
import '../../lib/i18n/messages/en/auth.ts'
import '../../lib/i18n/messages/en/signup.ts'

/** Why the page offers no form, in words. */
const NO_FORM = {
  closed: 'signup.closed',
  inviteNeeded: 'signup.inviteNeeded',
  inviteUsed: 'signup.inviteUsed',
  inviteExpired: 'signup.inviteExpired',
  inviteUnknown: 'signup.inviteUnknown',
} as const satisfies Record<Extract<SignUpOffer, { form: false }>['why'], MessageKey>

const noteClass = 'rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink'

/** The first field of the form the problems name, in the form's order. */
const FIELD_ORDER: readonly SignUpField[] = ['account', 'name', 'password']

/**
 * The form: account name, display name and password, each checked as the service checks it before asking, each with
 * its own message. The invite (a link's code) goes with it unseen. Signed up, the new account's session is kept here.
 */
function SignUpForm({ invite, onSignedUp }: { invite: string | undefined; onSignedUp: (s: SessionState) => void }) {
  const t = useT()
  const id = useId()
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<SignUpValues>({ account: '', name: '', password: '' })
  const [checked, setChecked] = useState<SignUpProblems>({})
  const focusFirst = (problems: SignUpProblems) => {
    const field = FIELD_ORDER.find((f) => problems[f] !== undefined)
    if (field) (form.current?.elements.namedItem(field) as HTMLInputElement | null)?.focus()
  }
  const mutation = useMutation({
    mutationFn: async (input: SignUpValues) =>
      session.signIn(
        await accountApi.signUp({
          account: input.account.trim(),
          name: input.name.trim(),
          password: input.password,
          ...(invite === undefined ? {} : { invite }),
        }),
      ),
    onSuccess: onSignedUp,
    onError: (error) => focusFirst(signUpFailure(error).problems),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mutation.isPending) return
    const problems = checkSignUp(values)
    setChecked(problems)
    if (Object.keys(problems).length > 0) {
      mutation.reset()
      focusFirst(problems)
    } else mutation.mutate(values)
  }

  // Messages are made at render, so they follow a change of language.
  const failure = mutation.isError ? signUpFailure(mutation.error) : { problems: checked, form: null }
  const problem = (field: SignUpField) => {
    const reason = failure.problems[field]
    return reason === undefined ? null : fieldMessage(field, reason)
  }
  const alert = failure.form ?? problem('invite')
  const set = (field: keyof SignUpValues) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }))

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-describedby={alert ? `${id}-error` : undefined}
    >
      <AccountField
        label={t('auth.account')}
        hint={t('signup.accountHint')}
        error={problem('account')}
        name="account"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        maxLength={MAX_ACCOUNT_LENGTH}
        value={values.account}
        onChange={set('account')}
      />
      <AccountField
        label={t('signup.name')}
        hint={t('signup.nameHint', { count: MAX_NAME_LENGTH })}
        error={problem('name')}
        name="name"
        autoComplete="nickname"
        required
        maxLength={MAX_NAME_LENGTH}
        value={values.name}
        onChange={set('name')}
      />
      <AccountField
        label={t('auth.password')}
        hint={t('signup.passwordHint', { count: MIN_PASSWORD_LENGTH })}
        error={problem('password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        value={values.password}
        onChange={set('password')}
      />
      {alert && <FormAlert id={`${id}-error`}>{alert}</FormAlert>}
      <Button type="submit" variant="primary" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? t('signup.creating') : t('signup.submit')}
      </Button>
    </form>
  )
}

/** Invite mode without an invite: a pasted link or code opens the page with it (`onInvite`), which checks it. */
function InviteCodeForm({ onInvite }: { onInvite: (code: string) => void }) {
  const t = useT()
  const [text, setText] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const code = inviteCodeFrom(text)
    if (code) onInvite(code)
  }
  return (
    <form onSubmit={submit} className="space-y-3">
      <AccountField
        label={t('signup.inviteCode')}
        name="invite"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" className="w-full">
        {t('signup.useInvite')}
      </Button>
    </form>
  )
}

/**
 * `/signup`: what registration allows first (the mode, an invite link's state), said plainly when it allows nothing;
 * else the form. `invite`: the code of the invite link opened. `returnTo`: where signing in instead comes back to.
 */
export function SignUpScreen({
  invite,
  returnTo,
  onSignedUp,
  onInvite,
}: {
  invite: string | undefined
  returnTo: string
  onSignedUp: (session: SessionState) => void
  onInvite: (code: string) => void
}) {
  const t = useT()
  const current = useSession()
  const query = useQuery(authQueries.registration(invite))
  // Signed up: the new session empties every cached answer (this page's too) while the next page loads.
  const [signedUp, setSignedUp] = useState(false)

  let body: ReactNode
  if (signedUp)
    body = (
      <p role="status" className={noteClass}>
        {t('signup.created')}
      </p>
    )
  else if (query.isPending) body = <Skeleton className="h-96" />
  else if (query.isError) body = <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
  else {
    const offer = signUpOffer(query.data, invite)
    body = offer.form ? (
      <>
        {offer.firstAccount && <p className={`mb-4 ${noteClass}`}>{t('signup.firstAccount')}</p>}
        <SignUpForm
          invite={offer.invite}
          onSignedUp={(state) => {
            setSignedUp(true)
            onSignedUp(state)
          }}
        />
      </>
    ) : (
      <div className="space-y-4">
        <p className={noteClass}>{t(NO_FORM[offer.why])}</p>
        {offer.why === 'inviteNeeded' && <InviteCodeForm onInvite={onInvite} />}
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-sm py-6 sm:py-12">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">{t('signup.title')}</h1>
      {current && !signedUp && (
        <p className="mb-6">
          {richText(
            'signup.signedInAs',
            { name: (name) => <span className="font-semibold">{name}</span> },
            { name: current.user.name },
          )}
        </p>
      )}
      {body}
      <p className="mt-6 text-center text-sm text-muted">
        {richText('signup.haveAccount', {
          link: (text) => (
            <Link className="text-accent underline" to={paths.login(returnTo === '/' ? undefined : returnTo)}>
              {text}
            </Link>
          ),
        })}
      </p>
    </div>
  )
}
