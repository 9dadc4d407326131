import { useId } from 'react'
import { Link } from 'react-router'
import { useT } from '../../../lib/i18n/i18n.ts'
import { addDays, isIsoDate, rankingDateMax } from '../ranking-date.ts'
import '../../../lib/i18n/messages/en/ranking.ts'

const stepClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface text-lg hover:bg-line/40 aria-disabled:pointer-events-none aria-disabled:opacity-40 sm:size-10'

/**
 * The ranking's day: a native date field that offers every day up to yesterday (in Japan, as the service counts),
 * with links to the day before and after. `date` undefined means the latest; choosing the latest day again, or a
 * later one (whose ranking is the latest), clears the date.
 */
export function RankingDatePicker({
  date,
  latest,
  hrefFor,
  onChange,
}: {
  date: string | undefined
  /** The latest ranking day; undefined while it is not known yet. */
  latest: string | undefined
  hrefFor: (date: string | undefined) => string
  onChange: (date: string | undefined) => void
}) {
  const t = useT()
  const id = useId()
  const shown = date ?? latest ?? ''
  const prev = shown ? addDays(shown, -1) : undefined
  const next = shown && latest && shown < latest ? addDays(shown, 1) : undefined
  const hrefOf = (d: string) => hrefFor(latest && d >= latest ? undefined : d)

  return (
    <div className="flex items-center gap-2">
      {prev ? (
        <Link to={hrefOf(prev)} className={stepClass} aria-label={t('ranking.previousDay')}>
          <span aria-hidden="true">‹</span>
        </Link>
      ) : (
        <span className={stepClass} aria-disabled="true" aria-hidden="true">
          ‹
        </span>
      )}
      <label htmlFor={id} className="sr-only">
        {t('ranking.date')}
      </label>
      <input
        id={id}
        type="date"
        value={shown}
        max={rankingDateMax(latest)}
        onChange={(e) => {
          const value = e.target.value
          if (!value) return onChange(undefined)
          if (!isIsoDate(value)) return
          onChange(latest && value >= latest ? undefined : value)
        }}
        className="h-11 rounded-full border border-line bg-surface px-3 text-sm text-ink sm:h-10"
      />
      {next ? (
        <Link to={hrefOf(next)} className={stepClass} aria-label={t('ranking.nextDay')}>
          <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span className={stepClass} aria-disabled="true" aria-hidden="true">
          ›
        </span>
      )}
    </div>
  )
}
