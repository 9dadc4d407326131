import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isGalleryPath } from '../api/gallery-route-match.ts'
import { MAX_SEARCH_WORD, linkTarget, resolveAlias, resolveLink, resolveShare } from './link-resolver.ts'

const ORIGIN = 'https://easel.example'

describe('resolveLink: URL shapes → in-app routes', () => {
  it.each([
    // artworks
    ['https://www.pixiv.net/artworks/123', '/artworks/123'],
    ['https://www.pixiv.net/en/artworks/123', '/artworks/123'],
    ['http://pixiv.net/artworks/123/', '/artworks/123'],
    ['https://www.pixiv.net/ja/artworks/123', '/artworks/123'],
    ['https://www.pixiv.net/zh-tw/artworks/123', '/artworks/123'],
    ['https://WWW.PIXIV.NET/en/artworks/123', '/artworks/123'],
    ['https://www.pixiv.net/i/123', '/artworks/123'],
    ['https://www.pixiv.net/member_illust.php?mode=medium&illust_id=123', '/artworks/123'],
    ['https://www.pixiv.net/member_illust.php?mode=manga_big&illust_id=123&page=2', '/artworks/123#p3'],
    ['https://touch.pixiv.net/member_illust.php?illust_id=123', '/artworks/123'],
    ['https://embed.pixiv.net/decorate.php?illust_id=123&mode=sns-automator', '/artworks/123'],
    ['www.pixiv.net/en/artworks/123', '/artworks/123'],
    ['pixiv.net/i/123', '/artworks/123'],
    // original, master and thumbnail images
    ['https://i.pximg.net/img-original/img/2024/01/01/00/00/00/123_p0.png', '/artworks/123'],
    ['https://i.pximg.net/img-original/img/2024/01/01/00/00/00/123_p3.jpg', '/artworks/123#p4'],
    ['https://i.pximg.net/img-master/img/2024/01/01/00/00/00/123_p1_master1200.jpg', '/artworks/123#p2'],
    ['https://i.pximg.net/c/250x250_80_a2/img-master/img/2024/01/01/00/00/00/123_p0_square1200.jpg', '/artworks/123'],
    ['https://i.pximg.net/c/250x250_80_a2/custom-thumb/img/2024/01/01/00/00/00/123_p0_custom1200.jpg', '/artworks/123'],
    ['https://i.pximg.net/img-zip-ugoira/img/2024/01/01/00/00/00/77_ugoira600x600.zip', '/artworks/77'],
    ['i.pximg.net/img-original/img/2024/01/01/00/00/00/77_ugoira12.jpg', '/artworks/77'],
    // this service's own image URLs (and those of earlier versions, below /img)
    [`${ORIGIN}/img-original/img/2024/01/01/00/00/00/123_p2.png`, '/artworks/123#p3'],
    [`${ORIGIN}/c/540x540_70/img-master/img/2024/01/01/00/00/00/123_p0_master1200.jpg`, '/artworks/123'],
    [`${ORIGIN}/img/img-original/img/2024/01/01/00/00/00/123_p2.png`, '/artworks/123#p3'],
    ['https://i.pximg.net/user-profile/img/2024/01/01/00/00/00/9_0123abcd.jpg', '/users/9'],
    [
      'https://i.pximg.net/c/240x480_80/novel-cover-master/img/2024/01/01/00/00/00/ci55_abc123_master1200.jpg',
      '/novels/55',
    ],
    ['https://i.pximg.net/user-profile/img/2024/01/01/00/00/00/9_0123abcd_170.jpg', '/users/9'],
    // users
    ['https://www.pixiv.net/users/5', '/users/5'],
    ['https://www.pixiv.net/en/users/5/artworks', '/users/5/artworks'],
    ['https://www.pixiv.net/users/5/illustrations', '/users/5/artworks?type=illust'],
    ['https://www.pixiv.net/users/5/manga', '/users/5/artworks?type=manga'],
    ['https://www.pixiv.net/u/5', '/users/5'],
    ['https://www.pixiv.net/member.php?id=5', '/users/5'],
    ['https://www.pixiv.net/member_illust.php?id=5', '/users/5/artworks'],
    ['https://www.pixiv.net/member_illust.php?id=5&type=manga', '/users/5/artworks?type=manga'],
    ['https://www.pixiv.net/users/5/following', '/users/5/following'],
    // bookmarks
    ['https://www.pixiv.net/users/5/bookmarks/artworks', '/users/5/bookmarks/artworks'],
    ['https://www.pixiv.net/en/users/5/bookmarks/artworks?rest=hide', '/users/5/bookmarks/artworks?restrict=private'],
    ['https://www.pixiv.net/bookmark.php?id=5', '/users/5/bookmarks/artworks'],
    ['https://www.pixiv.net/bookmark.php', '/bookmarks'],
    ['https://www.pixiv.net/users/5/bookmarks/novels', '/users/5/bookmarks/novels'],
    // novels and series
    ['https://www.pixiv.net/novel/show.php?id=9', '/novels/9'],
    ['https://www.pixiv.net/en/novel/show.php?id=9&mode=cover', '/novels/9'],
    ['https://www.pixiv.net/n/9', '/novels/9'],
    ['https://www.pixiv.net/novel/series/1', '/novel/series/1'],
    ['https://www.pixiv.net/en/novel/series/1?p=2', '/novel/series/1'],
    ['https://www.pixiv.net/user/5/series/7', '/user/5/series/7'],
    ['https://www.pixiv.net/novel/member.php?id=5', '/users/5/novels'],
    // tags and search
    ['https://www.pixiv.net/tags/%E9%A2%A8%E6%99%AF/artworks', '/search?word=%E9%A2%A8%E6%99%AF'],
    ['https://www.pixiv.net/en/tags/風景/illustrations?s_mode=s_tag', '/search?word=%E9%A2%A8%E6%99%AF'],
    [
      'https://www.pixiv.net/tags/landscape/artworks?s_mode=s_tag_full',
      '/search?word=landscape&search_target=exact_match_for_tags',
    ],
    ['https://www.pixiv.net/tags/landscape/novels', '/search/novels?word=landscape'],
    ['https://www.pixiv.net/tags/sea%20cat', '/search?word=sea+cat'],
    ['https://www.pixiv.net/search.php?word=cat&s_mode=s_tc', '/search?word=cat&search_target=title_and_caption'],
    // ranking
    ['https://www.pixiv.net/ranking.php?mode=weekly', '/ranking?mode=week'],
    [
      'https://www.pixiv.net/ranking.php?mode=daily&content=manga&date=20240101',
      '/ranking?mode=day_manga&date=2024-01-01',
    ],
    ['https://www.pixiv.net/en/', '/'],
    // the gallery's own URLs, on this origin or another Easel's host
    [`${ORIGIN}/artworks/5#p2`, '/artworks/5#p2'],
    [`${ORIGIN}/search?word=cat&sort=popular_desc`, '/search?word=cat&sort=popular_desc'],
    ['https://friends-easel.example:8080/users/2/following', '/users/2/following'],
    ['https://friends-easel.example/novel/series/1', '/novel/series/1'],
    ['/artworks/5', '/artworks/5'],
    ['/i/5', '/artworks/5'],
  ])('%s → %s', (input, expected) => {
    expect(resolveLink(input, ORIGIN)).toBe(expected)
  })
})

describe('resolveLink: share text with a link inside', () => {
  it.each([
    ['Look at this! https://www.pixiv.net/en/artworks/123 #art', '/artworks/123'],
    ['「夕焼け」/「作者」のイラスト [pixiv] https://www.pixiv.net/artworks/123', '/artworks/123'],
    ['(https://www.pixiv.net/artworks/123).', '/artworks/123'],
    ['see https://www.pixiv.net/artworks/123これ見て', '/artworks/123'],
    ['https://example.com/a and then https://www.pixiv.net/users/5', '/users/5'],
    ['Title\nhttps://www.pixiv.net/novel/show.php?id=9\n', '/novels/9'],
  ])('%s → %s', (input, expected) => {
    expect(resolveLink(input, ORIGIN)).toBe(expected)
  })
})

describe('resolveLink: anything else becomes a search for the text', () => {
  it.each([
    ['landscape', '/search?word=landscape'],
    ['  sea   cat ', '/search?word=sea+cat'],
    ['https://example.com/artworks', '/search?word=https%3A%2F%2Fexample.com%2Fartworks'],
    ['https://www.pixiv.net/artworks/abc', '/search?word=https%3A%2F%2Fwww.pixiv.net%2Fartworks%2Fabc'],
    ['https://www.pixiv.net/artworks/0', '/search?word=https%3A%2F%2Fwww.pixiv.net%2Fartworks%2F0'],
    ['https://www.pixiv.net/member.php', '/search?word=https%3A%2F%2Fwww.pixiv.net%2Fmember.php'],
    ['https://pixiv.me/someone', '/search?word=https%3A%2F%2Fpixiv.me%2Fsomeone'],
    ['javascript:alert(1)', '/search?word=javascript%3Aalert%281%29'],
    ['ftp://www.pixiv.net/artworks/1', '/search?word=ftp%3A%2F%2Fwww.pixiv.net%2Fartworks%2F1'],
    ['https://evil.example/i/5', '/search?word=https%3A%2F%2Fevil.example%2Fi%2F5'],
    ['//www.pixiv.net/artworks/1x', '/search?word=%2F%2Fwww.pixiv.net%2Fartworks%2F1x'],
    [
      'https://i.pximg.net/img-original/img/2024/01/01/123_p0.png',
      '/search?word=https%3A%2F%2Fi.pximg.net%2Fimg-original%2Fimg%2F2024%2F01%2F01%2F123_p0.png',
    ],
    ['/nowhere', '/search?word=%2Fnowhere'],
    ['123', '/search?word=123'],
    ['', '/'],
    ['   ', '/'],
  ])('%j → %s', (input, expected) => {
    expect(resolveLink(input, ORIGIN)).toBe(expected)
  })

  it('bounds the search word of a very long text', () => {
    const href = resolveLink('word '.repeat(500), ORIGIN)
    const word = new URL(href, ORIGIN).searchParams.get('word')!
    expect(word.length).toBeLessThanOrEqual(MAX_SEARCH_WORD)
    expect(word.startsWith('word word')).toBe(true)
  })
})

describe('resolveLink: properties', () => {
  it('always answers an in-app href (never another origin, never a scheme) and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true })), (text) => {
        const href = resolveLink(text, ORIGIN)
        expect(href.startsWith('/')).toBe(true)
        expect(href.startsWith('//')).toBe(false)
        expect(new URL(href, ORIGIN).origin).toBe(ORIGIN)
      }),
      { numRuns: 300 },
    )
    // A few hundred URLs: seconds on a busy CI machine.
  }, 30_000)

  it('finds a pixiv artwork link wherever it sits in a text', () => {
    fc.assert(
      fc.property(
        fc.string().map((s) => s.replace(/\S+$/, '')),
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.constantFrom('', 'en/', 'ja/'),
        fc.string(),
        (before, workId, lang, after) => {
          const text = `${before} https://www.pixiv.net/${lang}artworks/${workId} ${after}`
          expect(resolveLink(text, ORIGIN)).toBe(`/artworks/${workId}`)
        },
      ),
    )
  }, 30_000)
})

describe('resolveShare (the Web Share Target)', () => {
  it('takes the link from url, text or title, url first', () => {
    expect(resolveShare({ url: 'https://www.pixiv.net/artworks/1', text: 'https://www.pixiv.net/artworks/2' })).toBe(
      '/artworks/1',
    )
    expect(resolveShare({ title: 'A title', text: 'Look https://www.pixiv.net/en/artworks/3' })).toBe('/artworks/3')
    expect(resolveShare({ title: 'https://www.pixiv.net/users/4' })).toBe('/users/4')
  })

  it('searches for the text (or the title) when nothing resolves, and opens the home page when empty', () => {
    expect(resolveShare({ title: 'Title', text: 'blue sky', url: 'https://example.com/x' })).toBe(
      '/search?word=blue+sky',
    )
    expect(resolveShare({ title: 'Only a title' })).toBe('/search?word=Only+a+title')
    expect(resolveShare({})).toBe('/')
  })
})

describe('resolveAlias (the router catch-all, on this origin)', () => {
  it.each([
    ['/en/artworks/1', '', '/artworks/1'],
    ['/en/users/2', '', '/users/2'],
    ['/en/i/5', '', '/artworks/5'],
    ['/en', '', '/'],
    ['/en/ranking', 'mode=week', '/ranking?mode=week'],
    ['/i/1', '', '/artworks/1'],
    ['/member_illust.php', '?illust_id=1', '/artworks/1'],
    ['/member_illust.php', 'id=7', '/users/7/artworks'],
    ['/member.php', '?id=2', '/users/2'],
    ['/u/2', '', '/users/2'],
    ['/n/9', '', '/novels/9'],
    ['/novel/show.php', 'id=9', '/novels/9'],
    ['/tags/sea cat/artworks', '', '/search?word=sea+cat'],
    ['/users/3/manga', '', '/users/3/artworks?type=manga'],
    ['/i/1/', '', '/artworks/1'],
  ])('%s%s → %s', (path, search, expected) => {
    expect(resolveAlias(path, search)).toBe(expected)
  })

  it.each([
    ['/artworks/1', ''],
    ['/users/1/bookmarks/artworks', 'restrict=private&tag=x'],
    ['/member.php', ''],
    ['/member.php', 'id=abc'],
    ['/member_illust.php', 'mode=medium'],
    ['/i/abc', ''],
    ['/nowhere', ''],
  ])('%s?%s is not an alias', (path, search) => {
    expect(resolveAlias(path, search)).toBeNull()
  })
})

describe('isGalleryPath and linkTarget', () => {
  it('knows the app routes and nothing else', () => {
    expect(isGalleryPath('/users/1/bookmarks/artworks')).toBe(true)
    expect(isGalleryPath('/user/1/series/2')).toBe(true)
    expect(isGalleryPath('/users/1/whatever')).toBe(false)
    expect(isGalleryPath('/share')).toBe(false)
  })

  it('answers null (not a search) for text without a link', () => {
    expect(linkTarget('landscape')).toBeNull()
    expect(linkTarget('https://example.com/artworks/1x')).toBeNull()
  })
})
