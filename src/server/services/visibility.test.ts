import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { aiShown, canSee, mayReadPrivateOf, VISIBLE_SQL, visibleToEveryone, type Viewer } from './visibility.ts'

// The visibility rule is stated twice in one module: in JavaScript (the serializer, details, writes) and in SQL (lists
// filtered in the database). Whatever the caller and the item, both must give the same answer, or a work would show
// in a list and 404 on its detail (or the other way round).

const AUTHOR = 1
const MUTUAL = 2
const FAN = 3 // follows the author, who does not follow back
const STRANGER = 4
const OWNER = 5 // the library's owner
const AI_OFF = 6 // an account whose AI setting is off

function database() {
  const db = new Database(':memory:')
  db.exec(`CREATE TABLE users (id INTEGER PRIMARY KEY, account TEXT, show_ai INTEGER);
    CREATE TABLE follows (follower_id INTEGER, followee_id INTEGER);
    CREATE TABLE meta (key TEXT, value TEXT);
    CREATE TABLE works (id INTEGER PRIMARY KEY, user_id INTEGER, restrict INTEGER, x_restrict INTEGER, ai_type INTEGER);`)
  for (const id of [AUTHOR, MUTUAL, FAN, STRANGER, OWNER, AI_OFF])
    db.prepare('INSERT INTO users VALUES (?, ?, ?)').run(id, `u${id}`, id === AI_OFF ? 0 : 1)
  for (const [a, b] of [
    [AUTHOR, MUTUAL],
    [MUTUAL, AUTHOR],
    [FAN, AUTHOR],
  ])
    db.prepare('INSERT INTO follows VALUES (?, ?)').run(a, b)
  db.prepare("INSERT INTO meta VALUES ('owner_account', ?)").run(`u${OWNER}`)
  let id = 0
  for (const restrict of [0, 1, 2])
    for (const x of [0, 1, 2])
      for (const ai of [0, 1, 2])
        for (const author of [AUTHOR, AI_OFF])
          db.prepare('INSERT INTO works VALUES (?, ?, ?, ?, ?)').run(++id, author, restrict, x, ai)
  return db
}

const viewers: Viewer[] = [
  { id: 0, maxX: 0 },
  ...[AUTHOR, MUTUAL, FAN, STRANGER, AI_OFF].flatMap((id) =>
    [0, 1, 2].map((maxX) => ({ id, maxX, showAi: id !== AI_OFF })),
  ),
  { id: OWNER, maxX: 1, owner: true },
]

describe('the visibility rule', () => {
  it('says the same in JavaScript and in SQL, for every caller and every kind of work', () => {
    const db = database()
    const follows = db.prepare('SELECT follower_id AS a, followee_id AS b FROM follows').all() as {
      a: number
      b: number
    }[]
    const mutual = (me: number) => (userId: number) =>
      follows.some((f) => f.a === me && f.b === userId) && follows.some((f) => f.a === userId && f.b === me)
    const works = db.prepare('SELECT * FROM works').all() as {
      id: number
      user_id: number
      restrict: number
      x_restrict: number
      ai_type: number
    }[]
    const inSql = db.prepare(`SELECT w.id FROM works w WHERE ${VISIBLE_SQL} ORDER BY w.id`)
    let shown = 0
    for (const viewer of viewers) {
      const sql = (inSql.all({ me: viewer.id, maxX: viewer.maxX }) as { id: number }[]).map((r) => r.id)
      const js = works.filter((w) => canSee(viewer, mutual(viewer.id), w) && aiShown(viewer, w)).map((w) => w.id)
      expect(js, JSON.stringify(viewer)).toEqual(sql)
      shown += js.length
    }
    // not vacuous: some works are shown and some hidden
    expect(shown).toBeGreaterThan(0)
    expect(shown).toBeLessThan(viewers.length * works.length)
  })

  it('shows restrict 1 to the author and mutual follows only, restrict 2 to the author (and a library owner)', () => {
    const work = { user_id: AUTHOR, restrict: 1, x_restrict: 0 }
    const isMutual = (id: number) => id === AUTHOR
    expect(canSee({ id: MUTUAL, maxX: 0 }, isMutual, work)).toBe(true)
    expect(canSee({ id: FAN, maxX: 0 }, () => false, work)).toBe(false)
    expect(canSee({ id: 0, maxX: 0 }, () => true, work)).toBe(false)
    expect(canSee({ id: MUTUAL, maxX: 0 }, isMutual, { ...work, restrict: 2 })).toBe(false)
    expect(canSee({ id: AUTHOR, maxX: 0 }, () => false, { ...work, restrict: 2 })).toBe(true)
    expect(canSee({ id: OWNER, maxX: 0, owner: true }, () => false, { ...work, restrict: 2 })).toBe(true)
    expect(canSee({ id: AUTHOR, maxX: 0 }, () => false, { ...work, x_restrict: 1 })).toBe(false)
  })

  it('keeps private lists to their owner and signs the images of anything not shown to everyone', () => {
    expect(mayReadPrivateOf({ id: 7, maxX: 0 }, 7)).toBe(true)
    expect(mayReadPrivateOf({ id: 8, maxX: 2 }, 7)).toBe(false)
    expect(mayReadPrivateOf({ id: 0, maxX: 0 }, 0)).toBe(false)
    expect(visibleToEveryone({ restrict: 0, x_restrict: 0 })).toBe(true)
    expect(visibleToEveryone({ restrict: 1, x_restrict: 0 })).toBe(false)
    expect(visibleToEveryone({ restrict: 0, x_restrict: 1 })).toBe(false)
  })
})
