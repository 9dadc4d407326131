import { useQuery } from '@tanstack/react-query'
import { useId, type ChangeEvent } from 'react'
import { MAX_TITLE_LENGTH } from '../../../api/posting-endpoints.ts'
import { AccountField } from '../../../components/account-field.tsx'
import { Button } from '../../../components/button.tsx'
import { ChoiceGroup, type Choice } from '../../../components/choice-group.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { postingQueries } from '../api/posting-queries.ts'
import { joinableSeries, textLength, type SeriesChoice, type WorkValues } from '../work-rules.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/posting.ts'

export type SeriesValues = Pick<WorkValues, 'series' | 'currentSeries' | 'seriesId' | 'seriesTitle'>

const selectClass =
  'min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-base text-ink focus-visible:border-accent disabled:text-muted'

/**
 * The series a work is in: none, the one it is in (editing), one of its author's series (asked for as the form opens,
 * offered once they have one to join), or a new one by its title. `errors`: the refused series and title, said beside
 * what was chosen.
 */
export function SeriesField({
  userId,
  values,
  onChange,
  errors,
}: {
  userId: number
  values: SeriesValues
  onChange: (patch: Partial<SeriesValues>) => void
  errors: { series_id: string | null; series_title: string | null }
}) {
  const t = useT()
  const id = useId()
  const own = useQuery(postingQueries.ownSeries(userId))
  const joinable = own.data ? joinableSeries(own.data, values) : null
  const existing = values.series === 'existing'
  // Offered when there is a series to join, or to say why the list is not there; a draft's choice stays shown.
  const offered = existing || own.isError || (joinable !== null && joinable.length > 0)
  const choices: Choice<SeriesChoice>[] = [
    { value: 'none', label: t('posting.fields.seriesNone') },
    ...(values.currentSeries
      ? [{ value: 'current' as const, label: t('posting.fields.seriesCurrent', { title: values.currentSeries.title }) }]
      : []),
    ...(offered ? [{ value: 'existing' as const, label: t('posting.fields.seriesExisting') }] : []),
    { value: 'new', label: t('posting.fields.seriesNew') },
  ]
  const choose = (series: SeriesChoice) =>
    // The newest of their series is the likeliest to go on: it is chosen until another is.
    onChange(
      series === 'existing' && values.seriesId === null && joinable?.[0]
        ? { series, seriesId: joinable[0].id }
        : { series },
    )
  const pick = (e: ChangeEvent<HTMLSelectElement>) => onChange({ seriesId: Number(e.target.value) || null })

  return (
    <div className="space-y-3">
      <ChoiceGroup
        legend={t('posting.fields.series')}
        name="series"
        choices={choices}
        value={values.series}
        onChange={choose}
      />
      {!existing && errors.series_id && <p className="text-sm font-medium text-danger">{errors.series_id}</p>}
      {existing && (
        <div className="space-y-1">
          <label htmlFor={`${id}-series`} className="block text-sm font-medium">
            {t('posting.fields.seriesChoose')}
          </label>
          <select
            id={`${id}-series`}
            name="series_id"
            className={selectClass}
            disabled={!joinable}
            value={joinable && values.seriesId !== null ? String(values.seriesId) : ''}
            aria-invalid={errors.series_id ? true : undefined}
            aria-describedby={errors.series_id || own.isError ? `${id}-series-note` : undefined}
            onChange={pick}
          >
            {joinable ? (
              <>
                <option value="" disabled>
                  {t('posting.fields.seriesPlaceholder')}
                </option>
                {joinable.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.title === null || s.count === null
                      ? t('posting.fields.seriesNumbered', { id: s.id })
                      : t('posting.fields.seriesOption', { title: s.title, count: s.count })}
                  </option>
                ))}
              </>
            ) : (
              <option value="">
                {own.isError ? t('posting.fields.seriesPlaceholder') : t('posting.fields.seriesLoading')}
              </option>
            )}
          </select>
          {own.isError ? (
            <div className="flex flex-wrap items-center gap-3">
              <p id={`${id}-series-note`} className="text-sm font-medium text-danger">
                {t('posting.fields.seriesFailed')}
              </p>
              <Button onClick={() => void own.refetch()}>{t('common.retry')}</Button>
            </div>
          ) : (
            errors.series_id && (
              <p id={`${id}-series-note`} className="text-sm font-medium text-danger">
                {errors.series_id}
              </p>
            )
          )}
        </div>
      )}
      {values.series === 'new' && (
        <AccountField
          label={t('posting.fields.seriesTitle')}
          hint={t('posting.fields.titleHint', { count: textLength(values.seriesTitle), max: MAX_TITLE_LENGTH })}
          error={errors.series_title}
          name="series_title"
          maxLength={MAX_TITLE_LENGTH}
          data-content
          value={values.seriesTitle}
          onChange={(e) => onChange({ seriesTitle: e.target.value })}
        />
      )}
    </div>
  )
}
