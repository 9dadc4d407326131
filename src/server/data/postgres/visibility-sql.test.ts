import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aiShown, canSee, type Viewer } from '../../services/visibility.ts'
import { usePostgres } from '../../testing/postgres.ts'
import { publicForCallerSql, publicOfAgeSql, visibleSql } from './visibility-sql.ts'

// The visibility rule's PostgreSQL form (visibility-sql.ts) picks the same works as the rule in code (canSee and
// aiShown, services/visibility.ts), for every kind of caller and every kind of work, on the tables the rule reads
// (as services/visibility.test.ts holds the SQLite form to it).

const AUTHOR = 1
const MUTUAL = 2
const FAN = 3 // follows the author, who does not follow back
const STRANGER = 4
const OWNER = 5 // the library's owner
const AI_OFF = 6 // an account whose AI setting is off

const db = usePostgres()
let client: pg.Client
const works: { id: number; user_id: number; restrict: number; x_restrict: number; ai_type: number }[] = []

beforeAll(async () => {
  client = new pg.Client({ connectionString: db.url })
  await client.connect()
  await client.query(`CREATE TABLE users (id bigint PRIMARY KEY, account text COLLATE "C", show_ai integer);
    CREATE TABLE follows (follower_id bigint, followee_id bigint);
    CREATE TABLE meta (key text COLLATE "C", value text COLLATE "C");
    CREATE TABLE works (id bigint PRIMARY KEY, user_id bigint, restrict integer, x_restrict integer, ai_type integer)`)
  for (const id of [AUTHOR, MUTUAL, FAN, STRANGER, OWNER, AI_OFF])
    await client.query('INSERT INTO users VALUES ($1, $2, $3)', [id, `u${id}`, id === AI_OFF ? 0 : 1])
  for (const [a, b] of [
    [AUTHOR, MUTUAL],
    [MUTUAL, AUTHOR],
    [FAN, AUTHOR],
  ])
    await client.query('INSERT INTO follows VALUES ($1, $2)', [a, b])
  await client.query("INSERT INTO meta VALUES ('owner_account', $1)", [`u${OWNER}`])
  let id = 0
  for (const restrict of [0, 1, 2])
    for (const x of [0, 1, 2])
      for (const ai of [0, 1, 2])
        for (const author of [AUTHOR, AI_OFF]) {
          const w = { id: ++id, user_id: author, restrict, x_restrict: x, ai_type: ai }
          works.push(w)
          await client.query('INSERT INTO works VALUES ($1, $2, $3, $4, $5)', Object.values(w))
        }
})

afterAll(async () => {
  await client?.end()
})

const viewers: Viewer[] = [
  { id: 0, maxX: 0 },
  ...[AUTHOR, MUTUAL, FAN, STRANGER, AI_OFF].flatMap((id) =>
    [0, 1, 2].map((maxX) => ({ id, maxX, showAi: id !== AI_OFF })),
  ),
  ...[0, 1, 2].map((maxX) => ({ id: OWNER, maxX, owner: true })),
]

const mutual = (me: number) => (userId: number) =>
  (me === AUTHOR && userId === MUTUAL) || (me === MUTUAL && userId === AUTHOR)

async function picked(where: string, params: unknown[]): Promise<number[]> {
  const r = await client.query<{ id: string }>(`SELECT w.id FROM works w WHERE ${where} ORDER BY w.id`, params)
  return r.rows.map((row) => Number(row.id))
}

describe("the visibility rule's PostgreSQL form", () => {
  it('shows a list the works the rule in code shows, for every caller', async () => {
    let shown = 0
    for (const viewer of viewers) {
      const sql = await picked(visibleSql({ me: '$1', maxX: '$2' }), [viewer.id, viewer.maxX])
      const js = works.filter((w) => canSee(viewer, mutual(viewer.id), w) && aiShown(viewer, w)).map((w) => w.id)
      expect(sql, JSON.stringify(viewer)).toEqual(js)
      shown += js.length
    }
    // not vacuous: some works are shown and some hidden
    expect(shown).toBeGreaterThan(0)
    expect(shown).toBeLessThan(viewers.length * works.length)
  })

  it('draws popularity lists from public works up to the age setting, by the AI setting', async () => {
    for (const viewer of viewers) {
      const sql = await picked(publicForCallerSql({ me: '$1', maxX: '$2' }), [viewer.id, viewer.maxX])
      const js = works
        .filter((w) => w.restrict === 0 && w.x_restrict <= viewer.maxX && aiShown(viewer, w))
        .map((w) => w.id)
      expect(sql, JSON.stringify(viewer)).toEqual(js)
    }
  })

  it('counts rankings on the public works of one age class', async () => {
    for (const x of [0, 1, 2]) {
      const js = works.filter((w) => w.restrict === 0 && w.x_restrict === x).map((w) => w.id)
      expect(await picked(publicOfAgeSql('$1'), [x])).toEqual(js)
      expect(await picked(publicOfAgeSql(String(x)), [])).toEqual(js)
    }
  })

  it('binds every parameter of the rule (none is left for PostgreSQL to reject)', () => {
    expect(visibleSql({ me: '$7', maxX: '$9' })).not.toMatch(/@\w/)
    expect(visibleSql({ me: '$7', maxX: '$9' })).toContain('$7::bigint')
  })
})
