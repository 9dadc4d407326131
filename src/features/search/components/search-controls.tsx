import { useId } from 'react'
import { useT } from '../../../lib/i18n/i18n.ts'
import { ILLUST_TARGETS, NOVEL_TARGETS, PERIODS, SORTS, type SearchForm, type SearchKind } from '../search-params.ts'
import '../../../lib/i18n/messages/en/search.ts'

const fieldClass = 'h-11 rounded-full border border-line bg-surface px-3 text-sm text-ink sm:h-10'

/**
 * The search's filters: target, sort, period (a preset or a date range) and the AI filter. Every change goes
 * straight to the URL through `onChange`, so the results, Back and shared links all agree.
 */
export function SearchControls({
  form,
  kind,
  onChange,
}: {
  form: SearchForm
  kind: SearchKind
  onChange: (next: SearchForm) => void
}) {
  const t = useT()
  const id = useId()
  const set = <K extends keyof SearchForm>(key: K, value: SearchForm[K]) => onChange({ ...form, [key]: value })
  const targets = kind === 'illust' ? ILLUST_TARGETS : NOVEL_TARGETS

  return (
    <fieldset className="flex flex-wrap items-end gap-x-3 gap-y-2">
      <legend className="sr-only">{t('search.options')}</legend>
      <label className="flex flex-col gap-1 text-xs font-medium text-muted" htmlFor={`${id}-target`}>
        {t('search.match')}
        <select
          id={`${id}-target`}
          className={fieldClass}
          value={form.searchTarget}
          onChange={(e) => set('searchTarget', e.target.value)}
        >
          {targets.map((x) => (
            <option key={x.value} value={x.value}>
              {x.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-muted" htmlFor={`${id}-sort`}>
        {t('search.sortLabel')}
        <select
          id={`${id}-sort`}
          className={fieldClass}
          value={form.sort}
          onChange={(e) => set('sort', e.target.value as SearchForm['sort'])}
        >
          {SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-muted" htmlFor={`${id}-period`}>
        {t('search.periodLabel')}
        <select
          id={`${id}-period`}
          className={fieldClass}
          value={form.period}
          onChange={(e) => {
            const period = e.target.value as SearchForm['period']
            onChange({ ...form, period, ...(period === 'custom' ? {} : { startDate: '', endDate: '' }) })
          }}
        >
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      {form.period === 'custom' && (
        <>
          <label className="flex flex-col gap-1 text-xs font-medium text-muted" htmlFor={`${id}-start`}>
            {t('search.from')}
            <input
              id={`${id}-start`}
              type="date"
              className={fieldClass}
              value={form.startDate}
              max={form.endDate || undefined}
              onChange={(e) => set('startDate', e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium text-muted" htmlFor={`${id}-end`}>
            {t('search.to')}
            <input
              id={`${id}-end`}
              type="date"
              className={fieldClass}
              value={form.endDate}
              min={form.startDate || undefined}
              onChange={(e) => set('endDate', e.target.value)}
            />
          </label>
        </>
      )}
      <label className="flex h-11 items-center gap-2 text-sm sm:h-10" htmlFor={`${id}-ai`}>
        <input
          id={`${id}-ai`}
          type="checkbox"
          className="size-4 accent-accent"
          checked={!form.includeAi}
          onChange={(e) => set('includeAi', !e.target.checked)}
        />
        {t('search.hideAi')}
      </label>
    </fieldset>
  )
}
