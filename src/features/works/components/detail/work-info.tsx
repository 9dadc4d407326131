import type { Illust } from '../../../../api/model.ts'
import { TagList } from '../../../../components/tag-list.tsx'
import { formatCount, formatDate } from '../../../../lib/format.ts'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { paths } from '../../../../lib/paths.ts'
import { WorkBadges } from '../work-badges.tsx'
import { WorkCaption } from './work-caption.tsx'
import '../../../../lib/i18n/messages/en/artwork.ts'
import '../../../../lib/i18n/messages/en/works.ts'

/** Badges and title: the top of the description. */
export function WorkHeading({ work }: { work: Illust }) {
  const t = useT()
  return (
    <header className="flex flex-col gap-2">
      <WorkBadges work={work} variant="detail" />
      <h1 id="work-title" className="text-2xl font-semibold tracking-tight break-words" data-content>
        {work.title || t('works.untitled')}
      </h1>
    </header>
  )
}

/** Caption, tags, stats, date and tools. */
export function WorkInfo({ work }: { work: Illust }) {
  const t = useT()
  return (
    <div className="flex flex-col gap-4">
      <WorkCaption html={work.caption} />
      <TagList tags={work.tags} href={(word) => paths.search({ word })} />
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
        <Stat label={t('artwork.stats.views')} value={work.totalView} />
        <Stat label={t('artwork.stats.bookmarks')} value={work.totalBookmarks} />
        {work.totalComments !== undefined && <Stat label={t('artwork.stats.comments')} value={work.totalComments} />}
      </dl>
      <p className="text-sm text-muted">
        <time dateTime={work.createDate}>{formatDate(work.createDate, { time: true })}</time>
      </p>
      {work.tools.length > 0 && (
        <p className="text-sm text-muted">
          <span className="font-medium text-ink">{t('artwork.tools')}</span>
          {work.tools.join(t('artwork.toolSeparator'))}
        </p>
      )}
    </div>
  )
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-medium text-ink tabular-nums">{formatCount(value)}</dd>
    </div>
  )
}
