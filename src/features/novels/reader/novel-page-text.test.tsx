import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Illust } from '../../../api/model.ts'
import { parseNovel } from '../markup/parse-novel.ts'
import { NovelPageText, type Embeds } from './novel-page-text.tsx'

const noEmbeds: Embeds = { images: {}, illusts: {} }

function renderPage(source: string, embeds: Embeds = noEmbeds, pageNumber = 1, vertical = false) {
  const doc = parseNovel(source)
  return render(
    <MemoryRouter>
      <div data-testid="text">
        <NovelPageText
          novelId={9}
          page={doc.pages[pageNumber - 1]!}
          embeds={embeds}
          label="A novel by Someone"
          vertical={vertical}
        />
      </div>
    </MemoryRouter>,
  )
}

describe('NovelPageText', () => {
  it('in vertical writing, sets two-digit numbers apart to stand upright (tate-chu-yoko), text unchanged', () => {
    const source = '[chapter:第12章]\n午後3時、12月24日に100人が来た。'
    const upright = (vertical: boolean) => {
      renderPage(source, noEmbeds, 1, vertical)
      const text = screen.getByTestId('text')
      const tcy = [...text.querySelectorAll('[data-tcy]')].map((el) => el.textContent)
      const all = text.textContent
      text.parentElement!.remove()
      return { tcy, all }
    }
    const horizontal = upright(false)
    expect(horizontal.tcy).toEqual([])
    const vertical = upright(true)
    expect(vertical.tcy).toEqual(['12', '12', '24'])
    expect(vertical.all).toBe(horizontal.all)
  })

  it('renders chapters as headings, ruby as <ruby>/<rt>, and marks every block with its offsets', () => {
    renderPage('[chapter:[[rb:星屑>ほしくず]]の章]\n湊は[[rb:夜空 > よぞら]]を見上げた。\n\nend')
    const heading = screen.getByRole('heading', { level: 2 })
    expect(heading).toHaveAttribute('id', 'chapter-1')
    expect(heading.querySelector('rt')).toHaveTextContent('ほしくず')
    const rts = [...screen.getByTestId('text').querySelectorAll('p ruby rt')].map((rt) => rt.textContent)
    expect(rts).toEqual(['よぞら'])
    const blocks = [...screen.getByTestId('text').querySelectorAll('[data-start]')]
    expect(blocks.map((b) => b.tagName)).toEqual(['H2', 'P', 'P', 'P'])
    expect(blocks[2]).toHaveAttribute('aria-hidden', 'true')
  })

  it('keeps hostile markup as text: no elements, handlers or script URLs come out of it', () => {
    const { container } = renderPage(
      [
        '<script>alert(1)</script> and <img src=x onerror=alert(1)>',
        '[[jumpuri:click > javascript:alert(1)]]',
        '[chapter:<svg onload=alert(1)>]',
        '[[emphasismark:x > "]]',
      ].join('\n'),
    )
    expect(container.querySelector('script, img, svg')).toBeNull()
    expect(container.querySelector('a')).toBeNull()
    expect(screen.getByText('<script>alert(1)</script> and <img src=x onerror=alert(1)>')).toBeInTheDocument()
    expect(screen.getByText('[[jumpuri:click > javascript:alert(1)]]')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('<svg onload=alert(1)>')
    // The emphasis mark goes into CSS as a quoted, escaped string.
    expect(container.querySelector('em')!.style.textEmphasisStyle).toBe('"\\""')
  })

  it('links: external ones open apart, pixiv ones stay in the app, jumps name their page', () => {
    renderPage(
      [
        '[[jumpuri:site > https://example.com/a]] [[jumpuri:prev > https://www.pixiv.net/novel/show.php?id=3]] [jump:2]',
        '[newpage]',
        'two',
      ].join('\n'),
    )
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('href', 'https://example.com/a')
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('rel', 'noopener noreferrer nofollow')
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: 'prev' })).toHaveAttribute('href', '/novels/3')
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/novels/9?p=2')
  })

  it('embeds works as links to their page, and uploaded images from the text’s image map', () => {
    const illust = { id: 77, title: 'Sea', visible: true, width: 600, height: 800, user: { name: 'Ann' } } as Illust
    renderPage('[pixivimage:77-2]\n[uploadedimage:5]\n[uploadedimage:6]\n[pixivimage:78]', {
      illusts: { '77-2': { illust, page: 2, images: { small: '/s.jpg', medium: '/m.jpg', original: '/o.jpg' } } },
      images: {
        5: {
          urls: { '128x128': '/a', '240mw': '/b', '480mw': '/c.jpg', '1200x1200': '/d.jpg', original: '/e' },
        },
      },
    })
    const work = screen.getByRole('img', { name: 'Sea by Ann — page 2' })
    expect(work.closest('a')).toHaveAttribute('href', '/artworks/77#p2')
    expect(work).toHaveAttribute('src', '/m.jpg')
    expect(screen.getByRole('img', { name: 'Illustration 1 in A novel by Someone' })).toHaveAttribute('src', '/d.jpg')
    // Missing from the maps: said so, and the work still links to its page.
    expect(screen.getByText('This image is not available.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Artwork 78' })).toHaveAttribute('href', '/artworks/78')
  })
})
