import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Illust, Novel } from '../api/model.ts'
import { applyFilters, DEFAULT_FILTER_SETTINGS, judge, type Filterable, type FilterSettings } from './filter-engine.ts'

interface Item extends Filterable {
  id: number
}

let nextId = 1
const work = (over: Partial<Item> = {}): Item => ({
  id: nextId++,
  xRestrict: 0,
  sanityLevel: 2,
  illustAiType: 1,
  tags: [{ name: 'オリジナル', translatedName: 'original' }],
  user: { id: 100 },
  isMuted: false,
  ...over,
})

const novel = (over: Partial<Item> = {}): Item => ({
  id: nextId++,
  xRestrict: 0,
  novelAiType: 1,
  tags: [{ name: 'fantasy', translatedName: null }],
  user: { id: 200 },
  isMuted: false,
  ...over,
})

const settings = (over: Partial<FilterSettings> = {}): FilterSettings => ({ ...DEFAULT_FILTER_SETTINGS, ...over })

describe('defaults', () => {
  it('hide R-18 and R-18G, show AI, blur sensitive', () => {
    const safe = work()
    const r18 = work({ xRestrict: 1, sanityLevel: 8 })
    const r18g = work({ xRestrict: 2, sanityLevel: 8 })
    const ai = work({ illustAiType: 2 })
    const sensitive = work({ sanityLevel: 6 })
    const result = applyFilters([safe, r18, r18g, ai, sensitive], DEFAULT_FILTER_SETTINGS)
    expect(result.hiddenCount).toBe(2)
    expect(result.visible).toEqual([
      { item: safe, blurred: false, reasons: [] },
      { item: ai, blurred: false, reasons: [] },
      { item: sensitive, blurred: true, reasons: ['sensitive'] },
    ])
  })
})

describe('rules', () => {
  it('each category follows its own action', () => {
    const s = settings({ r18: 'blur', r18g: 'show', ai: 'hide', sensitive: 'show' })
    expect(judge(work({ xRestrict: 1 }), s)).toEqual({ action: 'blur', reasons: ['r18'] })
    expect(judge(work({ xRestrict: 2 }), s)).toEqual({ action: 'show', reasons: [] })
    expect(judge(work({ illustAiType: 2 }), s)).toEqual({ action: 'hide', reasons: ['ai'] })
    expect(judge(work({ sanityLevel: 6 }), s).action).toBe('show')
  })

  it('partial AI is not treated as AI-generated', () => {
    expect(judge(work({ illustAiType: 1 }), settings({ ai: 'hide' })).action).toBe('show')
  })

  it('sensitive means sanityLevel 6+ on an all-ages work only', () => {
    const s = settings({ r18: 'show', sensitive: 'hide' })
    expect(judge(work({ sanityLevel: 4 }), s).action).toBe('show')
    expect(judge(work({ sanityLevel: 8 }), s).action).toBe('hide')
    // R-18 works carry a high sanity level too; they follow the R-18 setting, not the sensitive one.
    expect(judge(work({ xRestrict: 1, sanityLevel: 8 }), s).action).toBe('show')
  })

  it('the strictest applicable action wins and names every reason for it', () => {
    const s = settings({ r18: 'blur', ai: 'blur', sensitive: 'show' })
    expect(judge(work({ xRestrict: 1, illustAiType: 2 }), s)).toEqual({ action: 'blur', reasons: ['r18', 'ai'] })
    expect(judge(work({ xRestrict: 1, illustAiType: 2 }), settings({ r18: 'blur', ai: 'hide' }))).toEqual({
      action: 'hide',
      reasons: ['ai'],
    })
  })

  it('works on novels (no sanity level, novelAiType)', () => {
    const s = settings({ ai: 'blur' })
    const result = applyFilters([novel(), novel({ novelAiType: 2 }), novel({ xRestrict: 1 })], s)
    expect(result.hiddenCount).toBe(1)
    expect(result.visible.map((v) => v.blurred)).toEqual([false, true])
  })
})

describe('mutes', () => {
  it('hides items with a muted tag, by name or translated name, ignoring case and width', () => {
    const items = [
      work({ tags: [{ name: '風景', translatedName: 'scenery' }] }),
      work({ tags: [{ name: 'Ｃａｔ', translatedName: null }] }),
      work({ tags: [{ name: 'dog', translatedName: null }] }),
    ]
    const result = applyFilters(items, settings({ mutedTags: ['Scenery', 'cat'] }))
    expect(result.hiddenCount).toBe(2)
    expect(result.visible.map((v) => v.item)).toEqual([items[2]])
  })

  it('hides items by muted users and items the server marked muted', () => {
    const items = [work({ user: { id: 7 } }), work({ isMuted: true }), work()]
    const result = applyFilters(items, settings({ mutedUserIds: [7] }))
    expect(result.hiddenCount).toBe(2)
    expect(result.visible).toHaveLength(1)
  })

  it('blurs muted items instead when hideMuted is off', () => {
    const result = applyFilters([work({ isMuted: true })], settings({ hideMuted: false }))
    expect(result).toEqual({
      visible: [{ item: expect.anything(), blurred: true, reasons: ['muted'] }],
      hiddenCount: 0,
    })
  })

  it('a muted item stays hidden even when its category is shown', () => {
    const s = settings({ r18: 'show', mutedUserIds: [5] })
    expect(judge(work({ xRestrict: 1, user: { id: 5 } }), s)).toEqual({ action: 'hide', reasons: ['muted'] })
  })
})

describe('applyFilters', () => {
  it('keeps the order of visible items and counts an empty list as nothing hidden', () => {
    const items = Array.from({ length: 6 }, (_, i) => work({ xRestrict: i % 2 }))
    const result = applyFilters(items, DEFAULT_FILTER_SETTINGS)
    expect(result.visible.map((v) => v.item)).toEqual([items[0], items[2], items[4]])
    expect(result.hiddenCount).toBe(3)
    expect(applyFilters([], DEFAULT_FILTER_SETTINGS)).toEqual({ visible: [], hiddenCount: 0 })
  })

  it('takes works and novels of the model as they are', () => {
    expectTypeOf<Illust>().toExtend<Filterable>()
    expectTypeOf<Novel>().toExtend<Filterable>()
  })
})
