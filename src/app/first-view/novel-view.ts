// The novel reader's first view (first-view.ts): a novel's title, and the top of its text with the reader's own
// parser, text trees and typography, in the viewer's display settings.

import type { WireNovel, WireNovelText } from '../../api/wire.ts'
import {
  NOVEL_ARTICLE_CLASS,
  NOVEL_COVER_CLASS,
  NOVEL_COVER_SIZE,
  NOVEL_HEADER_CLASS,
  NOVEL_HEADING_CLASS,
  NOVEL_TITLE_CLASS,
} from '../../features/novels/lib/novel-title.ts'
import { JAPANESE, textLang } from '../../features/novels/lib/text-lang.ts'
import { parseNovel } from '../../features/novels/markup/parse-novel.ts'
import { blockTree, isTextBlock, treeToDom, type TextBlock } from '../../features/novels/reader/page-text-tree.ts'
import { READER_SETTINGS_KEY, readerSettingsFrom } from '../../features/novels/reader/reader-settings-values.ts'
import {
  HORIZONTAL_TEXT_CLASS,
  READER_BOX_CLASS,
  readerTextStyle,
  TEXT_CLASS,
  THEMES,
} from '../../features/novels/reader/reader-typography.ts'
import { loadReadingPosition, openingPlace } from '../../features/novels/reader/reading-position.ts'
import { answerTo, element, onScreenArea, storageItem, type Answers, type FirstView, type Win } from './first-view.ts'

/**
 * What stands between a novel's title and its text in the reader (novel-reader.tsx), as empty boxes no taller than
 * the reader's own: below the title, the author's link (44 px), the figures (a line at least) and the date; then the
 * tags (a row of 44 px links, a line on a wider screen), and the bookmark button. The caption, the badges and the
 * series are left out (whether they show, and how tall, is the app's to say), so the text paints here as high as in
 * the app or higher: never smaller on the screen.
 */
const NOVEL_HEADING_BELOW_TITLE = ['h-11', 'h-5', 'h-5']
const NOVEL_TAGS = 'h-11 sm:h-6'
const NOVEL_BUTTONS = 'h-11'
/** Where NOVEL_COVER_CLASS shows the cover (`sm:block`: Tailwind's `sm`, 40rem). */
const COVER_SHOWN = '(min-width: 40rem)'

/**
 * A novel: its title beside its cover (shown on a wider screen only, and only then fetched), and the top of its first
 * page down to the screen's bottom, as the reader shows it (with the viewer's display settings) when it opens there:
 * horizontal writing, no `?p=`, no chapter in the hash and no reading position saved past the novel's first line.
 * Otherwise the title alone. The text stops at the first image (the reader's are lazy, and sized by the app).
 */
export function novelView(doc: Document, answers: Answers, column: HTMLElement): FirstView | null {
  const novel = answerTo<{ novel?: Partial<WireNovel> & { id: number } }>(answers, '/novel/detail')?.novel
  const win = doc.defaultView
  if (!win || !novel || novel.visible === false || !novel.title) return null
  const title = element(doc, 'h1', NOVEL_TITLE_CLASS, doc.createTextNode(novel.title))
  const titleLang = textLang(novel.title)
  if (titleLang) title.lang = titleLang
  const cover = element(doc, 'img', NOVEL_COVER_CLASS)
  cover.alt = ''
  cover.width = NOVEL_COVER_SIZE.width
  cover.height = NOVEL_COVER_SIZE.height
  const heading = element(doc, 'div', NOVEL_HEADING_CLASS, title)
  const view = element(doc, 'article', NOVEL_ARTICLE_CLASS, element(doc, 'header', NOVEL_HEADER_CLASS, cover, heading))
  const textBox = novelText(doc, win, novel, answerTo<WireNovelText>(answers, '/novel/text')?.novel_text)
  if (textBox) {
    heading.append(...NOVEL_HEADING_BELOW_TITLE.map((className) => element(doc, 'div', className)))
    if (novel.tags?.length) view.append(element(doc, 'div', NOVEL_TAGS))
    view.append(element(doc, 'div', NOVEL_BUTTONS), textBox)
  }
  column.append(view)
  // Nothing here lays the page out (the browser does, to paint it, in a task of its own): whether the cover shows is
  // the media query of its class (`sm:block`), and whether it is the largest paint is measured once the view has
  // painted.
  const coverUrl = novel.image_urls?.medium
  if (!coverUrl || !win.matchMedia(COVER_SHOWN).matches) return { view, images: [] }
  cover.src = coverUrl
  // The app waits for the cover only where it is the page's largest paint (beside the title alone, or a short text):
  // beside the text's paragraphs it is not, and the app need not wait for an image.
  const images = () => {
    let largestText = 0
    for (const el of [title, ...view.querySelectorAll('[data-start]')]) {
      const range = doc.createRange()
      range.selectNodeContents(el)
      largestText = Math.max(largestText, onScreenArea(win, range.getBoundingClientRect()))
    }
    return onScreenArea(win, cover.getBoundingClientRect()) > largestText ? [cover] : []
  }
  return { view, images }
}

/** The least width, in ems, that a run of text can take on a line: kana, kanji and full-width forms are an em wide,
 *  nothing else is narrower than a quarter of one. */
function narrowestEms(text: string): number {
  let ems = 0
  for (const ch of text) ems += JAPANESE.test(ch) ? 1 : 0.25
  return ems
}

/** The reader's box with the top of the novel's text, when the reader opens there (above). */
function novelText(doc: Document, win: Win, novel: { id: number }, source: string | undefined) {
  if (source === undefined) return null
  const settings = readerSettingsFrom(storageItem(win, READER_SETTINGS_KEY))
  if (settings.writingMode !== 'horizontal') return null
  const parsed = parseNovel(source)
  const { search, hash } = win.location
  const opening = openingPlace(parsed, loadReadingPosition(novel.id), new URLSearchParams(search).get('p'), hash)
  // the text blocks the page begins with (an image is the app's to size)
  const texts: TextBlock[] = []
  for (const block of parsed.pages[0]!.blocks) {
    if (!isTextBlock(block)) break
    texts.push(block)
  }
  if (opening.page !== 1 || opening.offset !== null || hash.startsWith('#chapter-') || !texts.length) return null
  const lang = textLang(source)
  const text = element(doc, 'div', `${TEXT_CLASS} ${HORIZONTAL_TEXT_CLASS}`)
  if (lang) text.lang = lang
  const { fontSize, lineHeight, fontFamily } = readerTextStyle(settings, lang)
  Object.assign(text.style, { fontSize: `${fontSize}px`, lineHeight: String(lineHeight), fontFamily })
  const box = element(doc, 'section', `${READER_BOX_CLASS} ${THEMES[settings.theme]}`, text)
  // The blocks down to the screen's bottom, counted without a layout: a block takes a line at least, and a line holds
  // no more kana and kanji than it is ems wide, nor more than four times as many other characters. So the blocks
  // counted fill the screen's height in lines at least, from the text's top (below the title) down: some lie below
  // the screen (the app's reader has them there too). Laid out here to trim them, the novel's text made this a task of
  // ~200 ms on a slow phone.
  const lines = win.innerHeight / (fontSize * lineHeight)
  const lineEms = win.innerWidth / fontSize
  let counted = 0
  for (const block of texts) {
    if (counted >= lines) break
    text.append(treeToDom(doc, blockTree(block, { novelId: novel.id, vertical: false })))
    counted += Math.max(1, Math.ceil(narrowestEms(source.slice(block.start, block.end)) / lineEms))
  }
  return box
}
