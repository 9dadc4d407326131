import { describe, expect, expectTypeOf, it } from 'vitest'
import { camelCase, camelize, toIllust, toNovel, toNovelText, toTokenResponse, type CamelCase } from './camel.ts'
import type { Illust, NovelText } from './model.ts'
import type { WireIllust, WireNovel, WireNovelText, WireTokenFields } from './wire.ts'

const urls = { square_medium: 'sq', medium: 'md', large: 'lg' }
const user = { id: 7, name: 'A', account: 'a', profile_image_urls: { medium: 'p' }, is_followed: false }

const illust = (over: Partial<WireIllust> = {}): WireIllust => ({
  id: 1,
  title: 't',
  type: 'illust',
  image_urls: urls,
  caption: '',
  restrict: 0,
  user,
  tags: [{ name: 'オリジナル', translated_name: 'original' }],
  tools: [],
  create_date: '2025-03-01T12:34:56+09:00',
  page_count: 1,
  width: 1200,
  height: 1697,
  sanity_level: 2,
  x_restrict: 0,
  series: null,
  meta_single_page: { original_image_url: 'orig.png' },
  meta_pages: [],
  total_view: 10,
  total_bookmarks: 2,
  is_bookmarked: false,
  visible: true,
  is_muted: false,
  seasonal_effect_animation_urls: null,
  event_banners: null,
  illust_ai_type: 1,
  illust_book_style: 0,
  request: null,
  ...over,
})

const novel = (over: Partial<WireNovel> = {}): WireNovel => ({
  id: 1,
  title: 'n',
  caption: '',
  restrict: 0,
  x_restrict: 0,
  is_original: true,
  image_urls: urls,
  create_date: '2025-03-01T12:34:56+09:00',
  tags: [{ name: 'x', translated_name: null, added_by_uploaded_user: true }],
  page_count: 2,
  text_length: 100,
  user,
  series: {},
  is_bookmarked: false,
  total_bookmarks: 0,
  total_view: 0,
  visible: true,
  total_comments: 0,
  is_muted: false,
  is_mypixiv_only: false,
  is_x_restricted: false,
  novel_ai_type: 1,
  request: null,
  ...over,
})

describe('camelCase', () => {
  it('joins snake parts and keeps keys without underscores', () => {
    expect(camelCase('square_medium')).toBe('squareMedium')
    expect(camelCase('max_bookmark_id_for_recommend')).toBe('maxBookmarkIdForRecommend')
    expect(camelCase('px_16x16')).toBe('px16x16')
    expect(camelCase('128x128')).toBe('128x128')
    expect(camelCase('240mw')).toBe('240mw')
    expect(camelCase('123-2')).toBe('123-2')
    expect(camelCase('id')).toBe('id')
  })

  it('matches the type-level CamelCase', () => {
    expectTypeOf<CamelCase<'px_16x16'>>().toEqualTypeOf<'px16x16'>()
    expectTypeOf<CamelCase<'is_x_restricted'>>().toEqualTypeOf<'isXRestricted'>()
    expectTypeOf<CamelCase<'240mw'>>().toEqualTypeOf<'240mw'>()
    expect(camelCase('is_x_restricted')).toBe('isXRestricted')
  })
})

describe('camelize', () => {
  it('renames nested keys and keeps values', () => {
    const out = camelize({ outer_key: { inner_key: 'snake_value', list_of: [{ deep_key: 1 }] } })
    expect(out).toEqual({ outerKey: { innerKey: 'snake_value', listOf: [{ deepKey: 1 }] } })
    expectTypeOf(out.outerKey.listOf[0]!.deepKey).toEqualTypeOf<number>()
  })

  it('passes null, primitives and arrays of primitives through', () => {
    expect(camelize(null)).toBeNull()
    expect(camelize('a_b')).toBe('a_b')
    expect(camelize([1, 'x_y', null])).toEqual([1, 'x_y', null])
    expect(camelize({ some_key: null, other_key: [] })).toEqual({ someKey: null, otherKey: [] })
  })

  it('converts meta_single_page.original_image_url to metaSinglePage.originalImageUrl', () => {
    const out = camelize(illust())
    expect(out.metaSinglePage.originalImageUrl).toBe('orig.png')
    expectTypeOf(out.metaSinglePage.originalImageUrl).toEqualTypeOf<string | undefined>()
    expect(out).not.toHaveProperty('meta_single_page')
  })

  it('converts every element of an array of objects', () => {
    const out = camelize(
      illust({
        page_count: 2,
        meta_single_page: {},
        meta_pages: [{ image_urls: { ...urls, original: 'o0' } }, { image_urls: { ...urls, original: 'o1' } }],
      }),
    )
    expect(out.metaPages.map((p) => p.imageUrls.original)).toEqual(['o0', 'o1'])
    expect(out.metaPages[0]!.imageUrls.squareMedium).toBe('sq')
  })

  it('keeps a __proto__ key an ordinary key', () => {
    const out = camelize(JSON.parse('{"__proto__": {"polluted_key": true}, "a_b": 1}') as Record<string, unknown>)
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(Object.keys(out)).toEqual(['Proto', 'aB'])
    expect(({} as Record<string, unknown>).pollutedKey).toBeUndefined()
  })
})

describe('per-type converters', () => {
  it('toIllust gives the model type', () => {
    const out: Illust = toIllust(illust({ series: { id: 3, title: 's' } }))
    expect(out.xRestrict).toBe(0)
    expect(out.pageCount).toBe(1)
    expect(out.series).toEqual({ id: 3, title: 's' })
    expect(out.tags[0]).toEqual({ name: 'オリジナル', translatedName: 'original' })
  })

  it("toNovel turns a novel's {} series into null and keeps a real one", () => {
    expect(toNovel(novel()).series).toBeNull()
    expect(toNovel(novel({ series: { id: 9, title: 's' } })).series).toEqual({ id: 9, title: 's' })
    expect(toNovel(novel()).tags[0]!.addedByUploadedUser).toBe(true)
  })

  it('toNovelText keeps data keys of images and illusts and converts their values', () => {
    const wire: WireNovelText = {
      novel_marker: {},
      novel_text: '[uploadedimage:55][pixivimage:123-2]',
      series_prev: {},
      series_next: novel({ id: 4 }),
      images: {
        '55': { urls: { '128x128': 'a', '240mw': 'b', '480mw': 'c', '1200x1200': 'd', original: 'e' } },
        // A key that looks like snake_case is still data.
        some_id: { urls: { '128x128': 'a', '240mw': 'b', '480mw': 'c', '1200x1200': 'd', original: 'e' } },
      },
      illusts: {
        '123-2': { illust: illust({ id: 123 }), page: 2, images: { small: 's', medium: 'm', original: 'o' } },
      },
    }
    const out: NovelText = toNovelText(wire)
    expect(Object.keys(out.images)).toEqual(['55', 'some_id'])
    expect(out.images['55']!.urls['240mw']).toBe('b')
    expect(out.images['55']!.urls['1200x1200']).toBe('d')
    expect(Object.keys(out.illusts)).toEqual(['123-2'])
    expect(out.illusts['123-2']!.illust.metaSinglePage.originalImageUrl).toBe('orig.png')
    expect(out.illusts['123-2']!.page).toBe(2)
    expect(out.seriesPrev).toBeNull()
    expect(out.seriesNext?.id).toBe(4)
    expect(out.novelText).toBe(wire.novel_text)
  })

  it('toTokenResponse flattens the response and makes the user id a number', () => {
    const fields: WireTokenFields = {
      access_token: 'at',
      expires_in: 3600,
      token_type: 'bearer',
      scope: '',
      refresh_token: 'rt',
      user: {
        profile_image_urls: { px_16x16: 'a', px_50x50: 'b', px_170x170: 'c' },
        id: '42',
        name: 'n',
        account: 'acc',
        mail_address: 'm',
        is_premium: false,
        x_restrict: 1,
        is_mail_authorized: true,
        require_policy_agreement: false,
      },
    }
    const out = toTokenResponse({ ...fields, response: fields })
    expect(out.accessToken).toBe('at')
    expect(out.user.id).toBe(42)
    expect(out.user.profileImageUrls).toEqual({ px16x16: 'a', px50x50: 'b', px170x170: 'c' })
    expect(out.user.xRestrict).toBe(1)
    expect(out).not.toHaveProperty('response')
  })
})
