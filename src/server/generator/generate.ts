// The deterministic demo catalogue: builds records from a seed and hands them to the bulk writer.
// It never writes SQL; the same options always give the same file, byte for byte.
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { openCatalogueWriter, type CatalogueWriter, type ItemKind } from '../data/catalogue-writer.ts'
import type { BookmarkRecord, NovelRecord, TagRecord, WorkRecord, WorkType } from '../data/records.ts'
import { hashPassword } from '../auth/tokens.ts'
import { streamComments, type CommentedItem, type Commenters } from './comments.ts'
import { HOSTILE_SNIPPETS } from '../../api/hostile.ts'
import { withHostileCorpus } from './hostile-corpus.ts'
import { novelText } from './novel-text.ts'
import { Rng, WeightedSampler } from './random.ts'
import { caption, seriesTitle, title, type Lang } from './text.ts'
import { buildUsers } from './users.ts'
import { FANDOM_PREFIXES, KANA_SYLLABLES, TAGS_ENGLISH, TAGS_TRANSLATED, TAGS_UNTRANSLATED, TOOLS } from './words.ts'

export interface GenerateOptions {
  seed: number
  works: number
  novels: number
  users: number
  demoPassword: string
  /** unix seconds: the catalogue's "today" */
  now: number
  /** plant the XSS corpus (hostile-corpus.ts) in every title, caption, tag, name and text; off by default */
  hostileCorpus?: boolean
}

export const DEFAULT_SIZE = { works: 10_000, novels: 2_000, users: 300 }
export const LARGE_SIZE = { works: 200_000, novels: 20_000, users: 3_000 }

export const GENERATOR_VERSION = '1'
/** Ids that always carry hostile captions (and, for the novel, hostile markup in its text). */
export const HOSTILE_WORK_IDS = [7, 8] as const
export const HOSTILE_NOVEL_ID = 7
/** The novel series with 75 entries (3 pages of 30) by one author. */
export const LONG_NOVEL_SERIES_ID = 1
/** The two long illust series (60 and 45 works when the author has enough). */
export const LONG_ILLUST_SERIES_IDS = [1, 2] as const

const DAY = 86400
const JST = 9 * 3600
/** JST day number of a unix time, as the activity tables count days. */
export const jstDay = (ts: number) => Math.floor((ts + JST) / DAY)

// Rookies post only inside this window; everyone else has a first work older than OLD_DAYS, so the
// store's rule "first work on or after (ranking day − 120)" picks out exactly the rookies.
const ROOKIE_DAYS = 120
const OLD_DAYS = 130
const ACTIVITY_WINDOW_DAYS = 200
const ACTIVITY_SPAN_DAYS = 60

// Tag ids of the special tags: they come first in TAGS_TRANSLATED.
const TAG_ORIGINAL = 1
const TAG_MANGA = 2
const TAG_UGOIRA = 3
const TAG_R18 = 4
const TAG_R18G = 5
const TAG_AI = 6
const TAG_NOVEL = 7
const SPECIAL_TAGS = 7

/** What the generator knows about each user beyond the UserRecord. */
interface Person {
  xRestrict: number
  rookie: boolean
  artWeight: number
  novelWeight: number
  pop: number
  male: number
  lang: Lang
  tools: string[]
  favTags: number[]
}

interface ItemPlan {
  ts: Float64Array
  author: Int32Array
  locked: Uint8Array
}

/** A novel before its title, caption and text are written. */
type NovelPlan = Omit<NovelRecord, 'title' | 'caption' | 'text' | 'images'>

interface SeriesPlan {
  id: number
  userId: number
  members: number[] // item indexes (id − 1), ascending
}

export function generateCatalogue(
  file: string,
  opts: GenerateOptions,
): { users: number; works: number; novels: number; ms: number } {
  const started = performance.now()
  for (const k of ['seed', 'works', 'novels', 'users', 'now'] as const)
    if (!Number.isSafeInteger(opts[k]) || opts[k] < 0) throw new Error(`generateCatalogue: ${k} must be an integer ≥ 0`)
  if (opts.users < 2) throw new Error('generateCatalogue: at least 2 users')
  if (opts.works < 10) throw new Error('generateCatalogue: at least 10 works')

  const { seed, now } = opts
  const U = opts.users
  const rng = (stream: string) => new Rng(seed, stream)

  // ---- people -------------------------------------------------------------------------------------
  const tags = buildTags(rng('tags'))
  const tagName = tags.map((t) => t.name)
  const zipf = zipfSampler(rng('tag-ranks'), tags.length)
  const people = planPeople(rng('people'), U, zipf)

  // ---- works --------------------------------------------------------------------------------------
  const W = opts.works
  const works = planItems(rng('work-dates'), W, now, people, (p) => p.artWeight)
  const types = planTypes(rng('work-types'), W)
  const illustSeries = planIllustSeries(rng('illust-series'), works, types, people)
  const forcePublicWork = new Uint8Array(W)
  for (const id of HOSTILE_WORK_IDS) if (id <= W) forcePublicWork[id - 1] = 1
  for (const s of illustSeries.slice(0, 2)) for (const i of s.members) forcePublicWork[i] = 1
  // A million works' records do not stay in memory: what the later passes read of them is kept in columns, and each
  // record is drawn again from the same stream when it is written (the same draws, so the same record).
  const drawWorkRecords = () => drawWorks(rng('works'), works, types, illustSeries, forcePublicWork, people, zipf)
  const workCols = itemColumns(drawWorkRecords(), W)

  // ---- novels -------------------------------------------------------------------------------------
  const N = opts.novels
  const novelItems = planItems(
    rng('novel-dates'),
    N,
    now,
    people,
    (p) => p.novelWeight,
    (plan) => claimLongNovelSeries(rng('long-series'), plan, people),
  )
  const novelSeries = planNovelSeries(rng('novel-series'), novelItems, people)
  const drawNovelRecords = () => drawNovels(rng('novels'), novelItems, novelSeries, people, zipf)
  const novelCols = itemColumns(drawNovelRecords(), N)

  // ---- social -------------------------------------------------------------------------------------
  const follows = planFollows(rng('follows'), people)
  const comments = planAllComments(
    rng('comments'),
    { cols: workCols, ts: works.ts },
    { cols: novelCols, ts: novelItems.ts },
    people,
    follows,
    now,
  )

  const w = opts.hostileCorpus ? withHostileCorpus(openWriterFresh(file)) : openWriterFresh(file)
  // meta
  w.meta('seed', String(seed))
  w.meta('now', String(now))
  w.meta('works', String(W))
  w.meta('novels', String(N))
  w.meta('users', String(U))
  w.meta('generator_version', GENERATOR_VERSION)
  w.meta('demo_account', 'demo')

  // users: one scrypt hash for every account (scrypt is slow on purpose; once is enough for a demo)
  const salt = rng('salt').bytes(16)
  const passwordHash = hashPassword(opts.demoPassword, salt)
  const users = buildUsers(rng('users'), { users: U, now, passwordHash })
  users.forEach((u, i) => {
    u.xRestrict = people[i + 1]!.xRestrict
    w.user(u)
  })

  let seq = 0
  for (const [a, b, r] of follows.edges) w.follow({ followerId: a, followeeId: b, restrict: r }, ++seq)

  for (const t of tags) w.tag(t)

  const textRng = rng('work-text')
  for (const s of illustSeries) {
    const lang = people[s.userId]!.lang
    w.illustSeries({
      id: s.id,
      userId: s.userId,
      title: seriesTitle(textRng, lang),
      caption: caption(textRng, { maxWorkId: W, maxUserId: U, fill: 0.5 }),
      createdTs: works.ts[s.members[0]!]!,
      coverToken: textRng.hex(32),
    })
  }

  const hostileRng = rng('hostile')
  const half = Math.ceil(HOSTILE_SNIPPETS.length / 2)
  for (const rec of drawWorkRecords()) {
    // what planAllComments settled
    rec.commentAccessControl = workCols.commentAccessControl[rec.id - 1]!
    rec.totalComments = workCols.totalComments[rec.id - 1]!
    const lang = people[rec.userId]!.lang
    // the title and caption go to the writer only: a million works' texts are not kept
    const workTitle = title(textRng, textRng.chance(0.8) ? lang : lang === 'ja' ? 'en' : 'ja')
    const hostile =
      rec.id === 7
        ? HOSTILE_SNIPPETS.slice(0, half)
        : rec.id === 8
          ? HOSTILE_SNIPPETS.slice(half)
          : hostileRng.chance(0.02)
            ? hostileRng.sample(HOSTILE_SNIPPETS, hostileRng.int(1, 2))
            : []
    w.work({ ...rec, title: workTitle, caption: caption(textRng, { maxWorkId: W, maxUserId: U, hostile }) })
  }

  const novelTextRng = rng('novel-text')
  for (const s of novelSeries) {
    const lang = people[s.userId]!.lang
    const first = s.members[0]!
    w.novelSeries({
      id: s.id,
      userId: s.userId,
      title: seriesTitle(novelTextRng, lang),
      caption: caption(novelTextRng, { maxWorkId: W, maxUserId: U, fill: 0.6 }),
      isOriginal: novelCols.isOriginal[first] === 1,
      isConcluded: s.id === LONG_NOVEL_SERIES_ID ? false : novelTextRng.chance(0.5),
      createdTs: novelItems.ts[first]!,
    })
  }

  // works a novel may embed: public, all-ages
  const embeddable: number[] = []
  const embeddableMulti: number[] = []
  for (let i = 0; i < W; i++)
    if (workCols.restrict[i] === 0 && workCols.xRestrict[i] === 0)
      (workCols.pageCount[i]! > 1 ? embeddableMulti : embeddable).push(i + 1)
  const pageCountOf = (id: number) => workCols.pageCount[id - 1]!
  for (const n of drawNovelRecords()) {
    // what planAllComments settled
    n.totalComments = novelCols.totalComments[n.id - 1]!
    const lang = people[n.userId]!.lang
    const hostileNovel = n.id === HOSTILE_NOVEL_ID
    const hostile = hostileNovel
      ? HOSTILE_SNIPPETS
      : hostileRng.chance(0.02)
        ? hostileRng.sample(HOSTILE_SNIPPETS, hostileRng.int(1, 2))
        : []
    const illustRefs: string[] = []
    if (novelTextRng.chance(0.3) || hostileNovel) {
      for (let k = novelTextRng.int(1, 3); k > 0; k--) {
        const multi = embeddableMulti.length > 0 && (embeddable.length === 0 || novelTextRng.chance(0.5))
        const pool = multi ? embeddableMulti : embeddable
        if (pool.length === 0) break
        const id = novelTextRng.pick(pool)
        illustRefs.push(multi && novelTextRng.chance(0.7) ? `${id}-${novelTextRng.int(1, pageCountOf(id))}` : `${id}`)
      }
    }
    const targetChars = Math.floor(1000 * Math.pow(20, Math.pow(novelTextRng.next(), 1.8)))
    let pages = novelTextRng.chance(0.15) ? 1 : 2 + Math.floor(11 * Math.pow(novelTextRng.next(), 1.7))
    pages = Math.max(1, Math.min(pages, Math.floor(targetChars / 300)))
    const body = novelText(novelTextRng, {
      novelId: n.id,
      lang,
      targetChars,
      pages,
      chapters: novelTextRng.chance(0.6),
      illustRefs,
      uploaded: novelTextRng.chance(0.25) || hostileNovel ? novelTextRng.int(1, 3) : 0,
      hostile: hostileNovel ? 'all' : hostileRng.chance(0.01) ? 'some' : 'none',
    })
    w.novel({
      ...n,
      title: title(novelTextRng, lang),
      caption: caption(novelTextRng, { maxWorkId: W, maxUserId: U, hostile }),
      text: body.text,
      images: body.images,
    })
  }

  // activity, illusts then novels, each by (day, id) so the writer appends in key order
  const actRng = rng('activity')
  emitActivity(
    w,
    'illust',
    actRng,
    now,
    works.ts,
    (i) => workCols.totalView[i]!,
    (i) => workCols.totalBookmarks[i]!,
  )
  emitActivity(
    w,
    'novel',
    actRng,
    now,
    novelItems.ts,
    (i) => novelCols.totalView[i]!,
    (i) => novelCols.totalBookmarks[i]!,
  )

  // bookmarks
  const bmRng = rng('bookmarks')
  const tagNamesOf = (c: ItemColumns, i: number) =>
    Array.from(c.tagIds.subarray(c.tagStart[i]!, c.tagStart[i + 1]!), (t) => tagName[t - 1]!)
  const illustItems: BookmarkItems = {
    n: W,
    userId: (i) => workCols.userId[i]!,
    restrict: (i) => workCols.restrict[i]!,
    xRestrict: (i) => workCols.xRestrict[i]!,
    ts: (i) => works.ts[i]!,
    popularity: (i) => workCols.totalBookmarks[i]!,
    tagNames: (i) => tagNamesOf(workCols, i),
  }
  const novelBmItems: BookmarkItems = {
    n: N,
    userId: (i) => novelCols.userId[i]!,
    restrict: (i) => novelCols.restrict[i]!,
    xRestrict: (i) => novelCols.xRestrict[i]!,
    ts: (i) => novelItems.ts[i]!,
    popularity: (i) => novelCols.totalBookmarks[i]!,
    tagNames: (i) => tagNamesOf(novelCols, i),
  }
  for (const b of planBookmarks(bmRng, illustItems, people, follows, now, { demo: 760, others: 80, share: 1 }))
    w.bookmark('illust', b)
  if (N > 0)
    for (const b of planBookmarks(bmRng, novelBmItems, people, follows, now, { demo: 90, others: 20, share: 0.5 }))
      w.bookmark('novel', b)

  // mutes
  const muteRng = rng('mutes')
  let muteSeq = 0
  for (const m of planMutes(muteRng, people, follows, zipf, tagName)) w.mute(m, ++muteSeq)

  for (const c of comments) w.comment(c)

  w.finish()
  return { users: U, works: W, novels: N, ms: Math.round(performance.now() - started) }
}

function openWriterFresh(file: string): CatalogueWriter {
  for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  return openCatalogueWriter(file)
}

// ---- tags ---------------------------------------------------------------------------------------------

const TAG_COUNT = 400

function buildTags(rng: Rng): TagRecord[] {
  const out: TagRecord[] = []
  const seen = new Set<string>()
  const add = (name: string, translatedName: string | null) => {
    if (seen.has(name)) return
    seen.add(name)
    out.push({ id: out.length + 1, name, translatedName })
  }
  for (const [n, t] of TAGS_TRANSLATED) add(n, t)
  for (const n of TAGS_UNTRANSLATED) add(n, null)
  for (const n of TAGS_ENGLISH) add(n, null)
  const kana = () => {
    let ja = ''
    let ro = ''
    for (let i = rng.int(2, 4); i > 0; i--) {
      const [k, r] = rng.pick(KANA_SYLLABLES)
      ja += k
      ro += r
    }
    return [ja, ro.charAt(0).toUpperCase() + ro.slice(1)] as const
  }
  // invented fandoms and characters fill the rest, so every tag is a plausible pixiv tag
  let guard = 0
  while (out.length < TAG_COUNT && guard++ < 10_000) {
    if (rng.chance(0.4)) {
      const [prefix, en] = rng.pick(FANDOM_PREFIXES)
      const [ja, ro] = kana()
      add(prefix + ja, rng.chance(0.7) ? `${ro} ${en}` : null)
    } else {
      const [a, ra] = kana()
      const [b, rb] = kana()
      add(`${a}・${b}`, rng.chance(0.5) ? `${ra} ${rb}` : null)
    }
  }
  return out
}

/** Zipf-like popularity over the non-special tags, in a seeded order so popularity is not id order. */
function zipfSampler(rng: Rng, tagCount: number) {
  const ids = rng.shuffle(Array.from({ length: tagCount - SPECIAL_TAGS }, (_, i) => i + SPECIAL_TAGS + 1))
  const sampler = new WeightedSampler(ids.map((_, rank) => 1 / (rank + 15)))
  return { byRank: ids, draw: (r: Rng) => ids[sampler.draw(r)]! }
}
type Zipf = ReturnType<typeof zipfSampler>

// ---- people -------------------------------------------------------------------------------------------

function planPeople(rng: Rng, U: number, zipf: Zipf): Person[] {
  const rookieCount = Math.round(U * 0.1)
  const rookieIds = new Set(
    rng.sample(
      Array.from({ length: U - 1 }, (_, i) => i + 2),
      rookieCount,
    ),
  )
  const people: Person[] = [
    // index 0 unused, so people[userId] reads naturally
    { xRestrict: 0, rookie: false, artWeight: 0, novelWeight: 0, pop: 0, male: 50, lang: 'ja', tools: [], favTags: [] },
  ]
  for (let id = 1; id <= U; id++) {
    const demo = id === 1
    const rookie = rookieIds.has(id)
    const artist = demo || rookie || rng.chance(0.78)
    const novelist = demo || rng.chance(rookie ? 0.3 : 0.35)
    const tools = rng.sample(TOOLS, rng.int(1, 4))
    const favTags: number[] = []
    for (let k = rng.int(5, 15); k > 0; k--) favTags.push(zipf.draw(rng))
    people.push({
      xRestrict: demo ? 2 : rng.bucket([0.4, 0.45, 0.15]),
      rookie,
      artWeight: demo ? 1.5 : artist ? rng.logNormal(0, rookie ? 0.8 : 1.2) : 0,
      novelWeight: demo ? 1.5 : novelist ? rng.logNormal(0, 1.1) : 0,
      pop: rng.logNormal(rookie ? -0.4 : 0, 0.9),
      male: rng.int(10, 90),
      lang: rng.chance(0.75) ? 'ja' : 'en',
      tools,
      favTags: [...new Set(favTags)],
    })
  }
  return people
}

// ---- dates and authors ----------------------------------------------------------------------------------

/**
 * Creation times (sorted, so ids rise with time) and authors. 35% of items fall in the last 90 days;
 * the rest spread over the two years before, denser towards the present.
 */
function planItems(
  rng: Rng,
  n: number,
  now: number,
  people: Person[],
  weight: (p: Person) => number,
  claim?: (plan: ItemPlan) => void,
): ItemPlan {
  const ts = new Float64Array(n)
  for (let i = 0; i < n; i++)
    ts[i] = rng.chance(0.35)
      ? now - 1 - Math.floor(rng.next() * 90 * DAY)
      : now - 90 * DAY - Math.floor(Math.pow(rng.next(), 1.3) * 640 * DAY)
  ts.sort()

  const regular = people.map((p, id) => (id > 0 && !p.rookie ? weight(p) : 0))
  const rookie = people.map((p, id) => (id > 0 && p.rookie ? weight(p) : 0))
  const regularSampler = new WeightedSampler(regular)
  const rookieSampler = new WeightedSampler(rookie)
  const author = new Int32Array(n)
  const locked = new Uint8Array(n)
  const rookieCut = now - ROOKIE_DAYS * DAY
  const oldCut = now - OLD_DAYS * DAY
  for (let i = 0; i < n; i++) {
    const useRookie = ts[i]! >= rookieCut && rookieSampler.total > 0 && rng.chance(0.2)
    author[i] = (useRookie ? rookieSampler : regularSampler).draw(rng)
  }
  const plan = { ts, author, locked }
  claim?.(plan)

  // Every non-rookie author gets a first item older than OLD_DAYS, every rookie at least one item,
  // by taking an unlocked item from an author who has more than enough.
  const count = new Int32Array(people.length)
  const oldCount = new Int32Array(people.length)
  let oldEnd = 0
  while (oldEnd < n && ts[oldEnd]! < oldCut) oldEnd++
  for (let i = 0; i < n; i++) {
    count[author[i]!]!++
    if (i < oldEnd) oldCount[author[i]!]!++
  }
  const steal = (lo: number, hi: number, enough: Int32Array, to: number) => {
    if (hi <= lo) return
    for (let tries = 0; tries < 500; tries++) {
      const i = rng.int(lo, hi - 1)
      const from = author[i]!
      if (locked[i] || from === to || enough[from]! < 2) continue
      author[i] = to
      count[from]!--
      count[to]!++
      if (i < oldEnd) {
        oldCount[from]!--
        oldCount[to]!++
      }
      return
    }
  }
  const firstRecent = ts.findIndex((t) => t >= rookieCut)
  for (let id = 1; id < people.length; id++) {
    const p = people[id]!
    if (weight(p) <= 0) continue
    if (p.rookie) {
      if (count[id] === 0 && firstRecent >= 0) steal(firstRecent, n, count, id)
    } else if (count[id]! > 0 && oldCount[id] === 0) steal(0, oldEnd, oldCount, id)
  }
  return plan
}

/** Claims 75 novels spread over two years for the long series' author (the top non-rookie novelist). */
function claimLongNovelSeries(rng: Rng, plan: ItemPlan, people: Person[]) {
  const n = plan.ts.length
  const size = n >= 150 ? 75 : Math.floor(n / 2)
  if (size < 2) return
  let best = 0
  for (let id = 2; id < people.length; id++)
    if (!people[id]!.rookie && people[id]!.novelWeight > (best ? people[best]!.novelWeight : 0)) best = id
  if (!best) return
  const candidates = Array.from({ length: n }, (_, i) => i).filter((i) => i !== HOSTILE_NOVEL_ID - 1)
  for (const i of rng.sample(candidates, size)) {
    plan.author[i] = best
    plan.locked[i] = 1
  }
}

// ---- works ----------------------------------------------------------------------------------------------

function planTypes(rng: Rng, n: number): WorkType[] {
  const types: WorkType[] = []
  const all = ['illust', 'manga', 'ugoira'] as const
  for (let i = 0; i < n; i++) types.push(all[rng.bucket([0.65, 0.25, 0.1])]!)
  return types
}

/** Groups of one author's illusts/manga: two long ones (ids 1, 2), then short ones up to ~3% of works. */
function planIllustSeries(rng: Rng, plan: ItemPlan, types: WorkType[], people: Person[]): SeriesPlan[] {
  const byAuthor: number[][] = people.map(() => [])
  let eligible = 0
  types.forEach((t, i) => {
    if (t !== 'ugoira') {
      byAuthor[plan.author[i]!]!.push(i)
      eligible++
    }
  })
  const taken = new Uint8Array(types.length)
  const out: SeriesPlan[] = []
  const make = (userId: number, members: number[]) => {
    members.sort((a, b) => a - b)
    for (const i of members) taken[i] = 1
    out.push({ id: out.length + 1, userId, members })
  }
  const ranked = byAuthor
    .map((list, id) => ({ id, n: list.length }))
    .filter((a) => a.id > 1 && !people[a.id]!.rookie)
    .sort((a, b) => b.n - a.n || a.id - b.id)
  ;[60, 45].forEach((size, k) => {
    const a = ranked[k]
    if (!a) return
    const n = Math.min(size, Math.floor(a.n * 0.8))
    if (n >= 3) make(a.id, rng.sample(byAuthor[a.id]!, n))
  })
  const target = Math.round(eligible * 0.03)
  let assigned = out.reduce((s, x) => s + x.members.length, 0)
  const sampler = new WeightedSampler(people.map((p, id) => (id > 0 ? p.artWeight : 0)))
  for (let tries = 0; assigned < target && tries < 20_000; tries++) {
    const userId = sampler.draw(rng)
    const free = byAuthor[userId]!.filter((i) => !taken[i])
    if (free.length < 3) continue
    const n = Math.min(free.length, 3 + Math.floor(22 * Math.pow(rng.next(), 2)))
    make(userId, rng.sample(free, n))
    assigned += n
  }
  return out
}

const PORTRAIT_RATIOS = [Math.SQRT2, 4 / 3, 3 / 2, 16 / 9]
const LANDSCAPE_RATIOS = [Math.SQRT2, 4 / 3, 3 / 2, 16 / 9, 2]
const UGOIRA_SIZES: [number, number][] = [
  [600, 600],
  [800, 800],
  [1000, 1000],
  [1280, 720],
  [720, 1280],
  [800, 600],
]

function dimensions(rng: Rng, type: WorkType): [number, number] {
  if (type === 'ugoira') return rng.pick(UGOIRA_SIZES)
  if (type === 'manga' && rng.chance(0.12)) return [800, 3000]
  const shape = rng.bucket(type === 'manga' ? [0.85, 0.1, 0.05] : [0.55, 0.25, 0.2])
  if (shape === 2) return rng.chance(0.5) ? [1000, 1000] : ((s) => [s, s])(rng.int(600, 3000))
  if (rng.chance(0.35)) return shape === 0 ? [1200, 1697] : [1920, 1080]
  const ratio = rng.pick(shape === 0 ? PORTRAIT_RATIOS : LANDSCAPE_RATIOS)
  const long = rng.int(Math.ceil(Math.max(1000, 600 * ratio)), 3000)
  const short = Math.round(long / ratio)
  return shape === 0 ? [short, long] : [long, short]
}

/** The works' records in id order, drawn from `rng`: the same stream gives the same records. */
function* drawWorks(
  rng: Rng,
  plan: ItemPlan,
  types: WorkType[],
  series: SeriesPlan[],
  forcePublic: Uint8Array,
  people: Person[],
  zipf: Zipf,
): Generator<WorkRecord> {
  const seriesOf = new Int32Array(types.length)
  const orderOf = new Int32Array(types.length)
  for (const s of series)
    s.members.forEach((i, k) => {
      seriesOf[i] = s.id
      orderOf[i] = k + 1
    })
  let demoWorks = 0
  for (let i = 0; i < types.length; i++) {
    const id = i + 1
    const userId = plan.author[i]!
    const p = people[userId]!
    const type = types[i]!
    const pageCount =
      type === 'manga'
        ? 2 + Math.floor(39 * Math.pow(rng.next(), 3))
        : type === 'illust' && rng.chance(0.1)
          ? rng.int(2, 6)
          : 1
    const [width, height] = dimensions(rng, type)
    let xRestrict = rng.bucket([0.85, 0.11, 0.04])
    let restrict = rng.bucket([0.94, 0.03, 0.03])
    if (userId === 1) {
      // the demo account owns a few private works, so "my own hidden works" can be tried out
      demoWorks++
      if (demoWorks === 3 || demoWorks === 4) restrict = 1
      if (demoWorks === 5 || demoWorks === 6) restrict = 2
    }
    if (forcePublic[i]) xRestrict = restrict = 0
    const sanityLevel = xRestrict >= 1 ? 8 : [6, 4, 2][rng.bucket([0.08, 0.15, 0.77])]!
    const aiType = rng.bucket([0.15, 0.7, 0.15])

    const tagIds: number[] = []
    if (xRestrict === 1) tagIds.push(TAG_R18)
    if (xRestrict === 2) tagIds.push(TAG_R18G)
    if (rng.chance(0.3)) tagIds.push(TAG_ORIGINAL)
    if (type === 'manga' && rng.chance(0.7)) tagIds.push(TAG_MANGA)
    if (type === 'ugoira' && rng.chance(0.8)) tagIds.push(TAG_UGOIRA)
    if (aiType === 2 && rng.chance(0.6)) tagIds.push(TAG_AI)
    const want = Math.max(tagIds.length + 1, rng.int(2, 10))
    for (let guard = 0; tagIds.length < want && guard < 50; guard++) {
      const t = rng.chance(0.5) && p.favTags.length ? rng.pick(p.favTags) : zipf.draw(rng)
      if (!tagIds.includes(t)) tagIds.push(t)
    }

    const tools: string[] = []
    for (let k = rng.bucket([0.25, 0.4, 0.25, 0.1]); k > 0; k--) {
      const t = rng.chance(0.8) ? rng.pick(p.tools) : rng.pick(TOOLS)
      if (!tools.includes(t)) tools.push(t)
    }

    let totalBookmarks = Math.floor(p.pop * rng.logNormal(3, 1))
    if (rng.chance(0.003)) totalBookmarks *= rng.int(10, 40)
    const totalView = totalBookmarks * rng.int(6, 25) + rng.int(1, 300)

    yield {
      id,
      userId,
      type,
      title: '',
      caption: '',
      createdTs: plan.ts[i]!,
      width,
      height,
      pageCount,
      ext: type !== 'ugoira' && rng.chance(0.3) ? 'png' : 'jpg',
      sanityLevel,
      xRestrict,
      restrict,
      aiType,
      bookStyle: type === 'manga' && rng.chance(0.25) ? 1 : 0,
      totalView,
      totalBookmarks,
      totalComments: Math.min(
        300,
        Math.floor(totalBookmarks * rng.next() * 0.05) + (rng.chance(0.3) ? rng.int(0, 5) : 0),
      ),
      commentAccessControl: 0,
      seriesId: seriesOf[i] || null,
      seriesOrder: orderOf[i] || null,
      tools,
      tagIds,
      frameDelays: type === 'ugoira' ? frameDelays(rng) : null,
      restrictedMode: rng.chance(0.05),
      maleShare: Math.max(0, Math.min(100, Math.round(p.male + rng.normal() * 15))),
    }
  }
}

/**
 * What the passes after an item's own write read of it (comments, embedded works, activity, bookmarks, a novel
 * series' first member), in typed arrays: about 45 bytes an item, where the records took 600 or more. The tags of item
 * i are `tagIds[tagStart[i]..tagStart[i+1]]`.
 */
interface ItemColumns {
  userId: Int32Array
  restrict: Uint8Array
  xRestrict: Uint8Array
  /** works: pages; novels: 1 */
  pageCount: Uint16Array
  /** novels: 1 when original */
  isOriginal: Uint8Array
  totalView: Float64Array
  totalBookmarks: Float64Array
  /** set by planAllComments */
  totalComments: Int32Array
  /** set by planAllComments */
  commentAccessControl: Uint8Array
  tagStart: Int32Array
  tagIds: Int32Array
}

function itemColumns(records: Iterable<WorkRecord | NovelPlan>, n: number): ItemColumns {
  const c: ItemColumns = {
    userId: new Int32Array(n),
    restrict: new Uint8Array(n),
    xRestrict: new Uint8Array(n),
    pageCount: new Uint16Array(n),
    isOriginal: new Uint8Array(n),
    totalView: new Float64Array(n),
    totalBookmarks: new Float64Array(n),
    totalComments: new Int32Array(n),
    commentAccessControl: new Uint8Array(n),
    tagStart: new Int32Array(n + 1),
    tagIds: new Int32Array(n * 4),
  }
  let i = 0
  let tags = 0
  for (const r of records) {
    const tagIds = 'tagIds' in r ? r.tagIds : r.tags.map((t) => t.tagId)
    c.userId[i] = r.userId
    c.restrict[i] = r.restrict
    c.xRestrict[i] = r.xRestrict
    c.pageCount[i] = 'pageCount' in r ? r.pageCount : 1
    c.isOriginal[i] = 'isOriginal' in r && r.isOriginal ? 1 : 0
    c.totalView[i] = r.totalView
    c.totalBookmarks[i] = r.totalBookmarks
    c.totalComments[i] = r.totalComments
    c.commentAccessControl[i] = 'commentAccessControl' in r ? r.commentAccessControl : 0
    if (tags + tagIds.length > c.tagIds.length) {
      const grown = new Int32Array(Math.max(c.tagIds.length * 2, tags + tagIds.length))
      grown.set(c.tagIds)
      c.tagIds = grown
    }
    c.tagIds.set(tagIds, tags)
    tags += tagIds.length
    c.tagStart[++i] = tags
  }
  if (i !== n) throw new Error(`itemColumns: ${i} records, expected ${n}`)
  c.tagIds = c.tagIds.slice(0, tags)
  return c
}

function frameDelays(rng: Rng): number[] {
  const base = rng.pick([40, 50, 60, 80, 100, 120, 150, 200])
  const out: number[] = []
  for (let k = rng.int(8, 24); k > 0; k--) out.push(rng.chance(0.8) ? base : rng.int(4, 20) * 10)
  return out
}

// ---- novels ---------------------------------------------------------------------------------------------

function planNovelSeries(rng: Rng, plan: ItemPlan, people: Person[]): SeriesPlan[] {
  const n = plan.ts.length
  const out: SeriesPlan[] = []
  const taken = new Uint8Array(n)
  const byAuthor: number[][] = people.map(() => [])
  const longMembers: number[] = []
  for (let i = 0; i < n; i++) {
    if (plan.locked[i]) longMembers.push(i)
    else byAuthor[plan.author[i]!]!.push(i)
  }
  if (longMembers.length > 0)
    out.push({ id: LONG_NOVEL_SERIES_ID, userId: plan.author[longMembers[0]!]!, members: longMembers })
  const target = Math.round(n * 0.15)
  let assigned = 0
  const sampler = new WeightedSampler(people.map((p, id) => (id > 0 ? p.novelWeight : 0)))
  for (let tries = 0; assigned < target && tries < 20_000; tries++) {
    const userId = sampler.draw(rng)
    const free = byAuthor[userId]!.filter((i) => !taken[i])
    if (free.length < 2) continue
    const size = Math.min(free.length, 2 + Math.floor(9 * Math.pow(rng.next(), 2)))
    const members = rng.sample(free, size)
    for (const i of members) taken[i] = 1
    out.push({ id: out.length + 1, userId, members })
    assigned += size
  }
  return out
}

/** The novels' plans in id order, drawn from `rng`: the same stream gives the same plans. */
function* drawNovels(
  rng: Rng,
  plan: ItemPlan,
  series: SeriesPlan[],
  people: Person[],
  zipf: Zipf,
): Generator<NovelPlan> {
  const n = plan.ts.length
  const seriesOf = new Int32Array(n)
  const orderOf = new Int32Array(n)
  const forcePublic = new Uint8Array(n)
  for (const s of series)
    s.members.forEach((i, k) => {
      seriesOf[i] = s.id
      orderOf[i] = k + 1
    })
  for (const s of series) if (s.id === LONG_NOVEL_SERIES_ID) for (const i of s.members) forcePublic[i] = 1
  if (HOSTILE_NOVEL_ID <= n) forcePublic[HOSTILE_NOVEL_ID - 1] = 1
  for (let i = 0; i < n; i++) {
    const userId = plan.author[i]!
    const p = people[userId]!
    let xRestrict = rng.bucket([0.85, 0.11, 0.04])
    let restrict = rng.bucket([0.94, 0.03, 0.03])
    if (forcePublic[i]) xRestrict = restrict = 0
    const aiType = rng.bucket([0.15, 0.7, 0.15])
    const isOriginal = rng.chance(0.65)
    const tagIds: number[] = []
    if (xRestrict === 1) tagIds.push(TAG_R18)
    if (xRestrict === 2) tagIds.push(TAG_R18G)
    if (isOriginal && rng.chance(0.46)) tagIds.push(TAG_ORIGINAL)
    if (aiType === 2 && rng.chance(0.6)) tagIds.push(TAG_AI)
    if (rng.chance(0.15)) tagIds.push(TAG_NOVEL)
    const want = Math.max(tagIds.length + 1, rng.int(2, 8))
    for (let guard = 0; tagIds.length < want && guard < 50; guard++) {
      const t = rng.chance(0.5) && p.favTags.length ? rng.pick(p.favTags) : zipf.draw(rng)
      if (!tagIds.includes(t)) tagIds.push(t)
    }
    const totalBookmarks = Math.floor(p.pop * rng.logNormal(2.3, 1))
    yield {
      id: i + 1,
      userId,
      createdTs: plan.ts[i]!,
      restrict,
      xRestrict,
      isOriginal,
      aiType,
      totalView: totalBookmarks * rng.int(8, 30) + rng.int(1, 200),
      totalBookmarks,
      totalComments: Math.min(
        300,
        Math.floor(totalBookmarks * rng.next() * 0.08) + (rng.chance(0.3) ? rng.int(0, 5) : 0),
      ),
      seriesId: seriesOf[i] || null,
      seriesOrder: orderOf[i] || null,
      coverHash: rng.chance(0.2) ? null : rng.hex(32),
      tags: tagIds.map((tagId) => ({ tagId, byAuthor: rng.chance(0.9) })),
    }
  }
}

// ---- comments -------------------------------------------------------------------------------------------

/** Items that always have hostile comments (besides the few elsewhere), and how many at least. */
const HOSTILE_COMMENTED = { works: HOSTILE_WORK_IDS, novels: [HOSTILE_NOVEL_ID], atLeast: 12 }
/** Share of works whose author takes comments only from users they follow (comment_access_control 1). */
const FOLLOWED_ONLY_SHARE = 0.03

/**
 * The comments of every work and novel. It sets the few works' comment_access_control, and the hostile items'
 * counts, before they are written; every item then gets exactly its total_comments rows.
 */
function planAllComments(
  rng: Rng,
  works: { cols: ItemColumns; ts: Float64Array },
  novels: { cols: ItemColumns; ts: Float64Array },
  people: Person[],
  follows: FollowGraph,
  now: number,
) {
  const W = works.ts.length
  const N = novels.ts.length
  const hostileWorks = new Set<number>(HOSTILE_COMMENTED.works.filter((id) => id <= W))
  const hostileNovels = new Set<number>(HOSTILE_COMMENTED.novels.filter((id) => id <= N))
  const atLeast = (c: ItemColumns, id: number) =>
    (c.totalComments[id - 1] = Math.max(c.totalComments[id - 1]!, HOSTILE_COMMENTED.atLeast))
  for (let i = 0; i < W; i++) {
    if (rng.chance(FOLLOWED_ONLY_SHARE) && !hostileWorks.has(i + 1)) works.cols.commentAccessControl[i] = 1
    if (hostileWorks.has(i + 1)) atLeast(works.cols, i + 1)
  }
  for (const id of hostileNovels) atLeast(novels.cols, id)
  const who: Commenters = {
    count: people.length - 1,
    xRestrict: (u) => people[u]!.xRestrict,
    lang: (u) => people[u]!.lang,
    follows: follows.has,
    mutual: follows.mutual,
  }
  // novels: every one open to comments
  function* items({ cols, ts }: { cols: ItemColumns; ts: Float64Array }, kind: ItemKind): Generator<CommentedItem> {
    for (let i = 0; i < ts.length; i++)
      yield {
        id: i + 1,
        userId: cols.userId[i]!,
        restrict: cols.restrict[i]!,
        xRestrict: cols.xRestrict[i]!,
        createdTs: ts[i]!,
        totalComments: cols.totalComments[i]!,
        commentAccessControl: kind === 'illust' ? cols.commentAccessControl[i]! : 0,
      }
  }
  // Every item gets exactly its total_comments rows, so the novels' ids start after the works' sum. The rows are made
  // as the writer takes them (the last thing it writes, and nothing else draws from `rng` meanwhile): same draws, same
  // order, same rows, never all in memory.
  let onWorks = 0
  for (let i = 0; i < W; i++) onWorks += works.cols.totalComments[i]!
  function* all() {
    yield* streamComments(rng, 'illust', items(works, 'illust'), who, now, 1, hostileWorks)
    yield* streamComments(rng, 'novel', items(novels, 'novel'), who, now, onWorks + 1, hostileNovels)
  }
  return all()
}

// ---- follows --------------------------------------------------------------------------------------------

interface FollowGraph {
  /** [follower, followee, restrict] in emission order */
  edges: [number, number, number][]
  following: number[][]
  has: (a: number, b: number) => boolean
  mutual: (a: number, b: number) => boolean
}

function planFollows(rng: Rng, people: Person[]): FollowGraph {
  const U = people.length - 1
  const following: number[][] = people.map(() => [])
  const restrictOf = new Map<number, number>()
  const key = (a: number, b: number) => a * 4_194_304 + b
  const has = (a: number, b: number) => restrictOf.has(key(a, b))
  const add = (a: number, b: number, r: number) => {
    if (a === b || has(a, b)) return false
    restrictOf.set(key(a, b), r)
    following[a]!.push(b)
    return true
  }
  const sampler = new WeightedSampler(people.map((p, id) => (id > 0 ? p.artWeight + p.novelWeight + 0.05 : 0)))
  const original: [number, number][] = []

  // demo: 40 follows, the first 14 followed back (so ≥ 10 mutual), 4 private
  const demoTarget = Math.min(40, U - 1)
  const demoPrivate = new Set(
    rng.sample(
      Array.from({ length: demoTarget }, (_, i) => i),
      Math.min(4, demoTarget),
    ),
  )
  for (let guard = 0; following[1]!.length < demoTarget && guard < 10_000; guard++) {
    const b = guard < 5000 ? sampler.draw(rng) : rng.int(2, U)
    if (add(1, b, demoPrivate.has(following[1]!.length) ? 1 : 0)) original.push([1, b])
  }
  for (let u = 2; u <= U; u++) {
    const k = Math.min(U - 1, Math.floor(61 * Math.pow(rng.next(), 2)))
    for (let guard = 0; following[u]!.length < k && guard < k * 20; guard++) {
      const b = sampler.draw(rng)
      if (add(u, b, rng.chance(0.08) ? 1 : 0)) original.push([u, b])
    }
    if (rng.chance(0.05) && add(u, 1, 0)) original.push([u, 1])
  }
  // follow-backs make the mutual pairs (restrict 1 works are visible across them)
  for (const [a, b] of original) {
    // the demo account's own follows stay at 40: it follows back only the users it chose
    const back = a === 1 ? following[1]!.indexOf(b) < 14 : b !== 1 && rng.chance(0.3)
    if (back) add(b, a, rng.chance(0.08) ? 1 : 0)
  }
  const edges: [number, number, number][] = []
  for (let a = 1; a <= U; a++) for (const b of following[a]!) edges.push([a, b, restrictOf.get(key(a, b))!])
  return { edges, following, has, mutual: (a, b) => has(a, b) && has(b, a) }
}

// ---- activity -------------------------------------------------------------------------------------------

// share of a work's first-60-days activity on day k after creation: a launch spike, then a long tail
const DECAY = Array.from({ length: ACTIVITY_SPAN_DAYS + 1 }, (_, k) => Math.exp(-k / 3.5) + 0.03)
const DECAY_SUM = DECAY.reduce((a, b) => a + b, 0)

function emitActivity(
  w: CatalogueWriter,
  kind: ItemKind,
  rng: Rng,
  now: number,
  ts: Float64Array,
  views: (i: number) => number,
  bookmarks: (i: number) => number,
) {
  const n = ts.length
  const lastDay = jstDay(now) - 1
  let first = 0
  while (first < n && ts[first]! < now - ACTIVITY_WINDOW_DAYS * DAY) first++
  if (first >= n) return
  const day = new Int32Array(n)
  for (let i = first; i < n; i++) day[i] = jstDay(ts[i]!)
  // ids rise with time, so the items active on one day are one contiguous id range
  let lo = first
  let hi = first
  for (let d = day[first]!; d <= lastDay; d++) {
    while (lo < n && day[lo]! < d - ACTIVITY_SPAN_DAYS) lo++
    while (hi < n && day[hi]! <= d) hi++
    for (let i = Math.max(lo, first); i < hi; i++) {
      const share = (0.85 * DECAY[d - day[i]!]!) / DECAY_SUM
      w.activity(kind, {
        itemId: i + 1,
        day: d,
        views: Math.max(1, Math.round(views(i) * share * (0.75 + 0.5 * rng.next()))),
        bookmarks: Math.round(bookmarks(i) * share * (0.75 + 0.5 * rng.next())),
      })
    }
  }
}

// ---- bookmarks ------------------------------------------------------------------------------------------

interface BookmarkItems {
  n: number
  userId: (i: number) => number
  restrict: (i: number) => number
  xRestrict: (i: number) => number
  ts: (i: number) => number
  popularity: (i: number) => number
  tagNames: (i: number) => string[]
}

/**
 * Bookmarks of every user, only of items the owner can see (public ones, their own, or restrict-1 items of
 * a mutual follow) and within their age setting. Ids rise with time, sparse (steps of 1–50) from 1000.
 */
function* planBookmarks(
  rng: Rng,
  items: BookmarkItems,
  people: Person[],
  follows: FollowGraph,
  now: number,
  size: { demo: number; others: number; share: number },
): Generator<BookmarkRecord> {
  const U = people.length - 1
  const byAuthor: number[][] = people.map(() => [])
  const weights = new Float64Array(items.n)
  for (let i = 0; i < items.n; i++) {
    byAuthor[items.userId(i)]!.push(i)
    weights[i] = Math.pow(items.popularity(i) + 2, 0.7)
  }
  const popular = new WeightedSampler(weights)
  const visible = (u: number, i: number) => {
    const author = items.userId(i)
    if (author === u) return true
    if (items.xRestrict(i) > people[u]!.xRestrict) return false
    const r = items.restrict(i)
    return r === 0 || (r === 1 && follows.mutual(u, author))
  }

  // every bookmark before the sort by time, as columns (a million works have a million bookmarks: objects would not
  // fit the memory budget); the few tag lists by bookmark index
  const bUser: number[] = []
  const bItem: number[] = []
  const bRestrict: number[] = []
  const bTs: number[] = []
  const bTags = new Map<number, string[]>()
  for (let u = 1; u <= U; u++) {
    const demo = u === 1
    if (!demo && !rng.chance(size.share)) continue
    const want = Math.min(
      demo ? size.demo : Math.floor((size.others + 1) * Math.pow(rng.next(), 1.6)),
      Math.floor(items.n * 0.5),
    )
    const chosen = new Set<number>()
    const picked: number[] = []
    const take = (i: number) => {
      if (chosen.has(i) || !visible(u, i)) return
      chosen.add(i)
      picked.push(i)
    }
    const followed = follows.following[u]!.filter((a) => byAuthor[a]!.length > 0)
    if (demo) {
      // a few of the demo's own works and restrict-1 works of mutual follows
      for (const i of byAuthor[1]!.slice(0, 5)) take(i)
      let hidden = 0
      for (const a of followed) {
        if (!follows.mutual(1, a)) continue
        for (const i of byAuthor[a]!) {
          if (hidden >= 6 || items.restrict(i) !== 1) continue
          take(i)
          hidden++
        }
      }
    }
    for (let guard = 0; picked.length < want && guard < want * 30; guard++) {
      if (followed.length > 0 && rng.chance(0.3)) take(rng.pick(byAuthor[rng.pick(followed)]!))
      else take(popular.draw(rng))
    }
    const privateCount = demo ? Math.round(picked.length * 0.3) : -1
    const privates = demo ? new Set(rng.sample(picked, privateCount)) : null
    for (const i of picked) {
      const created = items.ts(i)
      const span = Math.max(0, now - created - 1)
      const names = items.tagNames(i)
      const tags =
        names.length > 0 && rng.chance(demo ? 0.35 : 0.2)
          ? rng.sample(names, rng.int(1, Math.min(3, names.length)))
          : []
      // restrict is drawn before the time, as when these were object literals
      const restrict = privates ? (privates.has(i) ? 1 : 0) : rng.chance(0.15) ? 1 : 0
      const ts = Math.min(now, created + 1 + Math.floor(Math.pow(rng.next(), 2) * span))
      if (tags.length > 0) bTags.set(bUser.length, tags)
      bUser.push(u)
      bItem.push(i)
      bRestrict.push(restrict)
      bTs.push(ts)
    }
  }
  // (user, item) pairs are unique, so this order is total: the same whatever the sort's stability
  const order = Array.from({ length: bUser.length }, (_, k) => k).sort(
    (a, b) => bTs[a]! - bTs[b]! || bUser[a]! - bUser[b]! || bItem[a]! - bItem[b]!,
  )
  let id = 1000
  let prevTs = 0
  // the records are made as the writer takes them (it takes them all before the next list draws from `rng`)
  for (const k of order) {
    id += rng.int(1, 50)
    // keep creation times strictly rising with id where the clock allows it
    const ts = Math.min(now, Math.max(bTs[k]!, prevTs + 1))
    prevTs = ts
    yield {
      id,
      userId: bUser[k]!,
      itemId: bItem[k]! + 1,
      restrict: bRestrict[k]!,
      createdTs: ts,
      tags: bTags.get(k) ?? [],
    }
  }
}

// ---- mutes ----------------------------------------------------------------------------------------------

function planMutes(rng: Rng, people: Person[], follows: FollowGraph, zipf: Zipf, tagName: string[]) {
  const U = people.length - 1
  const out: { userId: number; kind: 'tag' | 'user'; value: string }[] = []
  const midTags = zipf.byRank.slice(60, 200)
  const muteUsers = (u: number, k: number) => {
    const seen = new Set<number>()
    for (let guard = 0; seen.size < k && guard < 200; guard++) {
      const v = rng.int(2, U)
      if (v === u || seen.has(v) || follows.has(u, v) || people[v]!.artWeight === 0) continue
      seen.add(v)
      out.push({ userId: u, kind: 'user', value: String(v) })
    }
  }
  const muteTags = (u: number, k: number) => {
    for (const t of rng.sample(midTags.length ? midTags : zipf.byRank, k))
      out.push({ userId: u, kind: 'tag', value: tagName[t - 1]! })
  }
  muteTags(1, 3)
  muteUsers(1, 2)
  for (let u = 2; u <= U; u++) {
    if (!rng.chance(0.05)) continue
    muteTags(u, rng.int(1, 3))
    muteUsers(u, rng.int(0, 2))
  }
  return out
}
