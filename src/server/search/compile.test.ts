import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { compileQuery, containsPattern } from './compile.ts'
import { parseQuery } from './query.ts'

// The compiled SQL, run on a tiny table, selects exactly the rows the query describes.
const db = new Database(':memory:')
db.exec(`CREATE TABLE doc (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`)
const docs = ['cat dog', 'cat', 'dog fox', 'fox', "it's 100% O'Neil", 'a_b', 'night sky', 'sky night']
docs.forEach((body, i) => db.prepare('INSERT INTO doc VALUES (?, ?)').run(i + 1, body))

const search = (q: string) => {
  const m = compileQuery(parseQuery(q).root, (text) => ({
    sql: "body LIKE ? ESCAPE '\\'",
    params: [containsPattern(text)],
  }))
  const rows = db.prepare(`SELECT id FROM doc WHERE ${m.sql} AND id > @min ORDER BY id`).all(...m.params, { min: 0 })
  return (rows as { id: number }[]).map((r) => docs[r.id - 1])
}

describe('compileQuery', () => {
  it('AND, OR, NOT, groups and phrases select the rows the query describes', () => {
    expect(search('cat dog')).toEqual(['cat dog'])
    expect(search('cat OR fox')).toEqual(['cat dog', 'cat', 'dog fox', 'fox'])
    expect(search('dog -cat')).toEqual(['dog fox'])
    expect(search('(cat OR fox) -dog')).toEqual(['cat', 'fox'])
    expect(search('"night sky"')).toEqual(['night sky'])
    expect(search('night sky')).toEqual(['night sky', 'sky night'])
  })

  it('binds user text only as parameters: quotes, % and _ are literal', () => {
    expect(search("O'Neil")).toEqual(["it's 100% O'Neil"])
    expect(search('100%')).toEqual(["it's 100% O'Neil"])
    expect(search('%')).toEqual(["it's 100% O'Neil"])
    expect(search('_')).toEqual(['a_b'])
    const m = compileQuery(parseQuery("x' OR 1=1 --").root, (text) => ({ sql: 'body = ?', params: [text] }))
    expect(m.sql).not.toContain("x'")
    expect(m.params).toEqual(["x'", 'OR', '1=1', '--']) // malformed (a trailing -): plain words
  })

  it('with a matcher for several terms, the terms under an OR are matched in one go, selecting the same rows', () => {
    const calls: string[][] = []
    const term = (text: string) => ({ sql: "body LIKE ? ESCAPE '\\'", params: [containsPattern(text)] })
    const anyOf = (texts: string[]) => {
      calls.push(texts)
      return { sql: texts.map(() => term('').sql).join(' OR '), params: texts.map(containsPattern) }
    }
    const rows = (q: string, any?: typeof anyOf) => {
      const m = compileQuery(parseQuery(q).root, term, any)
      return db.prepare(`SELECT id FROM doc WHERE ${m.sql} ORDER BY id`).all(...m.params)
    }
    for (const q of ['cat OR fox', '(cat OR fox OR sky) -dog', 'night (cat OR -dog OR fox)', 'cat OR (dog fox) OR sky'])
      expect(rows(q, anyOf)).toEqual(rows(q))
    expect(calls).toEqual([
      ['cat', 'fox'],
      ['cat', 'fox', 'sky'],
      ['cat', 'fox'],
      ['cat', 'sky'],
    ])
  })

  it('the SQL depends on the shape of the query, not its words', () => {
    const sql = (q: string) => compileQuery(parseQuery(q).root, () => ({ sql: 'body = ?', params: ['?'] })).sql
    expect(sql('a OR b -c')).toBe(sql('dog OR cat -fox'))
    expect(sql('a b')).not.toBe(sql('a OR b'))
  })
})
