import { useState } from 'react'
import { Button } from '../../components/button.tsx'
import { useT } from '../../lib/i18n/i18n.ts'
import { pwaStatus } from './pwa-status.ts'
import '../../lib/i18n/messages/en/common.ts'
import '../../lib/i18n/messages/en/pwa.ts'

/**
 * The prompt itself, loaded only once a new version waits. Reload activates it (the page reloads once the new
 * worker controls it); Later hides the prompt until the next start, when the new version is still waiting.
 */
export default function UpdatePromptCard({ onLater }: { onLater: () => void }) {
  const t = useT()
  const [updating, setUpdating] = useState(false)
  const [failed, setFailed] = useState(false)

  const accept = () => {
    setUpdating(true)
    setFailed(false)
    pwaStatus.applyUpdate().then(
      (applied) => {
        // Nothing to apply after all (the waiting worker went away): reload anyway, the viewer asked for it.
        if (!applied) window.location.reload()
      },
      () => {
        setUpdating(false)
        setFailed(true)
      },
    )
  }

  return (
    <section
      aria-label={t('pwa.updateAvailable')}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 text-ink shadow-lg"
    >
      <p className="text-sm">
        <span className="font-semibold">{t('pwa.newVersion')}</span> {failed ? t('pwa.failed') : t('pwa.reloadToUse')}
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onLater} disabled={updating}>
          {t('pwa.later')}
        </Button>
        <Button variant="primary" onClick={accept} disabled={updating}>
          {updating ? t('pwa.reloading') : t('common.reload')}
        </Button>
      </div>
    </section>
  )
}
