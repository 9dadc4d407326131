import { Fragment, type ReactNode } from 'react'
import { t, type MessageKey, type Vars } from './i18n.ts'

/**
 * A message with markup in it, for sentences whose parts are elements: `'<link>Sign in</link> to bookmark'` with
 * `{ link: (text) => <a href=…>{text}</a> }`. A tag with no renderer shows its text only. Translators move the tags
 * with the words, so the sentence keeps its own order in each language.
 */
export function richText(key: MessageKey, tags: Record<string, (text: string) => ReactNode>, vars?: Vars): ReactNode {
  const text = t(key, vars)
  const parts: ReactNode[] = []
  const re = /<(\w+)>(.*?)<\/\1>/g
  let last = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push(text.slice(last, m.index))
    const render = tags[m[1]!]
    parts.push(<Fragment key={m.index}>{render ? render(m[2]!) : m[2]}</Fragment>)
    last = m.index + m[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}
