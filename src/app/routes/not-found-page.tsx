import { useLocation } from 'react-router'
import { NotFoundState } from '../../components/states.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'

export function NotFoundPage() {
  const { pathname } = useLocation()
  useDocumentTitle('Not found')
  return (
    <>
      <h1 className="sr-only">Page not found</h1>
      <NotFoundState />
      <p className="text-center text-sm text-muted">
        Nothing lives at <code className="font-mono break-all">{pathname}</code>.
      </p>
    </>
  )
}
