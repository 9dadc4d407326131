import { Button } from '../components/button.tsx'
import { ErrorState, NotFoundState } from '../components/states.tsx'
import { NotFoundError } from '../lib/api-error.ts'
import { useT } from '../lib/i18n/i18n.ts'
import { useRouteError } from './router/error-boundary.tsx'
import '../lib/i18n/messages/en/app.ts'
import '../lib/i18n/messages/en/common.ts'

/** A route chunk that cannot load: usually a new version was deployed and the old file names are gone. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(
    message,
  )
}

/**
 * Every route's error view: the shell stays, the view says what went wrong. An API NotFoundError shows the not-found
 * view, a chunk that failed to load offers a reload.
 */
export function RouteError() {
  const t = useT()
  const error = useRouteError()
  if (error instanceof NotFoundError) return <NotFoundState />
  if (isChunkLoadError(error))
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
        <p className="text-lg font-semibold">{t('app.chunkError.title')}</p>
        <p className="text-muted">{t('app.chunkError.message')}</p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </div>
    )
  if (import.meta.env.DEV) console.error(error)
  return <ErrorState error={error} onRetry={() => window.location.reload()} />
}
