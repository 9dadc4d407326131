import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../../components/button.tsx'
import { ChoiceGroup } from '../../../components/choice-group.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { ErrorState } from '../../../components/states.tsx'
import { useSession } from '../../../lib/use-session.ts'
import { Mutes } from './mutes.tsx'
import { AppTokenForm } from './app-token-form.tsx'
import { ChangePasswordForm } from './change-password-form.tsx'
import { SignedInDevices } from './signed-in-devices.tsx'
import { Administration } from './administration.tsx'
import { DeleteAccount } from './delete-account.tsx'
import { ProfileSection } from './profile-form.tsx'
import { SettingsSection } from './settings-section.tsx'
import { DENSITIES, FILTER_ACTIONS, FILTER_ROWS, LANGUAGES, QUALITIES, THEMES } from '../settings-choices.ts'
import { settingsQueries } from '../api/settings-queries.ts'
import { api, session } from '../../../lib/api.ts'
import { ApiError } from '../../../lib/api-error.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { richText } from '../../../lib/i18n/rich.tsx'
import { paths } from '../../../lib/paths.ts'
import { updateSettings, useSettings } from '../../../lib/settings.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/settings.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'

/**
 * Ends every session of the account (other browsers, gallery-dl, pixivpy), then this one. It waits for the service:
 * offline it says so and leaves this device signed in, rather than pretend the others were signed out.
 */
function SignOutEverywhere() {
  const t = useT()
  const signOut = useMutation({ mutationFn: () => session.signOutEverywhere() })
  return (
    <>
      <Button variant="danger" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {t('settings.account.signOutEverywhere')}
      </Button>
      {signOut.isError && (
        <p role="alert" className="w-full text-sm text-danger">
          {t('settings.account.signOutEverywhereFailed')}
        </p>
      )}
    </>
  )
}

/**
 * Signed in: the account's "show AI-generated works" setting, kept by the service, which then leaves AI works out of
 * every list it answers (as pixiv does); the local filter above still applies on top.
 */
function ServerAiShow({ itemKeys }: { itemKeys: readonly QueryKey[] }) {
  const t = useT()
  const client = useQueryClient()
  const key = settingsQueries.aiShow().queryKey
  const query = useQuery(settingsQueries.aiShow())
  const mutation = useMutation({
    mutationFn: (next: boolean) => api.editAiShowSettings(next),
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData(key)
      client.setQueryData(key, next)
      return { before }
    },
    onError: (_e, _next, context) => {
      if (context?.before !== undefined) client.setQueryData(key, context.before)
    },
    onSuccess: () => {
      // Every list the service answered was filtered by the old setting.
      for (const queryKey of itemKeys) void client.invalidateQueries({ queryKey })
    },
  })
  if (query.isPending) return <Skeleton className="h-11" />
  if (query.isError) return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
  return (
    <div className="space-y-1">
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          className="size-5 accent-accent"
          checked={query.data}
          disabled={mutation.isPending}
          onChange={(e) => mutation.mutate(e.target.checked)}
        />
        <span className="font-medium">{t('settings.ai.show')}</span>
      </label>
      <p className="text-sm text-muted">{t('settings.ai.description')}</p>
      {mutation.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('settings.ai.notSaved', {
            reason: mutation.error instanceof ApiError ? mutation.error.userMessage : t('settings.ai.pleaseTryAgain'),
          })}
        </p>
      )}
    </div>
  )
}

/**
 * `/settings`: theme, grid, images, content filters, mutes, the reader's profile, the account and, for admins, how
 * accounts come in; all saved as they change but the profile, which has its Save button. `itemKeys`: the query keys
 * of the cached works and novels, given by the page (they are other features'), whose items the service marked or
 * filtered by the account's mutes and AI setting, and which name their authors (a saved profile's names).
 */
export function SettingsScreen({ itemKeys }: { itemKeys: readonly QueryKey[] }) {
  const t = useT()
  const settings = useSettings()
  const current = useSession()
  useDocumentTitle(t('common.settings'))

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t('common.settings')}</h1>
        <p className="text-sm text-muted">{t('settings.intro')}</p>
      </div>

      <SettingsSection title={t('settings.appearance')}>
        <ChoiceGroup
          legend={t('settings.language.legend')}
          choices={LANGUAGES}
          value={settings.language}
          onChange={(language) => updateSettings({ language })}
        />
        <ChoiceGroup
          legend={t('settings.theme.legend')}
          choices={THEMES}
          value={settings.theme}
          onChange={(theme) => updateSettings({ theme })}
        />
        <ChoiceGroup
          legend={t('settings.density.legend')}
          description={t('settings.density.description')}
          choices={DENSITIES}
          value={settings.density}
          onChange={(density) => updateSettings({ density })}
        />
        <ChoiceGroup
          legend={t('settings.quality.legend')}
          description={t('settings.quality.description')}
          choices={QUALITIES}
          value={settings.imageQuality}
          onChange={(imageQuality) => updateSettings({ imageQuality })}
        />
      </SettingsSection>

      <SettingsSection title={t('settings.filters.title')}>
        {current && <ServerAiShow key={current.user.id} itemKeys={itemKeys} />}
        {FILTER_ROWS.map((row) => (
          <ChoiceGroup
            key={row.key}
            legend={row.legend}
            description={row.description}
            choices={FILTER_ACTIONS}
            value={settings.filters[row.key]}
            onChange={(action) => updateSettings({ filters: { [row.key]: action } })}
          />
        ))}
        <ChoiceGroup
          legend={t('settings.filters.muted')}
          choices={[
            { value: 'hide', label: t('common.hide') },
            { value: 'blur', label: t('common.blur') },
          ]}
          value={settings.filters.hideMuted ? 'hide' : 'blur'}
          onChange={(v) => updateSettings({ filters: { hideMuted: v === 'hide' } })}
        />
      </SettingsSection>

      <SettingsSection title={t('settings.mutes.title')}>
        <Mutes itemKeys={itemKeys} />
      </SettingsSection>

      {current && <ProfileSection key={`profile-${current.user.id}`} userId={current.user.id} itemKeys={itemKeys} />}

      <SettingsSection title={t('settings.account.title')}>
        {current ? (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <p>
                {richText(
                  'settings.account.signedInAs',
                  { name: (name) => <span className="font-semibold">{name}</span> },
                  { name: current.user.name, account: current.user.account },
                )}
              </p>
              <Button variant="danger" onClick={() => session.signOut()}>
                {t('common.signOut')}
              </Button>
              <SignOutEverywhere />
            </div>
            {/* Keyed by the account: another one signing in here starts them afresh (no token or message left over). */}
            <SignedInDevices key={`devices-${current.user.id}`} />
            <AppTokenForm key={`token-${current.user.id}`} account={current.user.account} />
            <ChangePasswordForm key={`password-${current.user.id}`} account={current.user.account} />
          </>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <p>{t('settings.account.signedOut')}</p>
            <Link className={buttonClass('primary')} to={paths.login(paths.settings())}>
              {t('common.signIn')}
            </Link>
          </div>
        )}
      </SettingsSection>

      {/* Admins only: the section appears once the account's role is known. */}
      {current && <Administration key={`admin-${current.user.id}`} />}

      {current && <DeleteAccount key={`delete-${current.user.id}`} account={current.user.account} />}
    </div>
  )
}
