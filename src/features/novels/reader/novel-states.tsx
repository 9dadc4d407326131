import { Link } from 'react-router'
import { buttonClass } from '../../../components/button.tsx'
import { Skeleton } from '../../../components/skeleton.tsx'
import { StatePanel, UnavailableState } from '../../../components/states.tsx'
import { t, useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import '../../../lib/i18n/messages/en/reader.ts'

/**
 * While the novel loads: the header, then lines of text, in the final layout's places. At least a screen tall, so the
 * footer stays below the fold until the novel is in (otherwise it showed under the placeholder, then jumped away).
 */
export function NovelSkeleton() {
  useT()
  return (
    <div className="mx-auto flex min-h-dvh max-w-5xl flex-col gap-5" aria-busy="true">
      <p role="status" className="sr-only">
        {t('reader.states.loading')}
      </p>
      <div className="flex gap-4">
        <Skeleton className="hidden h-34 w-24 sm:block" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <div className="mx-auto flex w-full max-w-[38em] flex-col gap-3 py-6">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className={`h-5 ${i % 3 === 2 ? 'w-3/4' : 'w-full'}`} />
        ))}
      </div>
    </div>
  )
}

export function NovelNotFound() {
  useT()
  return (
    <StatePanel title={t('reader.states.notFound')} code="404">
      <p className="text-muted">{t('reader.states.notFoundHint')}</p>
      <Link className={buttonClass('primary')} to={paths.home('novel')}>
        {t('reader.states.recommended')}
      </Link>
    </StatePanel>
  )
}

export function NovelUnavailable({ signedIn, signInHref }: { signedIn: boolean; signInHref: string }) {
  useT()
  return (
    <UnavailableState title={t('reader.states.unavailable')} signedIn={signedIn} signInHref={signInHref}>
      {signedIn ? t('reader.states.unavailableSignedIn') : t('reader.states.unavailableSignedOut')}
    </UnavailableState>
  )
}
