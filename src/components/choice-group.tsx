import { useId } from 'react'

export interface Choice<T extends string> {
  value: T
  label: string
}

/**
 * One of a few options, as native radio buttons in a fieldset (arrow keys move between them), drawn as a
 * segmented control.
 */
export function ChoiceGroup<T extends string>({
  legend,
  description,
  choices,
  value,
  onChange,
  name,
}: {
  legend: string
  description?: string
  choices: readonly Choice<T>[]
  value: T
  onChange: (value: T) => void
  name?: string
}) {
  const id = useId()
  const groupName = name ?? id
  return (
    <fieldset className="space-y-2" aria-describedby={description ? `${id}-desc` : undefined}>
      <legend className="text-sm font-semibold">{legend}</legend>
      {description && (
        <p id={`${id}-desc`} className="text-sm text-muted">
          {description}
        </p>
      )}
      <div className="inline-flex flex-wrap gap-1 rounded-2xl border border-line bg-surface p-1">
        {choices.map((c) => (
          <label
            key={c.value}
            className={`relative inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-xl px-3 py-1.5 text-sm font-medium sm:min-h-8 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent ${
              c.value === value ? 'bg-accent text-on-accent' : 'text-ink hover:bg-line/50'
            }`}
          >
            <input
              type="radio"
              name={groupName}
              value={c.value}
              checked={c.value === value}
              onChange={() => onChange(c.value)}
              className="sr-only"
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
