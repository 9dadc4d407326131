import type Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import type { ContentType, Repositories } from '../../repositories.ts'
import type { Caller, Kind, RankingSpec } from '../../store.ts'
import type { FeedRestrict } from '../../social.ts'
import { useBothEngines } from '../../../testing/repository-parity.ts'

// The works, novels, tags, series and catalogue repositories answer alike on both engines: the unit tests' demo
// catalogue on SQLite and its db:copy on PostgreSQL, every method asked with many sampled arguments (callers of every
// kind, ids of every kind, every ranking mode, offsets up to and past a list's end), the answers deep-equal, in order
// wherever the interface promises one. A Map's or Set's order is no part of an answer (they are looked up), so those
// are compared as sorted entries.

/** Facts the callers and ids are picked by: users and items of every kind the visibility rule tells apart. */
interface Sample {
  author: number
  mutual: number
  fan: number
  aiOffAuthor: number
  deletedWork: number
  deletedNovel: number
  /** the series of the deleted novel */
  gappedSeries: number
}
const sample = {} as Sample

const one = <T>(db: Database.Database, sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T

const both = useBothEngines({
  prepare(db) {
    // an author of mypixiv-only works with a mutual follow and a one-way fan
    const pair = one<{ author: number; mutual: number }>(
      db,
      `SELECT w.user_id AS author, x.followee_id AS mutual FROM works w
       JOIN follows x ON x.follower_id = w.user_id JOIN follows y ON y.follower_id = x.followee_id AND y.followee_id = w.user_id
       WHERE w.restrict = 1 GROUP BY w.user_id, x.followee_id ORDER BY COUNT(*) DESC, w.user_id LIMIT 1`,
    )
    sample.author = pair.author
    sample.mutual = pair.mutual
    sample.fan = one<{ id: number }>(
      db,
      `SELECT f.follower_id AS id FROM follows f WHERE f.followee_id = ?
       AND NOT EXISTS (SELECT 1 FROM follows b WHERE b.follower_id = ? AND b.followee_id = f.follower_id) LIMIT 1`,
      pair.author,
      pair.author,
    ).id
    // an author of AI-generated works whose own AI setting is off (their own stay in their lists, others' go)
    sample.aiOffAuthor = one<{ id: number }>(
      db,
      `SELECT user_id AS id FROM works WHERE ai_type = 2 AND user_id NOT IN (?, ?, ?)
       GROUP BY user_id ORDER BY COUNT(*) DESC, user_id LIMIT 1`,
      pair.author,
      pair.mutual,
      sample.fan,
    ).id
    db.prepare('UPDATE users SET show_ai = 0 WHERE id IN (?, ?)').run(sample.aiOffAuthor, sample.mutual)
    // deleted items: gone from their tables, still named by tags, bookmarks and activity
    sample.deletedWork = one<{ id: number }>(
      db,
      'SELECT work_id AS id FROM work_activity GROUP BY work_id ORDER BY SUM(bookmarks) DESC LIMIT 1',
    ).id
    const gapped = one<{ id: number; series_id: number }>(
      db,
      `SELECT id, series_id FROM novels WHERE series_id IS NOT NULL AND series_order > 1 ORDER BY id LIMIT 1`,
    )
    sample.deletedNovel = gapped.id
    sample.gappedSeries = gapped.series_id
    db.prepare('DELETE FROM works WHERE id = ?').run(sample.deletedWork)
    db.prepare('DELETE FROM novels WHERE id = ?').run(sample.deletedNovel)
  },
})

/** Maps and Sets as sorted entries (their order is not part of the answer); everything else as it is. */
function canonical(v: unknown): unknown {
  const byKey = (a: [unknown, unknown], b: [unknown, unknown]) => (String(a[0]) < String(b[0]) ? -1 : 1)
  if (v instanceof Map) return [...v].map(([k, x]) => [k, canonical(x)] as [unknown, unknown]).sort(byKey)
  if (v instanceof Set) return [...v].sort()
  return v
}

let nonEmpty = 0
const timing: Record<string, [number, number, number]> = {}
afterAll(() =>
  console.log(JSON.stringify(Object.fromEntries(Object.entries(timing).map(([k, v]) => [k, v.map(Math.round)])))),
)
let calls = 0

/** Asks both engines the same question and expects the same answer. */
async function same<T>(what: string, ask: (r: Repositories) => Promise<T>): Promise<T> {
  const t0 = performance.now()
  const lite = await ask(both.sqlite)
  const t1 = performance.now()
  const pg = await ask(both.pg)
  const t2 = performance.now()
  const key = what.split(' ')[0]!
  const tm = (timing[key] ??= [0, 0, 0])
  tm[0] += t1 - t0
  tm[1] += t2 - t1
  tm[2]++
  expect(canonical(pg), what).toStrictEqual(canonical(lite))
  calls++
  const size = Array.isArray(lite) ? lite.length : lite instanceof Map || lite instanceof Set ? lite.size : 1
  if (lite !== undefined && size > 0) nonEmpty++
  return lite
}

const lite = () => both.store.db

const ANONYMOUS: Caller = { id: 0, maxX: 0 }

/** Callers of every kind: anonymous, the demo account, an author and those around them, of every age setting. */
function callers(): Caller[] {
  const { author, mutual, fan, aiOffAuthor } = sample
  return [
    ANONYMOUS,
    { id: 1, maxX: 0 },
    { id: 1, maxX: 2 },
    ...[0, 1, 2].map((maxX) => ({ id: author, maxX })),
    { id: mutual, maxX: 0, showAi: false },
    { id: mutual, maxX: 2, showAi: false },
    { id: fan, maxX: 2 },
    { id: aiOffAuthor, maxX: 1, showAi: false },
  ]
}

const ids = (sql: string, ...params: unknown[]) =>
  (
    lite()
      .prepare(sql)
      .all(...params) as { id: number }[]
  ).map((r) => r.id)

/** Works (or novels) of every visibility class, a few each, and ids that are not there. */
function itemIds(kind: Kind): number[] {
  const t = kind === 'illust' ? 'works' : 'novels'
  const classes = ids(
    `SELECT MIN(id) AS id FROM ${t} GROUP BY restrict, x_restrict, ai_type
     UNION SELECT MAX(id) FROM ${t} GROUP BY restrict, x_restrict, ai_type ORDER BY id`,
  )
  const deleted = kind === 'illust' ? sample.deletedWork : sample.deletedNovel
  return [...classes, deleted, 0, -1, 999_999_999]
}

const TYPES: ContentType[] = [undefined, 'illust', 'manga']
const RESTRICTS: FeedRestrict[] = ['public', 'private', 'all']

describe.each(['illust', 'novel'] as const)('%s items', (kind) => {
  const items = (r: Repositories) => (kind === 'illust' ? r.works : r.novels)
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
          for (const offset of [0, 7, Math.max(0, all.length - 3), all.length, all.length + 5])
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
        for (const offset of [0, 30, Math.max(0, all.length - 10), all.length])
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
    // every other visibility class (the query is the slowest here), the deleted work and the missing ones
    const list = itemIds('illust').filter((id, i, all) => i % 2 === 0 || i >= all.length - 4)
    for (const id of list)
      for (const caller of callers())
        await same(`related ${id} ${JSON.stringify(caller)}`, (r) => r.works.related(id, caller, 30))
    for (const id of list.slice(0, 3))
      for (const caller of callers().slice(0, 4))
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

describe('tags', () => {
  it('of items, by names, and every tag id of items', async () => {
    for (const kind of ['illust', 'novel'] as const) {
      const list = itemIds(kind)
      await same(`of ${kind}`, (r) => r.tags.of(kind, list))
      await same(`of ${kind} none`, (r) => r.tags.of(kind, []))
      await same(`idsOfItems ${kind}`, (r) => r.tags.idsOfItems(kind, list))
      await same(`idsOfItems ${kind} none`, (r) => r.tags.idsOfItems(kind, []))
    }
    const names = (lite().prepare('SELECT name FROM tags ORDER BY id LIMIT 40').all() as { name: string }[]).map(
      (r) => r.name,
    )
    await same('byNames', (r) => r.tags.byNames([...names, 'no such tag', '', names[0]!.toUpperCase()]))
    await same('byNames none', (r) => r.tags.byNames([]))
  })

  it('trending tags of every window', async () => {
    const last = (lite().prepare('SELECT MAX(day) AS d FROM work_activity').get() as { d: number }).d
    for (const [from, to] of [
      [last, last],
      [last - 6, last],
      [last - 29, last],
      [last - 40, last - 20],
      [0, 1],
    ] as const)
      for (const limit of [10, 1000]) await same(`trending ${from}-${to}`, (r) => r.tags.trending(from, to, limit))
  })

  it('autocomplete, for every caller: prefix, infix, case, wildcards and scripts', async () => {
    const words = [
      'a',
      'A',
      'an',
      'ori',
      'オリ',
      'オリジナル',
      '風景',
      'の',
      '%',
      '_',
      '\\',
      "'",
      'zzzz',
      'girl',
      'GIRL',
    ]
    const tagWords = (
      lite().prepare('SELECT name, translated_name FROM tags ORDER BY id LIMIT 400').all() as {
        name: string
        translated_name: string | null
      }[]
    ).flatMap((t, i) => (i % 25 === 0 ? [t.name.slice(0, 2), (t.translated_name ?? '').slice(1, 4)] : []))
    for (const word of [...words, ...tagWords].filter(Boolean))
      for (const caller of callers())
        for (const limit of [5, 100])
          await same(`autocomplete ${word} ${JSON.stringify(caller)} ${limit}`, (r) =>
            r.tags.autocomplete(word, caller, limit),
          )
  })
})

describe('series', () => {
  it('series rows, by id and cover token, and their titles', async () => {
    const illust = ids('SELECT id FROM illust_series ORDER BY id LIMIT 10')
    const novel = ids('SELECT id FROM novel_series ORDER BY id LIMIT 10')
    expect(illust.length * novel.length).toBeGreaterThan(0)
    for (const id of [...illust, 0, 999_999]) await same(`illust ${id}`, (r) => r.series.illust(id))
    for (const id of [...novel, 0, 999_999]) await same(`novel ${id}`, (r) => r.series.novel(id))
    const tokens = (
      lite().prepare('SELECT cover_token FROM illust_series ORDER BY id LIMIT 5').all() as { cover_token: string }[]
    ).map((r) => r.cover_token)
    for (const token of [...tokens, 'nope', ''])
      await same(`illustByCoverToken ${token}`, (r) => r.series.illustByCoverToken(token))
    await same('titles illust', (r) => r.series.titles('illust', [...illust, 999_999]))
    await same('titles novel', (r) => r.series.titles('novel', [...novel, 999_999]))
    await same('titles none', (r) => r.series.titles('novel', []))
  })

  it('the entries a caller may see: stats, pages from every cursor, neighbours', async () => {
    for (const kind of ['illust', 'novel'] as const) {
      const t = kind === 'illust' ? 'works' : 'novels'
      // the longest series, those with hidden entries, the one with a deleted novel, and one that is not there
      const series = ids(
        `SELECT series_id AS id FROM ${t} WHERE series_id IS NOT NULL GROUP BY series_id
         ORDER BY COUNT(*) DESC, MAX(restrict) DESC, MAX(x_restrict) DESC, series_id LIMIT 4`,
      )
      const gapped = kind === 'novel' ? [sample.gappedSeries] : []
      for (const seriesId of [...series, ...gapped, 999_999])
        for (const caller of callers()) {
          const stats = await same(`stats ${kind} ${seriesId} ${JSON.stringify(caller)}`, (r) =>
            r.series.stats(kind, seriesId, caller),
          )
          const last = stats.last ?? 0
          for (const after of [0, 1, Math.floor(last / 2), last - 1, last, last + 10])
            for (const [limit, offset] of [
              [5, 0],
              [30, 0],
              [5, 3],
              [5, stats.count],
            ] as const)
              await same(`page ${kind} ${seriesId} ${JSON.stringify(caller)} >${after} ${limit}@${offset}`, (r) =>
                r.series.page(kind, seriesId, caller, after, limit, offset),
              )
          await same(`page ${kind} ${seriesId} default offset`, (r) => r.series.page(kind, seriesId, caller, 0, 10))
          for (const order of [0, 1, 2, Math.floor(last / 2), last, last + 1])
            await same(`neighbours ${kind} ${seriesId} ${JSON.stringify(caller)} ${order}`, (r) =>
              r.series.neighbours(kind, seriesId, order, caller),
            )
        }
    }
  })
})

/** Every ranking mode of routes' ranking service (services/ranking.ts), by its spec without the period. */
const MODES: Omit<RankingSpec, 'fromDay' | 'toDay'>[] = [
  { xRestrict: 0 },
  { xRestrict: 0, audience: 'male' },
  { xRestrict: 0, audience: 'female' },
  { xRestrict: 0, originalOnly: true },
  { xRestrict: 0, rookieOnly: true },
  { xRestrict: 0, type: 'manga' },
  { xRestrict: 0, type: 'illust' },
  { xRestrict: 0, type: 'manga', rookieOnly: true },
  { xRestrict: 0, aiOnly: true },
  { xRestrict: 1 },
  { xRestrict: 1, audience: 'male' },
  { xRestrict: 1, audience: 'female' },
  { xRestrict: 2 },
  { xRestrict: 1, aiOnly: true },
]

describe('catalogue', () => {
  it('meta and activity days', async () => {
    await same('meta', (r) => r.catalogue.meta())
    for (const kind of ['illust', 'novel'] as const) {
      const latest = await same(`latestActivityDay ${kind}`, (r) => r.catalogue.latestActivityDay(kind))
      for (const day of [latest + 100, latest, latest - 3, latest - 400, 0, Number.MAX_SAFE_INTEGER])
        await same(`activityDayOnOrBefore ${kind} ${day}`, (r) => r.catalogue.activityDayOnOrBefore(kind, day))
    }
  })

  it('every ranking mode over every period, in score order with ties by id', async () => {
    for (const kind of ['illust', 'novel'] as const) {
      const latest = await both.sqlite.catalogue.latestActivityDay(kind)
      for (const mode of MODES) {
        if (kind === 'novel' && (mode.type || mode.originalOnly)) continue
        for (const days of [1, 7, 30])
          for (const end of [latest, latest - 10])
            await same(`ranking ${kind} ${JSON.stringify(mode)} ${days}d to ${end}`, (r) =>
              r.catalogue.ranking(kind, { ...mode, fromDay: end - days + 1, toDay: end }, 500),
            )
        await same(`ranking ${kind} ${JSON.stringify(mode)} before the first day`, (r) =>
          r.catalogue.ranking(kind, { ...mode, fromDay: 1, toDay: 7 }, 500),
        )
      }
    }
  })

  it('a demo catalogue has no recorded rankings and no library figures', async () => {
    for (const kind of ['illust', 'novel'] as const)
      for (const mode of ['day', 'week_r18']) {
        await same(`recordedRankingDay ${kind} ${mode}`, (r) => r.catalogue.recordedRankingDay(kind, mode))
        await same(`recordedRanking ${kind} ${mode}`, (r) => r.catalogue.recordedRanking(kind, mode, 20000))
      }
    await same('libraryCounts', (r) => r.catalogue.libraryCounts('/nowhere'))
    await same('librarySkipped', (r) => r.catalogue.librarySkipped('/nowhere'))
  })

  it('recommendation candidates: popular ones and those sharing tags or authors, for every caller', async () => {
    for (const kind of ['illust', 'novel'] as const) {
      const types = kind === 'illust' ? TYPES : [undefined]
      const t = kind === 'illust' ? 'work_tags' : 'novel_tags'
      const tagIds = ids(`SELECT tag_id AS id FROM ${t} GROUP BY tag_id ORDER BY COUNT(*) DESC, tag_id LIMIT 8`)
      const authors = [sample.author, sample.aiOffAuthor, sample.mutual, 999_999]
      for (const caller of callers())
        for (const type of types) {
          for (const limit of [10, 1200])
            await same(`popularCandidates ${kind} ${JSON.stringify(caller)} ${type} ${limit}`, (r) =>
              r.catalogue.popularCandidates(kind, caller, type, limit),
            )
          await same(`recommendCandidates ${kind} ${JSON.stringify(caller)} ${type}`, (r) =>
            r.catalogue.recommendCandidates(kind, caller, tagIds, authors, type),
          )
          await same(`recommendCandidates ${kind} ${JSON.stringify(caller)} ${type} authors only`, (r) =>
            r.catalogue.recommendCandidates(kind, caller, [], authors.slice(0, 2), type),
          )
        }
    }
  })
})

describe('the comparison', () => {
  it('was not vacuous: most answers held something', () => {
    expect(calls).toBeGreaterThan(1000)
    expect(nonEmpty / calls).toBeGreaterThan(0.5)
  })
})
