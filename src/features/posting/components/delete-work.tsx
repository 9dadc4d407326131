import type { Illust } from '../../../api/model.ts'
import { ConfirmDelete } from '../../../components/confirm-delete.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { postingApi } from '../../../lib/posting-api.ts'
import '../../../lib/i18n/messages/en/posting.ts'

/** "Delete this work": the work and its files, once asked again (components/confirm-delete.tsx). */
export function DeleteWork({ work, onDeleted }: { work: Illust; onDeleted: (work: Illust) => void }) {
  const t = useT()
  return (
    <ConfirmDelete
      labels={{
        open: t('posting.edit.delete'),
        title: t('posting.edit.deleteTitle', { title: work.title }),
        text: t('posting.edit.deleteText'),
        failed: t('posting.edit.deleteFailed'),
        cancel: t('posting.edit.cancel'),
        deleting: t('posting.edit.deleting'),
        confirm: t('posting.edit.deleteConfirm'),
      }}
      remove={() => postingApi.deleteIllust(work.id)}
      onDeleted={() => onDeleted(work)}
    />
  )
}
