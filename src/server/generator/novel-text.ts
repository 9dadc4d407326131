// Novel bodies in the full pixiv novel markup (reference §19).
import { HOSTILE_NOVEL_MARKUP, HOSTILE_UNTERMINATED } from '../../api/hostile.ts'
import type { Rng } from './random.ts'
import { compileTemplate, fillTemplate, type Lang } from './text.ts'
import {
  CHAPTER_TITLES_EN,
  CHAPTER_TITLES_JA,
  EN_FEELINGS,
  EN_LINES,
  EN_NAMES,
  EN_OBJECTS,
  EN_PLACES,
  EN_RUBY,
  EN_SENTENCES,
  EN_TIMES,
  JA_FEELINGS,
  JA_LINES,
  JA_NAMES,
  JA_OBJECTS,
  JA_PLACES,
  JA_RUBY,
  JA_SENTENCES,
  JA_SOUNDS,
  JA_TIMES,
  JA_WEATHER,
} from './words.ts'

/** U+3000, the indent at the start of Japanese paragraphs */
const IDEOGRAPHIC_SPACE = '\u3000'

const jaSentences = JA_SENTENCES.map(compileTemplate)
const enSentences = EN_SENTENCES.map(compileTemplate)

export interface NovelTextSpec {
  novelId: number
  lang: Lang
  /** rough length of the text in characters */
  targetChars: number
  pages: number
  chapters: boolean
  /** `[pixivimage:…]` values to embed: "ID" or "ID-PAGE" */
  illustRefs: string[]
  /** how many `[uploadedimage:…]` to embed */
  uploaded: number
  /** 'all' plants every hostile line (novel 7), 'some' one or two */
  hostile: 'none' | 'some' | 'all'
}

export interface NovelText {
  text: string
  images: { imageId: number; width: number; height: number }[]
}

const IMAGE_SIZES: [number, number][] = [
  [1200, 1697],
  [1600, 1200],
  [1000, 1000],
  [800, 1132],
  [1920, 1080],
]

function sentence(rng: Rng, lang: Lang, name: string, name2: string): string {
  const slot = (s: string): string => {
    switch (s) {
      case 'name':
        return name
      case 'name2':
        return name2
      case 'place':
        return rng.pick(lang === 'ja' ? JA_PLACES : EN_PLACES)
      case 'object':
        return rng.pick(lang === 'ja' ? JA_OBJECTS : EN_OBJECTS)
      case 'time':
        return rng.pick(lang === 'ja' ? JA_TIMES : EN_TIMES)
      case 'feeling':
        return rng.pick(lang === 'ja' ? JA_FEELINGS : EN_FEELINGS)
      case 'line':
        return rng.pick(lang === 'ja' ? JA_LINES : EN_LINES)
      case 'weather':
        return rng.pick(JA_WEATHER)
      case 'sound':
        return rng.pick(JA_SOUNDS)
      case 'rb': {
        const [base, reading] = rng.pick(lang === 'ja' ? JA_RUBY : EN_RUBY)
        return rng.chance(0.5) ? `[[rb:${base} > ${reading}]]` : `[[rb:${base}>${reading}]]`
      }
      default:
        return s
    }
  }
  return fillTemplate(rng.pick(lang === 'ja' ? jaSentences : enSentences), slot)
}

function chapter(rng: Rng, lang: Lang, k: number): string {
  if (lang === 'en') return `[chapter:Chapter ${k}: ${rng.pick(CHAPTER_TITLES_EN)}]`
  if (rng.chance(0.25)) {
    const [base, reading] = rng.pick(JA_RUBY)
    return `[chapter:[[rb:${base} > ${reading}]]の章]`
  }
  return `[chapter:第${k}章${IDEOGRAPHIC_SPACE}${rng.pick(CHAPTER_TITLES_JA)}]`
}

function jumpuri(rng: Rng, lang: Lang, novelId: number): string {
  switch (rng.int(0, 3)) {
    case 0:
      return lang === 'ja'
        ? `参考資料：[[jumpuri:作者のサイト > https://example.com/notes/${novelId}]]`
        : `Notes: [[jumpuri:author's site > https://example.com/notes/${novelId}]]`
    case 1:
      return `[[jumpuri:[pixiv] > https://www.pixiv.net/]]`
    case 2:
      return lang === 'ja'
        ? `[[jumpuri:前作はこちら > https://www.pixiv.net/novel/show.php?id=${Math.max(1, novelId - 1)}]]`
        : `[[jumpuri:Previous story>https://www.pixiv.net/novel/show.php?id=${Math.max(1, novelId - 1)}]]`
    default:
      return `[[jumpuri:BGM > https://example.net/playlist/${novelId}]]`
  }
}

/** Builds one novel's text; every embed it writes is backed by data (images list, existing works). */
export function novelText(rng: Rng, spec: NovelTextSpec): NovelText {
  const { lang, novelId } = spec
  const pages = Math.max(1, spec.pages)
  const names = lang === 'ja' ? JA_NAMES : EN_NAMES
  const name = rng.pick(names)
  let name2 = rng.pick(names)
  if (name2 === name) name2 = names[(names.indexOf(name) + 1) % names.length]!
  const perPage = Math.max(200, Math.floor(spec.targetChars / pages))
  const joiner = lang === 'ja' ? '' : ' '

  const body: string[][] = []
  for (let p = 1; p <= pages; p++) {
    const paras: string[] = []
    let len = 0
    while (len < perPage) {
      const n = rng.int(1, 4)
      const parts: string[] = []
      for (let i = 0; i < n; i++) parts.push(sentence(rng, lang, name, name2))
      const para = (lang === 'ja' && rng.chance(0.7) ? IDEOGRAPHIC_SPACE : '') + parts.join(joiner)
      paras.push(para)
      len += para.length + 1
      if (rng.chance(0.12)) paras.push('')
    }
    body.push(paras)
  }

  // Blocks and inline extras go between paragraphs of random pages.
  const insert = (line: string, page = rng.int(0, pages - 1)) => {
    const paras = body[page]!
    paras.splice(rng.int(0, paras.length), 0, line)
  }
  const images: NovelText['images'] = []
  for (let k = 1; k <= spec.uploaded; k++) {
    const imageId = novelId * 100 + k
    const [width, height] = rng.pick(IMAGE_SIZES)
    images.push({ imageId, width, height })
    insert(`[uploadedimage:${imageId}]`)
  }
  for (const ref of spec.illustRefs) insert(`[pixivimage:${ref}]`)
  if (rng.chance(0.35)) insert(jumpuri(rng, lang, novelId))
  if (pages >= 2 && rng.chance(0.25)) {
    const target = rng.int(1, pages)
    insert(lang === 'ja' ? `→ [jump:${target}]ページへ` : `→ go to page [jump:${target}]`)
  }
  if (spec.hostile === 'all') {
    HOSTILE_NOVEL_MARKUP.forEach((h, i) => insert(h, i % pages))
  } else if (spec.hostile === 'some') {
    insert(rng.pick(HOSTILE_NOVEL_MARKUP))
    if (rng.chance(0.5)) insert(rng.pick(HOSTILE_NOVEL_MARKUP))
  }

  const out: string[] = []
  for (let p = 0; p < pages; p++) {
    const lines: string[] = []
    if (p === 0 && pages >= 3 && rng.chance(0.35)) {
      lines.push(lang === 'ja' ? '目次' : 'Contents')
      for (let k = 2; k <= Math.min(pages, 9); k++)
        lines.push(lang === 'ja' ? `第${k}話${IDEOGRAPHIC_SPACE}[jump:${k}]` : `Part ${k}: [jump:${k}]`)
      lines.push('')
    }
    if (spec.chapters && (p === 0 || rng.chance(0.6))) lines.push(chapter(rng, lang, p + 1))
    lines.push(...body[p]!)
    if (spec.hostile !== 'none' && p === pages - 1) lines.push(`${lines.pop() ?? ''}${HOSTILE_UNTERMINATED}`)
    out.push(lines.join('\n'))
  }
  return { text: out.join('\n[newpage]\n'), images }
}
