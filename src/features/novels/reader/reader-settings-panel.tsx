import { useId, type ReactNode } from 'react'
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

// The reader's display settings. Every control is at least 44 px tall, for thumbs on a phone.

const THEMES: { value: ReaderTheme; label: string; swatch: string }[] = [
  { value: 'light', label: 'Light', swatch: 'bg-white border-[#cfccc4]' },
  { value: 'sepia', label: 'Sepia', swatch: 'bg-[#f4ecd8] border-[#c9b88f]' },
  { value: 'dark', label: 'Dark', swatch: 'bg-[#1b1b1f] border-[#55535c]' },
]

export function ReaderSettingsPanel({ settings }: { settings: ReaderSettings }) {
  const { fontSize } = settings
  const min = READER_FONT_SIZES[0]!
  const max = READER_FONT_SIZES[READER_FONT_SIZES.length - 1]!
  return (
    <div role="group" aria-label="Display settings" className="grid gap-4 sm:grid-cols-2">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">Text size</legend>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={stepClass}
            aria-label="Smaller text"
            disabled={fontSize <= min}
            onClick={() => updateReaderSettings({ fontSize: stepFontSize(fontSize, -1) })}
          >
            <span aria-hidden="true" className="text-sm">
              A−
            </span>
          </button>
          <output aria-live="polite" className="min-w-14 text-center text-sm tabular-nums" data-font-size={fontSize}>
            {fontSize} px
          </output>
          <button
            type="button"
            className={stepClass}
            aria-label="Larger text"
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
        legend="Line spacing"
        value={settings.lineSpacing}
        onChange={(lineSpacing) => updateReaderSettings({ lineSpacing })}
        choices={[
          { value: 'compact', label: 'Compact' },
          { value: 'normal', label: 'Normal' },
          { value: 'loose', label: 'Loose' },
        ]}
      />
      <Segmented<ReaderFont>
        legend="Font"
        value={settings.font}
        onChange={(font) => updateReaderSettings({ font })}
        choices={[
          { value: 'serif', label: 'Serif' },
          { value: 'sans', label: 'Sans-serif' },
        ]}
      />
      <Segmented<ReaderTheme>
        legend="Theme"
        value={settings.theme}
        onChange={(theme) => updateReaderSettings({ theme })}
        choices={THEMES.map((t) => ({
          value: t.value,
          label: t.label,
          before: <span aria-hidden="true" className={`size-4 rounded-full border ${t.swatch}`} />,
        }))}
      />
      <Segmented<WritingMode>
        legend="Writing"
        value={settings.writingMode}
        onChange={(writingMode) => updateReaderSettings({ writingMode })}
        choices={[
          { value: 'horizontal', label: 'Horizontal' },
          { value: 'vertical', label: 'Vertical' },
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
