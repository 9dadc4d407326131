import { useEffect } from 'react'
import { useT } from '../lib/i18n/i18n.ts'
import '../lib/i18n/messages/en/common.ts'

/** "Title · Easel" while the view is shown; just "Easel" without a title. */
export function useDocumentTitle(title: string | undefined | null) {
  const t = useT()
  const full = title ? t('common.documentTitle', { title }) : 'Easel'
  useEffect(() => {
    document.title = full
  }, [full])
}
