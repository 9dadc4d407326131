import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { pageAt, parseNovel, titleText, type Block, type InlineNode, type NovelDocument } from './parse-novel.ts'

const text = (t: string) => ({ type: 'text', text: t }) as const

/** The blocks of every page, without their source offsets. */
function shape(doc: NovelDocument) {
  return doc.pages.map((p) =>
    p.blocks.map((b) => {
      const { start: _s, end: _e, ...rest } = b
      return rest
    }),
  )
}

/** The inline content of the one paragraph a one-line text parses to. */
function inline(source: string): InlineNode[] {
  const doc = parseNovel(source)
  expect(doc.pages).toHaveLength(1)
  expect(doc.pages[0]!.blocks).toHaveLength(1)
  const block = doc.pages[0]!.blocks[0]!
  expect(block.type).toBe('paragraph')
  return (block as Extract<Block, { type: 'paragraph' }>).content
}

describe('empty and plain input', () => {
  it('empty input is one empty page', () => {
    const doc = parseNovel('')
    expect(doc.pages).toEqual([{ number: 1, blocks: [], start: 0, end: 0 }])
    expect(doc.chapters).toEqual([])
    expect(doc.length).toBe(0)
  })

  it('whitespace and blank lines only is one empty page', () => {
    expect(shape(parseNovel('\n\n \n'))).toEqual([[]])
  })

  it('each line is a paragraph; blank lines between them are kept, at page edges dropped', () => {
    expect(shape(parseNovel('\nfirst\n\nsecond\r\nthird\n\n'))).toEqual([
      [
        { type: 'paragraph', content: [text('first')] },
        { type: 'paragraph', content: [] },
        { type: 'paragraph', content: [text('second')] },
        { type: 'paragraph', content: [text('third')] },
      ],
    ])
  })

  it('paragraphs carry their offsets in the source', () => {
    const source = 'ab\n\ncd'
    const blocks = parseNovel(source).pages[0]!.blocks
    expect(blocks.map((b) => [b.start, b.end])).toEqual([
      [0, 2],
      [3, 3],
      [4, 6],
    ])
    expect(source.slice(blocks[2]!.start, blocks[2]!.end)).toBe('cd')
  })
})

describe('[newpage]', () => {
  it('splits pages, numbered from 1, and takes the newline on each side with it', () => {
    const doc = parseNovel('one\n[newpage]\ntwo\n[newpage]\nthree')
    expect(doc.pages.map((p) => p.number)).toEqual([1, 2, 3])
    expect(shape(doc)).toEqual([
      [{ type: 'paragraph', content: [text('one')] }],
      [{ type: 'paragraph', content: [text('two')] }],
      [{ type: 'paragraph', content: [text('three')] }],
    ])
  })

  it('splits in mid-line too (the reference test)', () => {
    expect(shape(parseNovel('1ページ目[newpage]2ページ目'))).toEqual([
      [{ type: 'paragraph', content: [text('1ページ目')] }],
      [{ type: 'paragraph', content: [text('2ページ目')] }],
    ])
  })

  it('at the very start or end makes an empty page, so page numbers match what [jump:N] means', () => {
    expect(shape(parseNovel('[newpage]\nbody'))).toEqual([[], [{ type: 'paragraph', content: [text('body')] }]])
    expect(shape(parseNovel('body\n[newpage]'))).toEqual([[{ type: 'paragraph', content: [text('body')] }], []])
    expect(parseNovel('[newpage][newpage]').pages).toHaveLength(3)
  })

  it('records where each page starts and ends in the source', () => {
    const source = 'ab\n[newpage]\ncd'
    const [p1, p2] = parseNovel(source).pages
    expect(source.slice(p1!.start, p1!.end)).toBe('ab\n')
    expect(source.slice(p2!.start, p2!.end)).toBe('\ncd')
  })
})

describe('pageAt', () => {
  it('finds the page holding an offset', () => {
    const source = 'ab\n[newpage]\ncd\n[newpage]\nef'
    const doc = parseNovel(source)
    expect(pageAt(doc, 0)).toBe(1)
    expect(pageAt(doc, source.indexOf('cd'))).toBe(2)
    expect(pageAt(doc, source.indexOf('ef'))).toBe(3)
    expect(pageAt(doc, 10_000)).toBe(3)
  })
})

describe('[chapter:…]', () => {
  it('is a block heading, numbered through the novel, with trimmed title', () => {
    const doc = parseNovel('[chapter:  First ]\nbody\n[newpage]\n[chapter:Second]\nmore')
    expect(shape(doc)).toEqual([
      [
        { type: 'chapter', index: 1, title: [text('First')] },
        { type: 'paragraph', content: [text('body')] },
      ],
      [
        { type: 'chapter', index: 2, title: [text('Second')] },
        { type: 'paragraph', content: [text('more')] },
      ],
    ])
    expect(doc.chapters).toEqual([
      { index: 1, page: 1, title: [text('First')] },
      { index: 2, page: 2, title: [text('Second')] },
    ])
  })

  it('splits a line it stands in (the reference test 前文[chapter:見出し]本文)', () => {
    expect(shape(parseNovel('前文[chapter:見出し]本文'))).toEqual([
      [
        { type: 'paragraph', content: [text('前文')] },
        { type: 'chapter', index: 1, title: [text('見出し')] },
        { type: 'paragraph', content: [text('本文')] },
      ],
    ])
  })

  it('takes the newline on each side, but leaves further blank lines', () => {
    expect(shape(parseNovel('a\n\n[chapter:X]\n\nb'))).toEqual([
      [
        { type: 'paragraph', content: [text('a')] },
        { type: 'paragraph', content: [] },
        { type: 'chapter', index: 1, title: [text('X')] },
        { type: 'paragraph', content: [] },
        { type: 'paragraph', content: [text('b')] },
      ],
    ])
  })

  it('may hold ruby in its title', () => {
    const doc = parseNovel('[chapter:[[rb:星屑 > ほしくず]]の章]')
    expect(shape(doc)).toEqual([
      [
        {
          type: 'chapter',
          index: 1,
          title: [{ type: 'ruby', base: '星屑', reading: 'ほしくず' }, text('の章')],
        },
      ],
    ])
    expect(titleText(doc.chapters[0]!.title)).toBe('星屑の章')
  })

  it('at page edges: first and last thing of a page', () => {
    expect(shape(parseNovel('[chapter:A][newpage][chapter:B]'))).toEqual([
      [{ type: 'chapter', index: 1, title: [text('A')] }],
      [{ type: 'chapter', index: 2, title: [text('B')] }],
    ])
  })

  it('stays literal when unterminated, empty, or holding another tag', () => {
    expect(inline('[chapter:no end')).toEqual([text('[chapter:no end')])
    expect(inline('[chapter:   ]')).toEqual([text('[chapter:   ]')])
    expect(inline('[chapter:Title [b:bold]]')).toEqual([
      text('[chapter:Title '),
      { type: 'bold', text: 'bold' },
      text(']'),
    ])
  })

  it('keeps markup-looking title text as text', () => {
    expect(shape(parseNovel('[chapter:<img src=x onerror=alert(1)>]'))).toEqual([
      [{ type: 'chapter', index: 1, title: [text('<img src=x onerror=alert(1)>')] }],
    ])
  })
})

describe('[[rb:base > reading]]', () => {
  it('is ruby, with or without spaces around >', () => {
    expect(inline('湊は[[rb:星屑>ほしくず]]を[[rb: 見上 > みあ ]]げた')).toEqual([
      text('湊は'),
      { type: 'ruby', base: '星屑', reading: 'ほしくず' },
      text('を'),
      { type: 'ruby', base: '見上', reading: 'みあ' },
      text('げた'),
    ])
  })

  it('an unterminated ruby stays text and does not swallow the lines after it', () => {
    const doc = parseNovel('last words[[rb:abc\nnext line')
    expect(shape(doc)).toEqual([
      [
        { type: 'paragraph', content: [text('last words[[rb:abc')] },
        { type: 'paragraph', content: [text('next line')] },
      ],
    ])
  })

  it('without a reading or a base stays text', () => {
    expect(inline('[[rb:abc]]')).toEqual([text('[[rb:abc]]')])
    expect(inline('[[rb: > x]]')).toEqual([text('[[rb: > x]]')])
    expect(inline('[[rb:x > ]]')).toEqual([text('[[rb:x > ]]')])
  })

  it('nested by mistake: the outer one stays text, the inner one is ruby', () => {
    expect(inline('[[rb:a > b[[rb:c>d]]]]')).toEqual([
      text('[[rb:a > b'),
      { type: 'ruby', base: 'c', reading: 'd' },
      text(']]'),
    ])
  })

  it('markup inside is text', () => {
    expect(inline('[[rb:<b>x</b> > <script>alert(1)</script>]]')).toEqual([
      { type: 'ruby', base: '<b', reading: 'x</b> > <script>alert(1)</script>' },
    ])
  })

  it('first thing on a page and last thing on a page', () => {
    expect(shape(parseNovel('[[rb:A>a]][newpage][[rb:B>b]]'))).toEqual([
      [{ type: 'paragraph', content: [{ type: 'ruby', base: 'A', reading: 'a' }] }],
      [{ type: 'paragraph', content: [{ type: 'ruby', base: 'B', reading: 'b' }] }],
    ])
  })
})

describe('[[jumpuri:title > url]]', () => {
  it('is a link with its title', () => {
    expect(inline('see [[jumpuri:author’s site > https://example.com/notes/1]] here')).toEqual([
      text('see '),
      { type: 'link', href: 'https://example.com/notes/1', title: [text('author’s site')] },
      text(' here'),
    ])
  })

  it('keeps brackets in the title (the reference test [pixiv])', () => {
    expect(inline('[[jumpuri:[pixiv] > http://www.pixiv.net/]]')).toEqual([
      { type: 'link', href: 'http://www.pixiv.net/', title: [text('[pixiv]')] },
    ])
  })

  it('may hold ruby in its title', () => {
    expect(inline('[[jumpuri:[[rb:前作>ぜんさく]]はこちら>https://www.pixiv.net/novel/show.php?id=1]]')).toEqual([
      {
        type: 'link',
        href: 'https://www.pixiv.net/novel/show.php?id=1',
        title: [{ type: 'ruby', base: '前作', reading: 'ぜんさく' }, text('はこちら')],
      },
    ])
  })

  it.each([
    '[[jumpuri:click > javascript:alert(1)]]',
    '[[jumpuri:mixed > JaVaScRiPt:alert(1)]]',
    '[[jumpuri:x > data:text/html,<script>alert(1)</script>]]',
    '[[jumpuri:x > vbscript:msgbox(1)]]',
    '[[jumpuri:x > //evil.example/]]',
    '[[jumpuri:x > ftp://example.com/]]',
    '[[jumpuri:x > https://]]',
    '[[jumpuri:x > https://exa mple.com/]]',
    '[[jumpuri:x > https://example.com/"onmouseover="alert(1)]]',
    '[[jumpuri:no url]]',
    '[[jumpuri: > https://example.com/]]',
    '[[jumpuri:unterminated > https://example.com/',
  ])('%s stays text', (source) => {
    expect(inline(source)).toEqual([text(source)])
  })

  it('normalises the URL it keeps', () => {
    expect(inline('[[jumpuri:x > HTTPS://Example.COM]]')).toEqual([
      { type: 'link', href: 'https://example.com/', title: [text('x')] },
    ])
  })
})

describe('[jump:N]', () => {
  it('links to an existing page; leading zeros allowed', () => {
    const doc = parseNovel('go to [jump:02]\n[newpage]\ntwo')
    expect(shape(doc)[0]).toEqual([{ type: 'paragraph', content: [text('go to '), { type: 'jump', page: 2 }] }])
  })

  it('to a page that does not exist stays text', () => {
    expect(inline('[jump:0] [jump:2] [jump:1]')).toEqual([text('[jump:0] [jump:2] '), { type: 'jump', page: 1 }])
  })

  it('malformed stays text', () => {
    expect(inline('[jump:] [jump:x] [jump:1')).toEqual([text('[jump:] [jump:x] [jump:1')])
  })

  it('at the start and end of pages', () => {
    const doc = parseNovel('[jump:2][newpage][jump:1]')
    expect(shape(doc)).toEqual([
      [{ type: 'paragraph', content: [{ type: 'jump', page: 2 }] }],
      [{ type: 'paragraph', content: [{ type: 'jump', page: 1 }] }],
    ])
  })
})

describe('[pixivimage:…] and [uploadedimage:…]', () => {
  it('are blocks keyed by their literal marker value', () => {
    expect(
      shape(parseNovel('a\n[pixivimage:4119-2]\n[pixivimage:000001-02]\n[pixivimage:77]\n[uploadedimage:201]\nb')),
    ).toEqual([
      [
        { type: 'paragraph', content: [text('a')] },
        { type: 'pixivimage', key: '4119-2', illustId: 4119, page: 2 },
        { type: 'pixivimage', key: '000001-02', illustId: 1, page: 2 },
        { type: 'pixivimage', key: '77', illustId: 77, page: null },
        { type: 'uploadedimage', imageId: '201' },
        { type: 'paragraph', content: [text('b')] },
      ],
    ])
  })

  it('split a line they stand in', () => {
    expect(shape(parseNovel('before[uploadedimage:5]after'))).toEqual([
      [
        { type: 'paragraph', content: [text('before')] },
        { type: 'uploadedimage', imageId: '5' },
        { type: 'paragraph', content: [text('after')] },
      ],
    ])
  })

  it('at page edges', () => {
    expect(shape(parseNovel('[pixivimage:3][newpage][uploadedimage:9]'))).toEqual([
      [{ type: 'pixivimage', key: '3', illustId: 3, page: null }],
      [{ type: 'uploadedimage', imageId: '9' }],
    ])
  })

  it('malformed ones stay text', () => {
    for (const source of [
      '[pixivimage:]',
      '[pixivimage:abc]',
      '[pixivimage:12-]',
      '[pixivimage:12-0]',
      '[pixivimage:0]',
      '[pixivimage:1234567890123456]',
      '[uploadedimage:]',
      '[uploadedimage:x]',
      '[pixivimage:12',
    ])
      expect(inline(source), source).toEqual([text(source)])
  })
})

describe('emphasis marks, bold and italic', () => {
  it('[[emphasismark:text > mark]]', () => {
    expect(inline('[[emphasismark:それ > ﹅]]は')).toEqual([{ type: 'emphasis', text: 'それ', mark: '﹅' }, text('は')])
  })

  it('[b:…] and [i:…]', () => {
    expect(inline('[b:行こう]と[i:一冊の本]')).toEqual([
      { type: 'bold', text: '行こう' },
      text('と'),
      { type: 'italic', text: '一冊の本' },
    ])
  })

  it('malformed or mis-nested stay text', () => {
    expect(inline('[b:] [i:open [[emphasismark:x]]')).toEqual([text('[b:] [i:open [[emphasismark:x]]')])
    expect(inline('[b:bold [i:italic] text]')).toEqual([
      text('[b:bold '),
      { type: 'italic', text: 'italic' },
      text(' text]'),
    ])
  })
})

describe('unknown and hostile markup', () => {
  it('unknown tags stay text', () => {
    const source = '[foo:bar] and [unknown tag] and [[nope:thing > here]] stay text.'
    expect(inline(source)).toEqual([text(source)])
  })

  it('HTML is text, never markup', () => {
    const source = 'An image tag <img src=x onerror=alert(1)> sits in the prose.'
    expect(inline(source)).toEqual([text(source)])
  })
})

describe('properties', () => {
  const markupish = fc.stringMatching(
    /^(?:[a-z >\n:\]-]|\[|\[\[rb:|\[\[jumpuri:|https?:\/\/|\[newpage\]|\[chapter:|\[jump:1\]|\[pixivimage:1\]|\]\])*$/,
  )

  it('never throws, always has a page, and numbers pages 1…n', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), markupish), (source) => {
        const doc = parseNovel(source)
        expect(doc.pages.length).toBeGreaterThanOrEqual(1)
        expect(doc.pages.map((p) => p.number)).toEqual(doc.pages.map((_, i) => i + 1))
      }),
    )
  })

  it('links are always http(s) and jumps always name a page of the novel', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), markupish), (source) => {
        const doc = parseNovel(source)
        for (const page of doc.pages)
          for (const block of page.blocks) {
            if (block.type !== 'paragraph') continue
            for (const node of block.content) {
              if (node.type === 'link') expect(node.href).toMatch(/^https?:\/\//)
              if (node.type === 'jump') {
                expect(node.page).toBeGreaterThanOrEqual(1)
                expect(node.page).toBeLessThanOrEqual(doc.pages.length)
              }
            }
          }
      }),
    )
  })

  it('text without brackets keeps every non-blank line, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[^[\]\n\r]*$/), { maxLength: 8 }), (lines) => {
        const doc = parseNovel(lines.join('\n'))
        const paragraphs = doc.pages[0]!.blocks.flatMap((b) =>
          b.type === 'paragraph' && b.content.length ? [(b.content[0] as { text: string }).text] : [],
        )
        expect(paragraphs).toEqual(lines.filter((l) => l.trim() !== ''))
      }),
    )
  })

  it('blocks are in source order and inside their page', () => {
    fc.assert(
      fc.property(markupish, (source) => {
        const doc = parseNovel(source)
        for (const page of doc.pages) {
          let at = page.start
          for (const block of page.blocks) {
            expect(block.start).toBeGreaterThanOrEqual(at)
            expect(block.end).toBeGreaterThanOrEqual(block.start)
            expect(block.end).toBeLessThanOrEqual(page.end)
            at = block.end
          }
        }
      }),
    )
  })

  it('stays linear on a long line of unterminated openers', () => {
    // ~190,000 characters: without a bound on tag length this is billions of steps; with it, well under a second.
    const source = '[[rb:'.repeat(20_000) + '[[jumpuri:x'.repeat(8_000)
    const started = performance.now()
    parseNovel(source)
    expect(performance.now() - started).toBeLessThan(3_000)
  })
})
