import { useLocation } from 'react-router'
import { NotFoundState } from '../../components/states.tsx'
import { useT } from '../../lib/i18n/i18n.ts'
import { richText } from '../../lib/i18n/rich.tsx'
import '../../lib/i18n/messages/en/app.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'

export function NotFoundPage() {
  const t = useT()
  const { pathname } = useLocation()
  useDocumentTitle(t('app.notFound.title'))
  return (
    <>
      <h1 className="sr-only">{t('app.notFound.heading')}</h1>
      <NotFoundState />
      <p className="text-center text-sm text-muted">
        {richText(
          'app.notFound.nothingAt',
          { path: (path) => <code className="font-mono break-all">{path}</code> },
          { path: pathname },
        )}
      </p>
    </>
  )
}
