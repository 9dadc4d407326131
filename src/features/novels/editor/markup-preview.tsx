import { memo, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { useT } from '../../../lib/i18n/i18n.ts'
import { textLang } from '../lib/text-lang.ts'
import { pageAt, parseNovel } from '../markup/parse-novel.ts'
import { NovelPageText, type Embeds } from '../reader/novel-page-text.tsx'
import { useReaderSettings } from '../reader/reader-settings.ts'
import { READER_BOX_CLASS, readerTextStyle, TEXT_CLASS, THEMES } from '../reader/reader-typography.ts'
import '../../../lib/i18n/messages/en/editor.ts'

export interface MarkupPreviewProps {
  /** The markup (deferred by the editor: this renders behind the typing). */
  text: string
  /** Where the caret is in it: the preview shows that page, with that part in view. */
  caret: number
  embeds: Embeds
  /** "Title by author", for image descriptions. */
  label: string
  novelId: number
}

const pagerButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-full border border-line bg-surface px-3 text-sm font-medium hover:bg-line/40 disabled:opacity-50 sm:min-h-9 sm:min-w-9'

/**
 * The text as the reader shows it: parsed by the reader's parser and drawn by the reader's page, in the reader's
 * display settings. It shows the page the caret is on (a page chosen with its buttons until the caret moves), and
 * keeps the caret's paragraph in view. Links do not leave the editor: a jump turns the preview's page, any other
 * link opens in a new tab.
 */
export const MarkupPreview = memo(function MarkupPreview({ text, caret, embeds, label, novelId }: MarkupPreviewProps) {
  const t = useT()
  const settings = useReaderSettings()
  const doc = useMemo(() => parseNovel(text), [text])
  const lang = useMemo(() => textLang(text), [text])
  const [chosen, setChosen] = useState<{ page: number; caret: number } | null>(null)
  const count = doc.pages.length
  const number = Math.min(count, chosen?.caret === caret ? chosen.page : pageAt(doc, caret))
  const page = doc.pages[number - 1]!
  const scroller = useRef<HTMLDivElement>(null)

  // The caret's paragraph in view, inside the preview only (the window stays where the writer is).
  useEffect(() => {
    const box = scroller.current
    if (!box || chosen?.caret === caret) return
    let block: HTMLElement | undefined
    for (const el of box.querySelectorAll<HTMLElement>('[data-start]')) {
      if (Number(el.dataset.start) > caret) break
      block = el
    }
    if (!block) return
    const top = block.offsetTop
    if (top < box.scrollTop || top + block.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 3)
  }, [caret, page, chosen])

  const go = (n: number) => {
    setChosen({ page: n, caret })
    scroller.current?.scrollTo({ top: 0 })
  }
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest('a')
    if (!link) return
    const jump = Number(link.dataset.jump)
    if (jump) {
      event.preventDefault()
      go(jump)
    } else if (link.target !== '_blank') {
      event.preventDefault()
      window.open(link.href, '_blank', 'noopener')
    }
  }

  return (
    <div className="flex h-full min-h-0 flex-col gap-2">
      <div className="flex items-center gap-2">
        <p className="mr-auto text-sm text-muted tabular-nums" data-preview-page={number}>
          {t('editor.markup.previewPage', { page: number, count })}
        </p>
        <button type="button" className={pagerButton} disabled={number <= 1} onClick={() => go(number - 1)}>
          <span aria-hidden="true">←</span>
          <span className="sr-only">{t('editor.markup.prevPage')}</span>
        </button>
        <button type="button" className={pagerButton} disabled={number >= count} onClick={() => go(number + 1)}>
          <span aria-hidden="true">→</span>
          <span className="sr-only">{t('editor.markup.nextPage')}</span>
        </button>
      </div>
      <div
        ref={scroller}
        // A scroll area keyboard users can reach and scroll with the arrow keys.
        tabIndex={0}
        role="region"
        aria-label={t('editor.markup.previewLabel')}
        data-preview
        className={`relative min-h-0 flex-1 overflow-y-auto ${READER_BOX_CLASS} ${THEMES[settings.theme]}`}
        onClick={onClick}
      >
        <div
          lang={lang}
          className={`${TEXT_CLASS} mx-auto max-w-[38em] px-4 py-6 sm:px-6`}
          style={readerTextStyle(settings, lang)}
        >
          {text.trim() === '' ? (
            <p className="text-(--reader-muted) italic">{t('editor.markup.previewEmpty')}</p>
          ) : (
            <NovelPageText novelId={novelId} page={page} embeds={embeds} label={label} />
          )}
        </div>
      </div>
    </div>
  )
})
