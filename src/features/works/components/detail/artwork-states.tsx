import { Link } from 'react-router'
import { buttonClass } from '../../../../components/button.tsx'
import { Skeleton } from '../../../../components/skeleton.tsx'
import { StatePanel, UnavailableState } from '../../../../components/states.tsx'
import { t, useT } from '../../../../lib/i18n/i18n.ts'
import { paths } from '../../../../lib/paths.ts'
import { fitStyle } from '../../lib/fit.ts'
import '../../../../lib/i18n/messages/en/artwork.ts'

/** While the work loads: blocks of the final layout, the image block at the work's size when a list already knew it. */
export function ArtworkSkeleton({ width, height }: { width?: number; height?: number }) {
  useT()
  return (
    // At least a screen tall: the footer stays below the fold until the work is in, rather than showing under the
    // placeholder and jumping away as the work's details arrive.
    <div className="flex min-h-dvh flex-col gap-6" aria-busy="true">
      <p role="status" className="sr-only">
        {t('artwork.states.loading')}
      </p>
      <div className="flex justify-center">
        <div className="max-w-full" style={fitStyle(width ?? 0, height ?? 0)}>
          <Skeleton className="size-full" />
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </div>
  )
}

export function ArtworkNotFound() {
  useT()
  return (
    <StatePanel title={t('artwork.states.notFound')} code="404">
      <p className="text-muted">{t('artwork.states.notFoundHint')}</p>
      <Link className={buttonClass('primary')} to={paths.home()}>
        {t('artwork.states.home')}
      </Link>
    </StatePanel>
  )
}

export function ArtworkUnavailable({ signedIn, signInHref }: { signedIn: boolean; signInHref: string }) {
  useT()
  return (
    <UnavailableState title={t('artwork.states.unavailable')} signedIn={signedIn} signInHref={signInHref}>
      {signedIn ? t('artwork.states.unavailableSignedIn') : t('artwork.states.unavailableSignedOut')}
    </UnavailableState>
  )
}
