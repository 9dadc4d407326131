import { Link } from 'react-router'
import type { IllustSeriesDetail } from '../../../api/model.ts'
import { Avatar } from '../../../components/avatar.tsx'
import { HeaderSkeleton } from '../../../components/header-skeleton.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import '../../../lib/i18n/messages/en/series.ts'

/** An illustration/manga series: cover, title, author, work count, caption (plain text), first work. */
export function SeriesHeader({ detail, firstWorkId }: { detail: IllustSeriesDetail; firstWorkId?: number }) {
  const t = useT()
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row">
      {detail.coverImageUrls.medium && (
        <img
          src={detail.coverImageUrls.medium}
          alt=""
          width={detail.width || 240}
          height={detail.height || 240}
          className="h-auto max-h-60 w-full max-w-60 rounded-xl bg-line object-cover sm:w-60"
        />
      )}
      <div className="min-w-0 space-y-2">
        <p className="text-sm text-muted">{t('series.series')}</p>
        <h1 className="text-2xl font-semibold tracking-tight break-words" data-content>
          {detail.title}
        </h1>
        <Link
          to={paths.user(detail.user.id)}
          className="inline-flex min-h-11 items-center gap-2 text-sm hover:underline sm:min-h-0"
        >
          <Avatar src={detail.user.profileImageUrls.medium} size={28} />
          <span data-content>{detail.user.name}</span>
        </Link>
        <p className="text-sm text-muted">{t('series.workCount', { count: detail.seriesWorkCount })}</p>
        {detail.caption && (
          <p className="max-w-3xl whitespace-pre-line text-sm" data-content>
            {detail.caption}
          </p>
        )}
        {firstWorkId !== undefined && (
          <Link
            to={paths.artwork(firstWorkId)}
            className="inline-flex min-h-11 items-center text-sm font-medium text-accent underline underline-offset-4 sm:inline-block sm:min-h-0"
          >
            {t('series.readFirst')}
          </Link>
        )}
      </div>
    </header>
  )
}

export function SeriesHeaderSkeleton() {
  const t = useT()
  return (
    <HeaderSkeleton
      label={t('series.loading')}
      picture="size-40 rounded-xl"
      lines={['h-7 w-64 max-w-full', 'h-4 w-32']}
    />
  )
}
