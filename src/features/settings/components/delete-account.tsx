import { useState } from 'react'
import { useNavigate } from 'react-router'
import { AccountField, HiddenUsername } from '../../../components/account-field.tsx'
import { ConfirmDelete } from '../../../components/confirm-delete.tsx'
import { accountApi } from '../../../lib/account-api.ts'
import { accountFormError } from '../../../lib/account-errors.ts'
import { session } from '../../../lib/api.ts'
import { ForbiddenError } from '../../../lib/api-error.ts'
import { currentLang, t as translate, useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { SettingsSection } from './settings-section.tsx'
import '../../../lib/i18n/messages/en/settings.ts'

/**
 * Why the account was not deleted, in words: the service's own sentence in English (a wrong password, the only admin,
 * a library's owner); in another language, the gallery's for each.
 */
function deletionFailure(error: unknown): string {
  if (error instanceof ForbiddenError && !(currentLang() === 'en' && error.serverUserMessage)) {
    if (/only admin/i.test(error.serverUserMessage)) return translate('settings.deleteAccount.onlyAdmin')
    if (/owner/i.test(error.serverUserMessage)) return translate('settings.deleteAccount.owner')
  }
  return accountFormError(error, translate('settings.deleteAccount.failed'))
}

/**
 * The danger zone: deleting the account, after its password, in a dialog that says what goes with it
 * (components/confirm-delete.tsx). Done, every session of it has ended: this device forgets its own, and the reader
 * lands on the home page, signed out.
 */
export function DeleteAccount({ account }: { account: string }) {
  const t = useT()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  return (
    <SettingsSection title={t('settings.deleteAccount.zone')}>
      <div className="space-y-3">
        <h3 className="font-semibold">{t('settings.deleteAccount.title')}</h3>
        <p className="text-sm text-muted">{t('settings.deleteAccount.description')}</p>
        <ConfirmDelete
          labels={{
            open: t('settings.deleteAccount.open'),
            title: t('settings.deleteAccount.dialogTitle', { account }),
            text: (
              <>
                <p>{t('settings.deleteAccount.goes')}</p>
                <ul className="list-disc space-y-0.5 pl-5">
                  <li>{t('settings.deleteAccount.works')}</li>
                  <li>{t('settings.deleteAccount.bookmarks')}</li>
                  <li>{t('settings.deleteAccount.comments')}</li>
                  <li>{t('settings.deleteAccount.follows')}</li>
                  <li>{t('settings.deleteAccount.rest')}</li>
                </ul>
              </>
            ),
            failed: t('settings.deleteAccount.failed'),
            cancel: t('settings.deleteAccount.cancel'),
            deleting: t('settings.deleteAccount.deleting'),
            confirm: t('settings.deleteAccount.confirm'),
          }}
          remove={() => accountApi.deleteAccount(password)}
          onDeleted={() => {
            // The service ended every session already; this forgets this device's (and its cached answers go with it).
            session.signOut()
            void navigate(paths.home(), { replace: true })
          }}
          describeFailure={deletionFailure}
          confirmDisabled={password === ''}
          onClosed={() => setPassword('')}
        >
          <HiddenUsername account={account} />
          <AccountField
            label={t('settings.deleteAccount.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </ConfirmDelete>
      </div>
    </SettingsSection>
  )
}
