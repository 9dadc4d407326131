import Database from 'better-sqlite3'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { generateCatalogue, type GenerateOptions } from './generate.ts'
import { XSS_CORPUS, XSS_MARKER } from './hostile-corpus.ts'
import { report } from '../testing/reliability.ts'
import { testCatalogueOptions } from '../testing/global-setup.ts'

// The XSS corpus is an option of the generator: off, the catalogue is the default one byte for byte; on, every kind
// of text the gallery renders carries the payloads, and nothing else about the catalogue changes.

// The options the unit tests' shared default catalogue was made with (testing/global-setup.ts).
const OPTS: GenerateOptions = testCatalogueOptions()

let dir: string
let hostileFile: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'easel-corpus-'))
  hostileFile = path.join(dir, 'hostile.db')
  generateCatalogue(hostileFile, { ...OPTS, hostileCorpus: true })
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const markerRe = new RegExp(`${XSS_MARKER}(\\d\\d):`, 'g')

describe('the XSS corpus', () => {
  it('holds at least 50 distinct payloads, each marked and each recording that it ran', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(50)
    expect(new Set(XSS_CORPUS).size).toBe(XSS_CORPUS.length)
    XSS_CORPUS.forEach((p, i) => {
      expect(p.startsWith(`${XSS_MARKER}${String(i + 1).padStart(2, '0')}:`)).toBe(true)
      // A payload that escaped sanitising would set top.__xss (or, for the few without code, navigate a scheme).
      expect(p).toMatch(/top\.__xss=|vbscript:|data:text\/html;base64/)
    })
  })

  it('leaves the default catalogue byte for byte the same when the option is off', () => {
    const plain = inject('catalogueFile')
    const off = path.join(dir, 'off.db')
    generateCatalogue(off, { ...OPTS, hostileCorpus: false })
    const [a, b, h] = [readFileSync(plain), readFileSync(off), readFileSync(hostileFile)]
    expect(a.equals(b)).toBe(true)
    expect(a.equals(h)).toBe(false)
  })

  it('puts every payload into titles, captions, tags, user names, novel texts and series titles', () => {
    const db = new Database(hostileFile, { readonly: true })
    const placements: Record<string, string> = {
      'work titles': 'SELECT title AS v FROM works',
      'work captions': 'SELECT caption AS v FROM works',
      'tag names': 'SELECT name AS v FROM tags',
      'user names': 'SELECT name AS v FROM users',
      'user comments': 'SELECT comment AS v FROM users',
      'novel titles': 'SELECT title AS v FROM novels',
      'novel captions': 'SELECT caption AS v FROM novels',
      'novel texts': 'SELECT text AS v FROM novel_texts',
      'illust series titles': 'SELECT title AS v FROM illust_series',
      'novel series titles': 'SELECT title AS v FROM novel_series',
    }
    for (const [where, sql] of Object.entries(placements)) {
      const seen = new Set<string>()
      for (const { v } of db.prepare(sql).all() as { v: string }[])
        for (const m of v.matchAll(markerRe)) seen.add(m[1]!)
      expect(seen.size, where).toBe(XSS_CORPUS.length)
    }
    report('XSS payloads placed by the generator', XSS_CORPUS.length, `each in ${Object.keys(placements).join(', ')}`)
    // The payloads arrive verbatim: nothing on the way escaped or dropped them.
    const texts = (db.prepare('SELECT text FROM novel_texts').all() as { text: string }[]).map((r) => r.text).join('\n')
    for (const p of XSS_CORPUS) expect(texts).toContain(p)
    db.close()
  })

  it('changes nothing but the texts: the same works, visibility, follows and bookmarks', () => {
    const plain = new Database(inject('catalogueFile'), { readonly: true })
    const hostile = new Database(hostileFile, { readonly: true })
    for (const sql of [
      'SELECT id, user_id, type, restrict, x_restrict, sanity_level, total_bookmarks FROM works ORDER BY id',
      'SELECT id, user_id, restrict, x_restrict FROM novels ORDER BY id',
      'SELECT id, account, x_restrict FROM users ORDER BY id',
      'SELECT follower_id, followee_id, restrict FROM follows ORDER BY seq',
      'SELECT id, user_id, item_id, restrict FROM illust_bookmarks ORDER BY id',
      'SELECT id, user_id, item_id, restrict FROM novel_bookmarks ORDER BY id',
      'SELECT work_id, tag_id FROM work_tags WHERE tag_id < 1000000 ORDER BY work_id, pos',
    ])
      expect(hostile.prepare(sql).all(), sql).toEqual(plain.prepare(sql).all())
    plain.close()
    hostile.close()
  })
})
