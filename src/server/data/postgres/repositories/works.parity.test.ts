import { describe, expect, it } from 'vitest'
import type { ContentType, ItemRepository, Repositories } from '../../repositories.ts'
import type { FeedRestrict } from '../../social.ts'
import { useParity } from '../../../testing/repository-parity-sample.ts'

// The works and novels repositories (ItemRepository and their own methods) answer alike on both engines
// (testing/repository-parity-sample.ts): every method asked with many sampled arguments, the answers deep-equal, in
// order wherever the interface promises one.
// Callers of every kind, ids of every visibility class with deleted and missing ones, every content type and feed
// restrict, offsets up to and past a list's end.

const { both, sample, same, counts, callers, someCallers, ids, itemIds } = useParity()
const lite = () => both.store.db

const TYPES: ContentType[] = [undefined, 'illust', 'manga']
const RESTRICTS: FeedRestrict[] = ['public', 'private', 'all']

describe.each(['illust', 'novel'] as const)('%s items', (kind) => {
  const items = (r: Repositories): ItemRepository<{ id: number }> => (kind === 'illust' ? r.works : r.novels)
  const types = kind === 'illust' ? TYPES : [undefined]

  it('rows by id and by ids, in the ids order, missing and deleted ones skipped', async () => {
    const list = itemIds(kind)
    for (const id of list) await same(`byId ${id}`, (r) => items(r).byId(id))
    await same('byIds', (r) => items(r).byIds(list))
    await same('byIds reversed, repeated', (r) => items(r).byIds([...list].reverse().concat(list.slice(0, 3))))
    await same('byIds none', (r) => items(r).byIds([]))
  })

  it("an author's items, for every caller, type and page, to the list's end and past it", async () => {
    const authors = [sample.author, sample.mutual, sample.aiOffAuthor, 1, 999_999]
    for (const userId of authors)
      for (const caller of callers())
        for (const type of types) {
          const all = await same(`byUser ${userId} ${JSON.stringify(caller)} ${type}`, (r) =>
            items(r).byUser(userId, caller, type, 0, 1000),
          )
          for (const offset of [7, Math.max(0, all.length - 3), all.length + 5])
            await same(`byUser ${userId} ${JSON.stringify(caller)} ${type} @${offset}`, (r) =>
              items(r).byUser(userId, caller, type, offset, 5),
            )
        }
  })

  it('the follow feed, of each restrict, for every caller, to its end', async () => {
    for (const caller of callers())
      for (const restrict of RESTRICTS) {
        const all = await same(`followFeed ${JSON.stringify(caller)} ${restrict}`, (r) =>
          items(r).followFeed(caller, restrict, 0, 5000),
        )
        for (const offset of [30, Math.max(0, all.length - 10)])
          await same(`followFeed ${JSON.stringify(caller)} ${restrict} @${offset}`, (r) =>
            items(r).followFeed(caller, restrict, offset, 30),
          )
      }
  })

  it('the newest items, from every cursor, for every caller and type', async () => {
    const max = (
      lite()
        .prepare(`SELECT MAX(id) AS id FROM ${kind === 'illust' ? 'works' : 'novels'}`)
        .get() as {
        id: number
      }
    ).id
    for (const caller of callers())
      for (const type of types)
        for (const maxId of [Number.MAX_SAFE_INTEGER, max, Math.floor(max / 2), sample.deletedWork, 40, 0])
          await same(`newest ${JSON.stringify(caller)} ${type} ≤${maxId}`, (r) =>
            items(r).newest(caller, type, maxId, 30),
          )
  })
})

describe('works', () => {
  it('related works, for every caller, by shared tags and author', async () => {
    // one sampled id in eight (the query is the slowest here), the deleted work and the missing ones
    const list = itemIds('illust').filter((_, i, all) => i % 8 === 0 || i >= all.length - 4)
    for (const id of list)
      for (const caller of someCallers())
        await same(`related ${id} ${JSON.stringify(caller)}`, (r) => r.works.related(id, caller, 30))
    for (const id of list.slice(0, 2))
      for (const caller of callers().slice(0, 2))
        await same(`related ${id} ${JSON.stringify(caller)} long`, (r) => r.works.related(id, caller, 500))
  })

  it("a demo catalogue's works have no imported files", async () => {
    const list = itemIds('illust')
    await same('pageExts', (r) => r.works.pageExts(list))
    await same('videos', (r) => r.works.videos(list))
    for (const id of list) {
      await same(`ugoiraVideo ${id}`, (r) => r.works.ugoiraVideo(id))
      await same(`files ${id}`, (r) => r.works.files(id))
    }
  })
})

describe('novels', () => {
  it("a novel's text, images and files", async () => {
    const withImages = ids('SELECT DISTINCT novel_id AS id FROM novel_images ORDER BY novel_id LIMIT 5')
    expect(withImages.length).toBeGreaterThan(0)
    for (const id of [...itemIds('novel'), ...withImages]) {
      await same(`text ${id}`, (r) => r.novels.text(id))
      await same(`images ${id}`, (r) => r.novels.images(id))
      await same(`files ${id}`, (r) => r.novels.files(id))
    }
  })
})

const MIN_CALLS = 800

describe('the comparison', () => {
  it('was not vacuous: most answers held something', () => {
    expect(counts.calls).toBeGreaterThan(MIN_CALLS)
    expect(counts.nonEmpty / counts.calls).toBeGreaterThan(0.5)
  })
})
