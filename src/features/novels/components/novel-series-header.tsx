import { useMemo } from 'react'
import { Link } from 'react-router'
import type { Novel, NovelSeriesDetail } from '../../../api/model.ts'
import { Avatar } from '../../../components/avatar.tsx'
import { buttonClass } from '../../../components/button.tsx'
import { HeaderSkeleton } from '../../../components/header-skeleton.tsx'
import { formatCount } from '../../../lib/format.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { sanitizeCaption } from '../../../lib/sanitize.ts'
import { formatReadingTime } from '../lib/reading-time.ts'
import { novelTitle } from './novel-card.tsx'
import '../../../lib/i18n/messages/en/novels.ts'

/**
 * A novel series: the first novel's cover, title, author, how many novels and characters (and the reading time of
 * them all), whether it is finished, the caption (sanitized) and the way in: the first novel and the latest one.
 */
export function NovelSeriesHeader({
  detail,
  first,
  latest,
}: {
  detail: NovelSeriesDetail
  first: Novel | null
  latest: Novel | null
}) {
  const t = useT()
  // The caption is untrusted HTML (the demo catalogue plants hostile markup on purpose).
  const caption = useMemo(() => sanitizeCaption(detail.caption), [detail.caption])
  const stats = [
    { label: t('novels.seriesHeader.novels'), value: formatCount(detail.contentCount) },
    { label: t('novels.seriesHeader.characters'), value: formatCount(detail.totalCharacterCount) },
    { label: t('novels.seriesHeader.readingTime'), value: formatReadingTime(detail.totalCharacterCount) },
    {
      label: t('novels.seriesHeader.status'),
      value: detail.isConcluded ? t('novels.seriesHeader.concluded') : t('novels.seriesHeader.ongoing'),
    },
  ]

  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row" data-series-id={detail.id}>
      {first && (
        <img
          src={first.imageUrls.large}
          alt=""
          width={160}
          height={226}
          className="h-[170px] w-30 shrink-0 rounded-xl bg-line object-cover sm:h-[226px] sm:w-40"
        />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <p className="text-sm text-muted">
          {t('novels.seriesHeader.kind')}
          {detail.isOriginal && <> · {t('novels.seriesHeader.original')}</>}
          {detail.novelAiType === 2 && <> · {t('novels.seriesHeader.ai')}</>}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight break-words" data-content>
          {detail.title}
        </h1>
        <Link
          to={paths.user(detail.user.id)}
          className="inline-flex min-h-11 items-center gap-2 rounded-full pr-2 text-sm hover:underline"
        >
          <Avatar src={detail.user.profileImageUrls.medium} size={28} />
          {detail.user.name}
        </Link>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {stats.map((s) => (
            <div key={s.label} className="flex gap-1.5">
              <dt className="text-muted">{s.label}</dt>
              <dd className="font-semibold">{s.value}</dd>
            </div>
          ))}
        </dl>
        {caption.trim() && (
          <div
            data-caption
            className="max-w-3xl text-sm leading-relaxed break-words [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2"
            // Sanitized just above; never the raw caption.
            dangerouslySetInnerHTML={{ __html: caption }}
          />
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          {first && (
            <Link to={paths.novel(first.id)} className={buttonClass('primary')}>
              {t('novels.seriesHeader.readFirst')}
            </Link>
          )}
          {latest && latest.id !== first?.id && (
            <Link to={paths.novel(latest.id)} className={buttonClass('secondary', 'max-w-full')}>
              <span className="truncate">{t('novels.seriesHeader.latest', { title: novelTitle(latest) })}</span>
            </Link>
          )}
        </div>
      </div>
    </header>
  )
}

export function NovelSeriesHeaderSkeleton() {
  const t = useT()
  return (
    <HeaderSkeleton
      label={t('novels.seriesHeader.loading')}
      picture="h-[170px] w-30 shrink-0 rounded-xl sm:h-[226px] sm:w-40"
      lines={['h-4 w-24', 'h-7 w-64 max-w-full', 'h-4 w-32']}
    />
  )
}
