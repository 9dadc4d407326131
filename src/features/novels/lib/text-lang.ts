// The language of a novel's text, for `lang` on the reader's text: the App API gives none, so it is read from the
// text. Any kana or kanji makes it Japanese (the catalogue's Chinese, if any, would read as Japanese too: kanji
// alone cannot tell them apart, and Japanese is what this gallery's novels are in); anything else is left to the
// document's language. `lang="ja"` is what picks the Japanese forms of unified Han characters, the Japanese line
// breaking rules (kinsoku) and the vertical forms of punctuation: see src/index.css.

/** A character of Japanese script: kana, kanji, Japanese punctuation and full-width forms (each an em wide). */
export const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u3000-\u303f\uff01-\uff60]/u

/** 'ja' when the text holds Japanese script, else undefined (no `lang` of its own). */
export function textLang(text: string | null | undefined): 'ja' | undefined {
  return text && JAPANESE.test(text) ? 'ja' : undefined
}

/** Runs of exactly two ASCII digits ("12" in "第12話"), set upright in one cell in vertical text (tate-chu-yoko). */
export function splitTwoDigitRuns(text: string): { text: string; upright: boolean }[] {
  const parts: { text: string; upright: boolean }[] = []
  const re = /(?<![0-9])[0-9]{2}(?![0-9])/g
  let last = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ text: text.slice(last, m.index), upright: false })
    parts.push({ text: m[0], upright: true })
    last = m.index + 2
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), upright: false })
  return parts
}
