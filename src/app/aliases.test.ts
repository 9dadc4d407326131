import { describe, expect, it } from 'vitest'
import { isOwnRoute, linkTarget, resolveAlias } from './aliases.ts'

describe('resolveAlias', () => {
  it.each([
    ['/en/artworks/1', '', '/artworks/1'],
    ['/en/users/2', '', '/users/2'],
    ['/en/i/5', '', '/artworks/5'],
    ['/en', '', '/'],
    ['/en/ranking', 'mode=week', '/ranking?mode=week'],
    ['/i/1', '', '/artworks/1'],
    ['/member_illust.php', '?illust_id=1', '/artworks/1'],
    ['/member_illust.php', 'mode=medium&illust_id=42', '/artworks/42'],
    ['/member_illust.php', 'id=7', '/users/7/artworks'],
    ['/member.php', '?id=2', '/users/2'],
    ['/u/2', '', '/users/2'],
    ['/n/9', '', '/novels/9'],
    ['/novel/show.php', 'id=9', '/novels/9'],
    ['/tags/%E9%A2%A8%E6%99%AF/artworks', '', '/search?word=%E9%A2%A8%E6%99%AF'],
    ['/tags/sea cat/artworks', '', '/search?word=sea+cat'],
    ['/tags/landscape', '', '/search?word=landscape'],
    ['/tags/landscape/novels', '', '/search/novels?word=landscape'],
    ['/users/3/manga', '', '/users/3/artworks?type=manga'],
    ['/i/1/', '', '/artworks/1'],
  ])('%s%s → %s', (path, search, expected) => {
    expect(resolveAlias(path, search)).toBe(expected)
  })

  it.each([
    ['/artworks/1', ''],
    ['/member.php', ''],
    ['/member.php', 'id=abc'],
    ['/member_illust.php', 'mode=medium'],
    ['/i/abc', ''],
    ['/nowhere', ''],
  ])('%s?%s is not an alias', (path, search) => {
    expect(resolveAlias(path, search)).toBeNull()
  })
})

describe('isOwnRoute', () => {
  it('knows the app routes and nothing else', () => {
    expect(isOwnRoute('/users/1/bookmarks/artworks')).toBe(true)
    expect(isOwnRoute('/user/1/series/2')).toBe(true)
    expect(isOwnRoute('/users/1/whatever')).toBe(false)
  })
})

describe('linkTarget', () => {
  it('opens a pixiv link inside share text', () => {
    expect(linkTarget('Look at this! https://www.pixiv.net/en/artworks/123 #art')).toBe('/artworks/123')
    expect(linkTarget('https://pixiv.net/member.php?id=5')).toBe('/users/5')
  })

  it('opens links to this origin', () => {
    expect(linkTarget('http://easel.local/users/2/following', 'http://easel.local')).toBe('/users/2/following')
  })

  it('ignores plain words and other sites', () => {
    expect(linkTarget('landscape')).toBeNull()
    expect(linkTarget('https://example.com/artworks/1')).toBeNull()
  })
})
