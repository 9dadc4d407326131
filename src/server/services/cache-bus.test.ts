import { describe, expect, it } from 'vitest'
import { Lru } from '../lru.ts'
import { ItemJsonCache } from '../wire/item-cache.ts'
import { CallerStates } from '../wire/caller-state.ts'
import { SessionCache } from '../auth/sessions.ts'
import type { Repositories } from '../data/repositories.ts'
import { ImageRowCache, repositoryImageCatalogue } from '../images/repository-catalogue.ts'
import type { Caches } from './caches.ts'
import { NovelTextCache } from './novel-texts.ts'
import { applyChange, LocalCacheBus } from './cache-bus.ts'

// What each change does to the caches of an instance that receives it.

function caches() {
  let reads = 0
  const repos = {
    users: { byId: async (id: number) => ({ id, name: `user ${++reads}` }) },
    follows: { sets: async () => ({ following: [], followers: [] }) },
    mutes: { of: async () => ({ tags: [], users: [] }) },
  } as unknown as Repositories
  const tokens = { session: async () => ({ userId: 1, expiresTs: 2e9 }) }
  const bus = new LocalCacheBus()
  const c: Caches = {
    ranking: new Lru(10),
    recommend: new Lru(10),
    trending: new Lru(10),
    search: new Lru(10),
    items: new ItemJsonCache(10),
    callers: new CallerStates(repos),
    sessions: new SessionCache(tokens),
    bookmarkPages: new Lru(10),
    images: new ImageRowCache(10, 1024 * 1024),
    texts: new NovelTextCache(10, 1024 * 1024),
    bus,
  }
  bus.subscribe((change) => applyChange(c, change))
  return c
}

const item = {
  json: '{}',
  bytes: Buffer.from('{}'),
  tags: [],
  head: { user_id: 1, restrict: 0, x_restrict: 0, ai_type: 0 },
}

describe('applying a change', () => {
  it('moves the named accounts’ versions and forgets their rows, leaving the others', async () => {
    const c = caches()
    const first = await c.callers.user(1)
    await c.callers.user(2)
    const [v1, v2] = [c.callers.version(1), c.callers.version(2)]
    await c.bus.publish({ callers: [1] })
    expect(c.callers.version(1)).not.toBe(v1)
    expect(c.callers.version(2)).toBe(v2)
    expect(await c.callers.user(1)).not.toEqual(first) // read again
  })

  it('forgets the named items in every origin, or every item', async () => {
    const c = caches()
    c.items.set('http://a', 'illust', true, 1, item)
    c.items.set('http://b', 'illust', true, 1, { ...item })
    c.items.set('http://a', 'illust', true, 2, { ...item })
    await c.bus.publish({ items: [{ kind: 'illust', id: 1 }] })
    expect([c.items.get('http://a', 'illust', true, 1), c.items.get('http://b', 'illust', true, 1)]).toEqual([
      undefined,
      undefined,
    ])
    expect(c.items.get('http://a', 'illust', true, 2)).toBeDefined()
    await c.bus.publish({ allItems: true })
    expect(c.items.get('http://a', 'illust', true, 2)).toBeUndefined()
  })

  it('forgets a novel’s text when the novel is named, and every text with every item', async () => {
    const c = caches()
    let reads = 0
    const read = async () => `text ${++reads}`
    for (const id of [1, 2, 3]) await c.texts.get(id, read)
    expect((await c.texts.get(1, read)).text).toBe('text 1') // kept
    await c.bus.publish({ items: [{ kind: 'novel', id: 1 }] })
    await c.bus.publish({ items: [{ kind: 'illust', id: 2 }] }) // a work of the same id is another item
    expect((await c.texts.get(1, read)).text).toBe('text 4')
    expect((await c.texts.get(2, read)).text).toBe('text 2')
    await c.bus.publish({ allItems: true })
    expect((await c.texts.get(3, read)).text).toBe('text 5')
    await c.bus.publish({ everything: true })
    expect((await c.texts.get(3, read)).json.json).toBe('"text 6"')
  })

  it('answers a text read while its novel changed, and does not keep it', async () => {
    const c = caches()
    let release!: () => void
    const slow = new Promise<void>((resolve) => (release = resolve))
    const pending = c.texts.get(1, async () => {
      await slow
      return 'before the edit'
    })
    await c.bus.publish({ items: [{ kind: 'novel', id: 1 }] })
    release()
    expect((await pending).text).toBe('before the edit')
    expect((await c.texts.get(1, async () => 'after the edit')).text).toBe('after the edit')
  })

  it('“everything” moves every account past every version handed out, and empties every list', async () => {
    const c = caches()
    await c.bus.publish({ callers: [2, 2, 2] })
    const before = [c.callers.version(1), c.callers.version(2)]
    c.search.set('q', { ids: [1], until: 2e9 })
    c.ranking.set('r', [1])
    await c.bus.publish({ everything: true })
    const after = [c.callers.version(1), c.callers.version(2)]
    for (const v of after) expect(before).not.toContain(v)
    expect(Math.min(...after)).toBeGreaterThan(Math.max(...before))
    expect([c.search.get('q'), c.ranking.get('r')]).toEqual([undefined, undefined])
  })

  it('drops the image routes’ rows of the items and accounts it names; an import (lists) or “everything” drops all', async () => {
    const c = caches()
    const { key } = ImageRowCache
    const keys = [key.work(1), key.work(2), key.novel(1), key.user(1), key.user(2), key.seriesCover('t')]
    const fill = () => keys.forEach((k) => c.images.begin(k).keep({ k }))
    const held = () => keys.filter((k) => c.images.get(k))
    fill()
    await c.bus.publish({ items: [{ kind: 'illust', id: 1 }], callers: [2] })
    expect(held()).toEqual([key.work(2), key.novel(1), key.user(1), key.seriesCover('t')])
    await c.bus.publish({ items: [{ kind: 'novel', id: 1 }] })
    expect(held()).toEqual([key.work(2), key.user(1), key.seriesCover('t')])
    for (const change of [{ lists: true }, { allItems: true }, { everything: true }]) {
      fill()
      await c.bus.publish(change)
      expect(held(), JSON.stringify(change)).toEqual([])
    }
  })
})

describe('the image routes’ rows', () => {
  /** A repository whose work 1 is what `row` says at the moment it is read, and which counts its reads. */
  function catalogue(cache: ImageRowCache) {
    const state = { hidden: false, reads: 0, release: () => {}, gate: Promise.resolve() }
    const repos = {
      works: {
        byId: async (id: number) => {
          state.reads++
          const restrict = state.hidden ? 2 : 0
          await state.gate
          return id === 1
            ? { id, created_ts: 0, type: 'illust', page_count: 1, restrict, x_restrict: 0, visible: 1 }
            : undefined
        },
        files: async () => [],
      },
    } as unknown as Repositories
    return { state, cat: repositoryImageCatalogue(repos, cache) }
  }

  it('are read once, absent ones included, until a change drops them', async () => {
    const c = caches()
    const { state, cat } = catalogue(c.images)
    expect(await cat.work(1)).toMatchObject({ id: 1, hidden: false })
    expect(await cat.work(1)).toMatchObject({ id: 1, hidden: false })
    expect(await cat.work(7)).toBeUndefined()
    expect(await cat.work(7)).toBeUndefined()
    expect(state.reads).toBe(2)
    state.hidden = true
    await c.bus.publish({ items: [{ kind: 'illust', id: 1 }] })
    expect(await cat.work(1)).toMatchObject({ id: 1, hidden: true })
    expect(state.reads).toBe(3)
  })

  it('a row read before a change and answered after it is not kept', async () => {
    const c = caches()
    const { state, cat } = catalogue(c.images)
    state.gate = new Promise<void>((resolve) => (state.release = resolve))
    const inFlight = cat.work(1) // reads the row as it was
    await Promise.resolve()
    state.hidden = true
    await c.bus.publish({ items: [{ kind: 'illust', id: 1 }] })
    state.release()
    expect(await inFlight).toMatchObject({ hidden: false }) // that request saw the old row…
    state.gate = Promise.resolve()
    expect(await cat.work(1)).toMatchObject({ hidden: true }) // …the next one reads the new
  })
})
