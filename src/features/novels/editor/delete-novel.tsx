import type { Novel } from '../../../api/model.ts'
import { ConfirmDelete } from '../../../components/confirm-delete.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { novelPostingApi } from '../../../lib/novel-posting-api.ts'
import '../../../lib/i18n/messages/en/editor.ts'

/** "Delete this novel": the novel, its images and its cover, once asked again (components/confirm-delete.tsx). */
export function DeleteNovel({ novel, onDeleted }: { novel: Novel; onDeleted: (novel: Novel) => void }) {
  const t = useT()
  return (
    <ConfirmDelete
      labels={{
        open: t('editor.edit.delete'),
        title: t('editor.edit.deleteTitle', { title: novel.title }),
        text: t('editor.edit.deleteText'),
        failed: t('editor.edit.deleteFailed'),
        cancel: t('editor.edit.cancel'),
        deleting: t('editor.edit.deleting'),
        confirm: t('editor.edit.deleteConfirm'),
      }}
      remove={() => novelPostingApi.deleteNovel(novel.id)}
      onDeleted={() => onDeleted(novel)}
    />
  )
}
