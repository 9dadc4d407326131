// Titles, captions and other short texts.
import type { Rng } from './random.ts'
import {
  CAPTION_LINES,
  CAPTION_STRONG,
  EN_ADJ,
  EN_NOUNS,
  EN_TITLE_TEMPLATES,
  JA_ADJ,
  JA_NOUNS,
  JA_TITLE_TEMPLATES,
  SERIES_WORDS_EN,
  SERIES_WORDS_JA,
} from './words.ts'

export type Lang = 'ja' | 'en'

/** A `{slot}` template split once into literal / slot-name parts (odd indexes are slot names). */
export function compileTemplate(t: string): string[] {
  return t.split(/\{(\w+)\}/)
}

export function fillTemplate(parts: readonly string[], slot: (name: string) => string): string {
  let s = ''
  for (let i = 0; i < parts.length; i++) s += i % 2 === 0 ? parts[i]! : slot(parts[i]!)
  return s
}

const jaTitles = JA_TITLE_TEMPLATES.map(compileTemplate)
const enTitles = EN_TITLE_TEMPLATES.map(compileTemplate)

/** Plain-text title (may contain `&` and `<3`, never markup). */
export function title(rng: Rng, lang: Lang): string {
  if (lang === 'ja') {
    const t = fillTemplate(rng.pick(jaTitles), (s) => (s === 'a' ? rng.pick(JA_ADJ) : rng.pick(JA_NOUNS)))
    return rng.chance(0.08) ? `${t} ${rng.int(2, 12)}` : t
  }
  return fillTemplate(rng.pick(enTitles), (s) =>
    s === 'A' ? rng.pick(EN_ADJ) : s === 'num' ? String(rng.int(1, 99)) : rng.pick(EN_NOUNS),
  )
}

export function seriesTitle(rng: Rng, lang: Lang): string {
  return lang === 'ja'
    ? `${rng.pick(JA_ADJ)}${rng.pick(JA_NOUNS)}${rng.pick(SERIES_WORDS_JA)}`
    : `${rng.pick(EN_ADJ)} ${rng.pick(EN_NOUNS)} ${rng.pick(SERIES_WORDS_EN)}`
}

export interface CaptionContext {
  /** highest work id a link may point at */
  maxWorkId: number
  /** highest user id a link may point at */
  maxUserId: number
  /** hostile snippets to plant (forces a non-empty caption) */
  hostile?: readonly string[]
  /** chance of a non-empty caption */
  fill?: number
}

function link(rng: Rng, ctx: CaptionContext): string {
  const w = rng.int(1, ctx.maxWorkId)
  const u = rng.int(1, ctx.maxUserId)
  switch (rng.int(0, 5)) {
    case 0:
      return `<a href="pixiv://illusts/${w}">illust/${w}</a>`
    case 1:
      return `<a href="https://www.pixiv.net/artworks/${w}" target="_blank">https://www.pixiv.net/artworks/${w}</a>`
    case 2:
      return `<a href="https://www.pixiv.net/users/${u}" target="_blank">https://www.pixiv.net/users/${u}</a>`
    case 3:
      return `<a href="pixiv://users/${u}">user/${u}</a>`
    case 4:
      return `<a href="https://example.com/gallery/${w}" target="_blank" rel="noopener noreferrer">https://example.com/gallery/${w}</a>`
    default:
      return `blog: https://example.org/notes/${w}`
  }
}

/** Caption HTML as pixiv stores it: `<br />` line breaks, `<strong>`, links; sometimes empty. */
export function caption(rng: Rng, ctx: CaptionContext): string {
  const hostile = ctx.hostile ?? []
  if (hostile.length === 0 && !rng.chance(ctx.fill ?? 0.6)) return ''
  const lines: string[] = []
  const n = rng.int(1, 3)
  for (let i = 0; i < n; i++) lines.push(rng.pick(CAPTION_LINES))
  if (rng.chance(0.15)) lines.push(`<strong>${rng.pick(CAPTION_STRONG)}</strong>`)
  if (rng.chance(0.3)) lines.push(link(rng, ctx))
  if (rng.chance(0.1)) lines.push('')
  if (rng.chance(0.05)) lines.push('Salt &amp; pepper &lt;3')
  for (const h of hostile) lines.splice(rng.int(0, lines.length), 0, h)
  return lines.join('<br />')
}
