import type { Illust } from '../../../../api/model.ts'
import { TagList } from '../../../../components/tag-list.tsx'
import { formatCount, formatDate } from '../../../../lib/format.ts'
import { paths } from '../../../../lib/paths.ts'
import { WorkBadges } from '../work-badges.tsx'
import { WorkCaption } from './work-caption.tsx'

/** Badges and title: the top of the description. */
export function WorkHeading({ work }: { work: Illust }) {
  return (
    <header className="flex flex-col gap-2">
      <WorkBadges work={work} variant="detail" />
      <h1 id="work-title" className="text-2xl font-semibold tracking-tight break-words">
        {work.title || 'Untitled'}
      </h1>
    </header>
  )
}

/** Caption, tags, stats, date and tools. */
export function WorkInfo({ work }: { work: Illust }) {
  return (
    <div className="flex flex-col gap-4">
      <WorkCaption html={work.caption} />
      <TagList tags={work.tags} href={(word) => paths.search({ word })} />
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
        <Stat label="Views" value={work.totalView} />
        <Stat label="Bookmarks" value={work.totalBookmarks} />
        {work.totalComments !== undefined && <Stat label="Comments" value={work.totalComments} />}
      </dl>
      <p className="text-sm text-muted">
        <time dateTime={work.createDate}>{formatDate(work.createDate, { time: true })}</time>
      </p>
      {work.tools.length > 0 && (
        <p className="text-sm text-muted">
          <span className="font-medium text-ink">Tools: </span>
          {work.tools.join(', ')}
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
