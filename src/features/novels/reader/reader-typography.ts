// The reader's look, shared by the reader, the editor's preview (which shows a page as the reader will) and the page's
// first view (src/app/first-view/first-view.ts): its themes, its faces, and the typography of the text's elements.

import { LINE_HEIGHTS, type ReaderSettings, type ReaderTheme } from './reader-settings-values.ts'

export const THEMES: Record<ReaderTheme, string> = {
  // Text, link and muted colours all stay above 4.5:1 on their background.
  light: 'bg-white text-[#1d1c21] [--reader-link:#2f5d8a] [--reader-muted:#55535c]',
  sepia: 'bg-[#f4ecd8] text-[#3b2f22] [--reader-link:#7a3e0e] [--reader-muted:#65543f]',
  dark: 'bg-[#1b1b1f] text-[#e4e1da] [--reader-link:#9cc2ea] [--reader-muted:#a9a6ae] [color-scheme:dark]',
}

export const FONTS: Record<ReaderSettings['font'], string> = {
  serif:
    '"Hiragino Mincho ProN", "Yu Mincho", YuMincho, "Noto Serif JP", "Noto Serif CJK JP", "Source Han Serif JP", Georgia, serif',
  sans: 'system-ui, "Hiragino Sans", "Noto Sans JP", "Noto Sans CJK JP", "Source Han Sans JP", sans-serif',
}

/**
 * Japanese text (`lang="ja"`) takes a Japanese face first, Latin included, so kana, kanji and the Latin between them
 * share one design and one baseline: Noto CJK JP where installed (Linux, Android, fonts-noto-cjk), then the
 * systems' own (macOS/iOS Hiragino, Windows Yu).
 */
export const FONTS_JA: Record<ReaderSettings['font'], string> = {
  serif:
    '"Noto Serif CJK JP", "Noto Serif JP", "Source Han Serif JP", "Hiragino Mincho ProN", "Yu Mincho", YuMincho, serif',
  sans: '"Noto Sans CJK JP", "Noto Sans JP", "Source Han Sans JP", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Yu Gothic", YuGothic, sans-serif',
}

/** Typography of the text, by element (the page's blocks are plain elements, see novel-page-text.tsx). */
export const TEXT_CLASS = [
  '[&_p]:m-0 [&_p]:whitespace-pre-wrap',
  '[&_h2]:my-[1.2em] [&_h2]:text-[1.3em] [&_h2]:leading-snug [&_h2]:font-bold',
  '[&_a]:text-(--reader-link) [&_a]:underline [&_a]:underline-offset-[0.2em]',
  '[&_rt]:text-[0.5em] [&_figure]:my-[1em] [&_figcaption]:mt-1',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded',
].join(' ')

/** The box around the text, in the theme's colours (the reader's and the preview's). */
export const READER_BOX_CLASS = 'rounded-lg border border-line'

/** The reader's horizontal text column. */
export const HORIZONTAL_TEXT_CLASS = 'mx-auto max-w-[38em] px-4 py-6 sm:px-8'

/** The text's size, line spacing and face from the viewer's settings; a Japanese text takes a Japanese face. */
export function readerTextStyle(
  settings: ReaderSettings,
  lang: 'ja' | undefined,
): { fontSize: number; lineHeight: number; fontFamily: string } {
  return {
    fontSize: settings.fontSize,
    lineHeight: LINE_HEIGHTS[settings.lineSpacing],
    fontFamily: (lang === 'ja' ? FONTS_JA : FONTS)[settings.font],
  }
}
