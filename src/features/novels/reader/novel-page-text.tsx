import { createElement, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { NovelEmbeddedIllust, NovelImageUrls } from '../../../api/model.ts'
import { t, useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import type { Block, NovelPage } from '../markup/parse-novel.ts'
import { blockTree, isTextBlock, type TextTree } from './page-text-tree.ts'
import '../../../lib/i18n/messages/en/reader.ts'
import '../../../lib/i18n/messages/en/artwork.ts'
import '../../../lib/i18n/messages/en/works.ts'

// One page of a parsed novel as elements: its text blocks as page-text-tree.ts describes them, its images here. Every
// string from the markup goes into the DOM as a React text child, so nothing in it is ever read as HTML; the only URLs
// are http(s) links the parser let through, in-app paths and the service's image URLs.

export interface Embeds {
  images: Record<string, { urls: NovelImageUrls }>
  illusts: Record<string, NovelEmbeddedIllust>
}

interface PageProps {
  novelId: number
  page: NovelPage
  embeds: Embeds
  /** "Title by author", for image descriptions. */
  label: string
  /** Vertical writing: two-digit numbers are set upright in one cell (tate-chu-yoko). */
  vertical?: boolean
}

/** `data-start`/`data-end` mark each block's source offsets: the reading position is measured from them. */
export function NovelPageText({ novelId, page, embeds, label, vertical = false }: PageProps) {
  useT()
  if (page.blocks.length === 0) {
    return (
      <p className="text-(--reader-muted) italic" data-start={page.start} data-end={page.end}>
        {t('reader.text.blank')}
      </p>
    )
  }
  let imageCount = 0
  return (
    <>
      {page.blocks.map((block) => {
        if (block.type === 'uploadedimage') imageCount++
        return (
          <BlockView
            key={block.start}
            block={block}
            novelId={novelId}
            embeds={embeds}
            label={label}
            imageNumber={imageCount}
            vertical={vertical}
          />
        )
      })}
    </>
  )
}

function BlockView({
  block,
  novelId,
  embeds,
  label,
  imageNumber,
  vertical,
}: {
  block: Block
  novelId: number
  embeds: Embeds
  label: string
  imageNumber: number
  vertical: boolean
}) {
  if (isTextBlock(block)) return toReact(blockTree(block, { novelId, vertical, pageLabel }))
  const span = { 'data-start': block.start, 'data-end': block.end }
  switch (block.type) {
    case 'pixivimage':
      return <EmbeddedWork {...span} block={block} embed={embeds.illusts[block.key]} />
    case 'uploadedimage': {
      const image = embeds.images[block.imageId]
      return (
        <figure {...span} data-embed="image">
          {image ? (
            <img
              src={image.urls['1200x1200']}
              srcSet={`${image.urls['480mw']} 480w, ${image.urls['1200x1200']} 1200w`}
              sizes="(max-width: 40rem) 100vw, 40rem"
              alt={t('reader.text.illustration', { number: imageNumber, label })}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <figcaption className="text-(--reader-muted) text-[0.85em]">{t('reader.text.imageUnavailable')}</figcaption>
          )}
        </figure>
      )
    }
  }
}

function EmbeddedWork({
  block,
  embed,
  ...span
}: {
  block: Extract<Block, { type: 'pixivimage' }>
  embed: NovelEmbeddedIllust | undefined
  'data-start': number
  'data-end': number
}) {
  const page = block.page ?? undefined
  const href = paths.artwork(block.illustId, page)
  const work = embed?.illust
  if (!work || !work.visible) {
    return (
      <figure {...span} data-embed="work">
        <figcaption className="text-[0.85em]">
          <Link to={href}>{t('reader.text.work', { id: String(block.illustId) })}</Link>
          <span className="text-(--reader-muted)"> {t('reader.text.workUnavailable')}</span>
        </figcaption>
      </figure>
    )
  }
  const byArtist = t('works.byArtist', { title: work.title || t('works.untitled'), name: work.user.name })
  const name = page ? t('artwork.withPage', { work: byArtist, page }) : byArtist
  return (
    <figure {...span} data-embed="work">
      <Link to={href} className="inline-block">
        <img
          src={embed.images.medium}
          alt={name}
          loading="lazy"
          decoding="async"
          // The work's own size: space is kept before the image arrives (pages of a work share it in the catalogue).
          width={work.width}
          height={work.height}
        />
      </Link>
      <figcaption className="text-(--reader-muted) text-[0.8em]">
        <Link to={href}>{work.title || t('works.untitled')}</Link> · {work.user.name}
        {page ? ` · ${t('reader.text.chapterPage', { page })}` : ''}
      </figcaption>
    </figure>
  )
}

const pageLabel = (page: number) => t('reader.text.pageLink', { page })

/** A text tree as React elements: an in-app link as the router's `Link`. */
function toReact(node: TextTree): ReactNode {
  if (typeof node === 'string') return node
  const props = {
    ...node.attrs,
    className: node.className,
    style: node.emphasis ? { textEmphasisStyle: node.emphasis } : undefined,
  }
  const children = node.children.map(toReact)
  return node.to === undefined
    ? createElement(node.tag, props, ...children)
    : createElement(Link, { ...props, to: node.to }, ...children)
}
