import { useId, type ReactNode } from 'react'
import { useT } from '../../../lib/i18n/i18n.ts'
import { READER_FONT_SIZES } from '../../../tunables.ts'
import {
  stepFontSize,
  updateReaderSettings,
  type LineSpacing,
  type ReaderFont,
  type ReaderSettings,
  type ReaderTheme,
  type WritingMode,
} from './reader-settings.ts'
import '../../../lib/i18n/messages/en/reader.ts'

// The reader's display settings. Every control is at least 44 px tall, for thumbs on a phone.

const THEMES = [
  { value: 'light', label: 'reader.settings.light', swatch: 'bg-white border-[#cfccc4]' },
  { value: 'sepia', label: 'reader.settings.sepia', swatch: 'bg-[#f4ecd8] border-[#c9b88f]' },
  { value: 'dark', label: 'reader.settings.dark', swatch: 'bg-[#1b1b1f] border-[#55535c]' },
] as const satisfies { value: ReaderTheme; label: string; swatch: string }[]

export function ReaderSettingsPanel({ settings }: { settings: ReaderSettings }) {
  const t = useT()
  const { fontSize } = settings
  const min = READER_FONT_SIZES[0]!
  const max = READER_FONT_SIZES[READER_FONT_SIZES.length - 1]!
  return (
    <div role="group" aria-label={t('reader.settings.label')} className="grid gap-4 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('reader.settings.textSize')}</legend>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={stepClass}
            aria-label={t('reader.settings.smaller')}
            disabled={fontSize <= min}
            onClick={() => updateReaderSettings({ fontSize: stepFontSize(fontSize, -1) })}
          >
            <span aria-hidden="true" className="text-sm">
              A−
            </span>
          </button>
          <output aria-live="polite" className="min-w-14 text-center text-sm tabular-nums" data-font-size={fontSize}>
            {t('reader.settings.fontSize', { size: fontSize })}
          </output>
          <button
            type="button"
            className={stepClass}
            aria-label={t('reader.settings.larger')}
            disabled={fontSize >= max}
            onClick={() => updateReaderSettings({ fontSize: stepFontSize(fontSize, 1) })}
          >
            <span aria-hidden="true" className="text-lg">
              A+
            </span>
          </button>
        </div>
      </fieldset>
      <Segmented<LineSpacing>
        legend={t('reader.settings.lineSpacing')}
        value={settings.lineSpacing}
        onChange={(lineSpacing) => updateReaderSettings({ lineSpacing })}
        choices={[
          { value: 'compact', label: t('reader.settings.compact') },
          { value: 'normal', label: t('reader.settings.normal') },
          { value: 'loose', label: t('reader.settings.loose') },
        ]}
      />
      <Segmented<ReaderFont>
        legend={t('reader.settings.font')}
        value={settings.font}
        onChange={(font) => updateReaderSettings({ font })}
        choices={[
          { value: 'serif', label: t('reader.settings.serif') },
          { value: 'sans', label: t('reader.settings.sans') },
        ]}
      />
      <Segmented<ReaderTheme>
        legend={t('reader.settings.theme')}
        value={settings.theme}
        onChange={(theme) => updateReaderSettings({ theme })}
        choices={THEMES.map((theme) => ({
          value: theme.value,
          label: t(theme.label),
          before: <span aria-hidden="true" className={`size-4 rounded-full border ${theme.swatch}`} />,
        }))}
      />
      <Segmented<WritingMode>
        legend={t('reader.settings.writing')}
        value={settings.writingMode}
        onChange={(writingMode) => updateReaderSettings({ writingMode })}
        choices={[
          { value: 'horizontal', label: t('reader.settings.horizontal') },
          { value: 'vertical', label: t('reader.settings.vertical') },
        ]}
      />
    </div>
  )
}

const stepClass =
  'inline-flex size-11 items-center justify-center rounded-full border border-line bg-surface font-semibold hover:bg-line/50 disabled:cursor-not-allowed disabled:opacity-50'

/** Native radio buttons drawn as a segmented control (arrow keys move between them). */
function Segmented<T extends string>({
  legend,
  value,
  onChange,
  choices,
}: {
  legend: string
  value: T
  onChange: (value: T) => void
  choices: { value: T; label: string; before?: ReactNode }[]
}) {
  const name = useId()
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="inline-flex max-w-full flex-wrap gap-1 rounded-2xl border border-line bg-surface p-1">
        {choices.map((c) => (
          <label
            key={c.value}
            className={`relative inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ${
              c.value === value ? 'bg-accent text-on-accent' : 'text-ink hover:bg-line/50'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={c.value === value}
              onChange={() => onChange(c.value)}
              className="sr-only"
            />
            {c.before}
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
