import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { Link } from 'react-router'
import { MAX_BIO_LENGTH } from '../../../api/account-endpoints.ts'
import type { UserDetail } from '../../../api/model.ts'
import { AccountField, AccountTextArea } from '../../../components/account-field.tsx'
import { Button, buttonClass } from '../../../components/button.tsx'
import { FormAlert } from '../../../components/form-alert.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { ErrorState } from '../../../components/states.tsx'
import { accountApi } from '../../../lib/account-api.ts'
import { MAX_ACCOUNT_LENGTH, MAX_NAME_LENGTH } from '../../../lib/account-rules.ts'
import { session } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { userDetailQuery, usersKey } from '../../../lib/user-detail-query.ts'
import { profileFailure, profileFieldMessage } from '../profile-errors.ts'
import {
  bioLength,
  checkProfile,
  MAX_WEBPAGE_LENGTH,
  PROFILE_FIELDS,
  trimProfile,
  type ProfileField,
  type ProfileProblems,
  type ProfileValues,
} from '../profile-rules.ts'
import { ProfileImages } from './profile-images.tsx'
import { SettingsSection } from './settings-section.tsx'
import '../../../lib/i18n/messages/en/settings.ts'

const profileOf = ({ user, profile }: UserDetail): ProfileValues => ({
  name: user.name,
  account: user.account,
  comment: user.comment ?? '',
  webpage: profile.webpage ?? '',
})

const same = (a: ProfileValues, b: ProfileValues) => PROFILE_FIELDS.every((f) => a[f] === b[f])

/**
 * The reader's profile, sent whole: display name, account name, bio and web page, each checked as the service checks
 * it before asking, each refusal beside its field. Saved, every cached answer that shows the names goes stale, and the
 * session is renewed: its user (the header's name) came from the token answer.
 */
function ProfileForm({ initial, itemKeys }: { initial: ProfileValues; itemKeys: readonly QueryKey[] }) {
  const t = useT()
  const id = useId()
  const queryClient = useQueryClient()
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState(initial)
  const [saved, setSaved] = useState(initial)
  const [checked, setChecked] = useState<ProfileProblems>({})
  const focusFirst = (problems: ProfileProblems) => {
    const field = PROFILE_FIELDS.find((f) => problems[f] !== undefined)
    if (field) (form.current?.elements.namedItem(field) as HTMLElement | null)?.focus()
  }
  const mutation = useMutation({
    mutationFn: async (profile: ProfileValues) => {
      await accountApi.editProfile(profile)
      // The profile is saved; a failed renewal (the connection dropped) leaves the old names in the header until the
      // session's next one.
      await session.refresh().catch(() => null)
      return profile
    },
    onSuccess: (profile) => {
      setSaved(profile)
      setValues(profile)
      // Users' details, lists and searches, and the works and novels, which name their authors.
      void queryClient.invalidateQueries({ queryKey: usersKey() })
      for (const queryKey of itemKeys) void queryClient.invalidateQueries({ queryKey })
    },
    onError: (error) => focusFirst(profileFailure(error).problems),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (mutation.isPending) return
    const problems = checkProfile(values)
    setChecked(problems)
    if (Object.keys(problems).length > 0) {
      mutation.reset()
      focusFirst(problems)
    } else mutation.mutate(trimProfile(values))
  }

  // Messages are made at render, so they follow a change of language.
  const failure = mutation.isError ? profileFailure(mutation.error) : { problems: checked, form: null }
  const problem = (field: ProfileField) => {
    const reason = failure.problems[field]
    return reason === undefined ? null : profileFieldMessage(field, reason)
  }
  const set = (field: ProfileField) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }))
  const bio = bioLength(values.comment)
  // Said as it is typed, not only on Save: the count shows how far over.
  const bioError = problem('comment') ?? (bio > MAX_BIO_LENGTH ? profileFieldMessage('comment', 'too long') : null)
  const account = values.account.trim()
  const accountHint =
    account !== saved.account && account !== ''
      ? `${t('settings.profile.accountHint')} ${t('settings.profile.accountChange', { account, previous: saved.account })}`
      : t('settings.profile.accountHint')

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-describedby={failure.form ? `${id}-error` : undefined}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <AccountField
          label={t('settings.profile.name')}
          hint={t('settings.profile.nameHint', { count: MAX_NAME_LENGTH })}
          error={problem('name')}
          name="name"
          autoComplete="nickname"
          required
          maxLength={MAX_NAME_LENGTH}
          value={values.name}
          onChange={set('name')}
        />
        <AccountField
          label={t('settings.profile.account')}
          hint={accountHint}
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
      </div>
      <AccountTextArea
        label={t('settings.profile.bio')}
        hint={t('settings.profile.bioCount', { count: bio, max: MAX_BIO_LENGTH })}
        error={bioError}
        name="comment"
        rows={5}
        className="resize-y"
        data-content
        value={values.comment}
        onChange={set('comment')}
      />
      <AccountField
        label={t('settings.profile.webpage')}
        hint={t('settings.profile.webpageHint')}
        error={problem('webpage')}
        name="webpage"
        type="url"
        autoComplete="url"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={MAX_WEBPAGE_LENGTH}
        value={values.webpage}
        onChange={set('webpage')}
      />
      {failure.form && <FormAlert id={`${id}-error`}>{failure.form}</FormAlert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('settings.profile.saving') : t('settings.profile.save')}
        </Button>
        {/* Always there, so the word is announced as it appears; gone again once the form is edited. */}
        <p role="status" className="text-sm font-medium">
          {mutation.isSuccess && same(trimProfile(values), saved) ? t('settings.profile.saved') : ''}
        </p>
      </div>
    </form>
  )
}

/**
 * The Profile section of the settings, for a signed-in reader: their own profile as others see it, loaded from their
 * user detail (the same query, and cache entry, as their profile page's): their avatar and background, then the form;
 * and a link to that page.
 */
export function ProfileSection({ userId, itemKeys }: { userId: number; itemKeys: readonly QueryKey[] }) {
  const t = useT()
  const query = useQuery(userDetailQuery(userId))
  return (
    <SettingsSection title={t('settings.profile.title')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">{t('settings.profile.description')}</p>
        <Link className={buttonClass('secondary')} to={paths.user(userId)}>
          {t('settings.profile.view')}
        </Link>
      </div>
      {query.isPending ? (
        <Skeleton className="h-96" />
      ) : query.isError ? (
        <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <ProfileImages detail={query.data} itemKeys={itemKeys} />
          <ProfileForm initial={profileOf(query.data)} itemKeys={itemKeys} />
        </>
      )}
    </SettingsSection>
  )
}
