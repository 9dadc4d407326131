import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { crc32 } from 'node:zlib'
import Database from 'better-sqlite3'
import { zipSync } from 'fflate'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { createEmptyCatalogue } from '../data/library-writer.ts'
import { gallerySidecar } from '../testing/gallery-dl-archive.ts'
import { writeGalleryDlNovel, writePixivUtil2Novel, type FixtureNovel } from '../testing/novel-archives.ts'
import { importLibrary, type ImportOptions, type ImportReport } from './import.ts'
import { sqliteLibraryDb } from '../data/sqlite-library-db.ts'

// The bad-input table of issue 15, one case a test: each bad file gets a clear line in the report naming it and the
// reason, no row of the bad work is written (works, work_tags, work_files, library_works) — or a work imported before
// keeps its last good version — and the good works beside it are imported. Then: an import reads the archive and
// never writes into it.

const USER = 'pixiv/77 fixture_artist'
const made: string[] = []
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
})

const image = (w: number, h: number, fmt: 'png' | 'jpeg') => {
  const blank = sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
  return (fmt === 'png' ? blank.png() : blank.jpeg()).toBuffer()
}

/** A PNG whose header claims w×h (a decompression bomb: tiny on disk, huge once decoded). */
async function bombPng(w: number, h: number) {
  const png = Buffer.from(await image(1, 1, 'png'))
  png.writeUInt32BE(w, 16)
  png.writeUInt32BE(h, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29)
  return png
}

const ugoira = (id: number, frames = [{ file: '000000.jpg', delay: 50 }]) =>
  gallerySidecar(id, 0, { type: 'ugoira', frames })

/** A library folder of its own, with an empty catalogue beside it. */
class Library {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'easel-bad-input-'))
  readonly root = path.join(this.dir, 'gallery-dl')
  readonly catalogue = path.join(this.dir, 'library.db')
  report!: ImportReport

  constructor() {
    made.push(this.dir)
    mkdirSync(this.root)
    createEmptyCatalogue(this.catalogue, { catalogue_kind: 'library' })
  }

  path = (rel: string) => path.join(this.root, rel)

  put(rel: string, data: string | Uint8Array) {
    mkdirSync(path.dirname(this.path(rel)), { recursive: true })
    writeFileSync(this.path(rel), data)
  }

  putWork(rel: string, data: Uint8Array, meta: object) {
    this.put(rel, data)
    this.put(`${rel}.json`, JSON.stringify(meta, null, 4))
  }

  /** Two good works beside every bad one: an illustration and a 2-page manga of a PNG and a JPEG. */
  async putGood() {
    this.putWork(`${USER}/601_p0.jpg`, await image(40, 30, 'jpeg'), gallerySidecar(601, 0))
    const manga = { type: 'manga', page_count: 2 }
    this.putWork(`${USER}/602_p0.png`, await image(40, 30, 'png'), gallerySidecar(602, 0, manga))
    this.putWork(`${USER}/602_p1.jpg`, await image(20, 50, 'jpeg'), gallerySidecar(602, 1, manga))
  }

  async import(opts: ImportOptions = {}) {
    const db = new Database(this.catalogue)
    try {
      this.report = await importLibrary(sqliteLibraryDb(db), this.root, opts)
    } finally {
      db.close()
    }
    return this.report
  }

  /** Every row of a work (its tags, files and library record). */
  rows(id: number) {
    const db = new Database(this.catalogue, { readonly: true })
    try {
      const all = (sql: string) => db.prepare(sql).all(id)
      return {
        works: all('SELECT * FROM works WHERE id = ?'),
        workTags: all('SELECT * FROM work_tags WHERE work_id = ? ORDER BY pos'),
        workFiles: all('SELECT * FROM work_files WHERE work_id = ? ORDER BY page'),
        libraryWorks: all('SELECT work_id, root, fingerprint FROM library_works WHERE work_id = ?'),
      }
    } finally {
      db.close()
    }
  }

  /** The report's line for a file (its path relative to the library). */
  line(rel: string) {
    return this.report.skipped.find((s) => s.path === rel)?.reason
  }

  expectNothingOf(id: number) {
    expect(this.rows(id), `rows of work ${id}`).toEqual({ works: [], workTags: [], workFiles: [], libraryWorks: [] })
  }

  expectGoodImported() {
    expect(this.rows(601).works).toHaveLength(1)
    expect(this.rows(601).workFiles).toHaveLength(1)
    expect(this.rows(602).works).toMatchObject([{ page_count: 2 }])
    expect(this.rows(602).workFiles).toHaveLength(2)
    for (const rel of [`${USER}/601_p0.jpg`, `${USER}/602_p0.png`, `${USER}/602_p1.jpg`])
      expect(this.line(rel), rel).toBeUndefined()
  }
}

/** A library with the good works and `work` imported, for the cases where a work imported before goes bad. */
async function importedBefore(work: (lib: Library) => Promise<void>) {
  const lib = new Library()
  await lib.putGood()
  await work(lib)
  expect(await lib.import()).toMatchObject({ skipped: [] })
  return lib
}

describe('bad input: each file a report line, never a partial work, the rest imported', () => {
  it('a malformed JSON sidecar', async () => {
    const lib = new Library()
    await lib.putGood()
    lib.put(`${USER}/603_p0.jpg`, await image(10, 10, 'jpeg'))
    lib.put(`${USER}/603_p0.jpg.json`, '{"id": 603, "title": "a trailing comma",}')
    await lib.import()
    expect(lib.line(`${USER}/603_p0.jpg.json`)).toMatch(/^malformed JSON \(.+\)$/)
    lib.expectNothingOf(603)
    lib.expectGoodImported()

    // a work imported before whose sidecar goes bad keeps its last good version (it was not deleted: its file is there)
    const again = await importedBefore(async (l) =>
      l.putWork(`${USER}/604_p0.jpg`, await image(10, 10, 'jpeg'), gallerySidecar(604, 0)),
    )
    const before = again.rows(604)
    again.put(`${USER}/604_p0.jpg.json`, '{"id": 604, "title": "edited" "badly"}')
    expect(await again.import()).toMatchObject({ removed: 0, updated: 0 })
    expect(again.rows(604)).toEqual(before)
    expect(again.line(`${USER}/604_p0.jpg.json`)).toMatch(/^malformed JSON/)
    expect(again.line(`${USER}/604_p0.jpg`)).toMatch(
      /^work 604 not updated \(its last import stays\): .*604_p0\.jpg: its sidecar: malformed JSON/,
    )
  })

  it('a truncated JSON sidecar, also of one page of a manga (not imported without that page)', async () => {
    const lib = new Library()
    await lib.putGood()
    const manga = { type: 'manga', page_count: 2 }
    lib.putWork(`${USER}/603_p0.jpg`, await image(10, 10, 'jpeg'), gallerySidecar(603, 0, manga))
    lib.put(`${USER}/603_p1.jpg`, await image(10, 10, 'jpeg'))
    const whole = JSON.stringify(gallerySidecar(603, 1, manga), null, 4)
    lib.put(`${USER}/603_p1.jpg.json`, whole.slice(0, whole.length >> 1))
    await lib.import()
    expect(lib.line(`${USER}/603_p1.jpg.json`)).toMatch(/^truncated JSON \(.+\)$/)
    // page 0 is fine, but the work is not written without its page 1
    expect(lib.line(`${USER}/603_p0.jpg`)).toMatch(/^work 603 not imported: .*603_p1\.jpg: its sidecar: truncated JSON/)
    lib.expectNothingOf(603)
    lib.expectGoodImported()
  })

  it('a sidecar without its file', async () => {
    const lib = new Library()
    await lib.putGood()
    lib.put(`${USER}/603_p0.jpg.json`, JSON.stringify(gallerySidecar(603, 0)))
    await lib.import()
    expect(lib.line(`${USER}/603_p0.jpg.json`)).toBe('a metadata sidecar without its file')
    lib.expectNothingOf(603)
    lib.expectGoodImported()
  })

  it('a file without its sidecar, also one page of a manga (not imported without that page)', async () => {
    const lib = new Library()
    await lib.putGood()
    lib.put(`${USER}/603_p0.jpg`, await image(10, 10, 'jpeg'))
    const manga = { type: 'manga', page_count: 2 }
    lib.putWork(`${USER}/604_p0.jpg`, await image(10, 10, 'jpeg'), gallerySidecar(604, 0, manga))
    lib.put(`${USER}/604_p1.jpg`, await image(10, 10, 'jpeg'))
    // another form of a page the work has (the ugoira post-processor's .webm kept beside the zip) holds nothing back
    lib.putWork(`${USER}/605_p0.zip`, zipSync({ '000000.jpg': await image(10, 10, 'jpeg') }), ugoira(605))
    lib.put(`${USER}/605_p0.webm`, Buffer.from('a webm'))
    await lib.import()
    expect(lib.line(`${USER}/605_p0.webm`)).toBe('no metadata sidecar (605_p0.webm.json)')
    expect(lib.rows(605).works).toMatchObject([{ type: 'ugoira' }])
    expect(lib.line(`${USER}/603_p0.jpg`)).toBe('no metadata sidecar (603_p0.jpg.json)')
    expect(lib.line(`${USER}/604_p1.jpg`)).toMatch(/^work 604 not imported: .*604_p1\.jpg: no metadata sidecar/)
    expect(lib.line(`${USER}/604_p0.jpg`)).toMatch(/^work 604 not imported/)
    lib.expectNothingOf(603)
    lib.expectNothingOf(604)
    lib.expectGoodImported()
  })

  it('a truncated image (a JPEG and a PNG cut in half, an ugoira frame as a file and in a zip), and a work imported before whose file is cut', async () => {
    const lib = new Library()
    await lib.putGood()
    const jpeg = await image(300, 200, 'jpeg')
    const png = await image(300, 200, 'png')
    lib.putWork(`${USER}/603_p0.jpg`, jpeg.subarray(0, jpeg.length >> 1), gallerySidecar(603, 0))
    lib.putWork(`${USER}/604_p0.png`, png.subarray(0, png.length >> 1), gallerySidecar(604, 0))
    // an ugoira saved as its frames (`ugoira: original`), its last frame cut
    const frames = [0, 1, 2].map((i) => ({ file: `${String(i).padStart(6, '0')}.jpg`, delay: 50 }))
    for (const i of [0, 1, 2]) {
      const data = i === 2 ? jpeg.subarray(0, jpeg.length - 100) : jpeg
      lib.putWork(`${USER}/607_p${i}.jpg`, data, gallerySidecar(607, i, { type: 'ugoira', frames }))
    }
    // and as its frame zip, its second frame cut
    const two = [0, 1].map((i) => ({ file: `${String(i).padStart(6, '0')}.jpg`, delay: 50 }))
    const cutZip = zipSync({ '000000.jpg': jpeg, '000001.jpg': jpeg.subarray(0, jpeg.length >> 1) })
    lib.putWork(`${USER}/608_p0.zip`, cutZip, ugoira(608, two))
    // bytes after the end marker (some tools append them) do not make a complete file truncated
    lib.putWork(`${USER}/605_p0.jpg`, Buffer.concat([jpeg, Buffer.alloc(100, 7)]), gallerySidecar(605, 0))
    lib.putWork(`${USER}/609_p0.jpg`, Buffer.concat([jpeg, Buffer.alloc(64 * 1024, 7)]), gallerySidecar(609, 0))
    // stray bytes between two segments of its header (libjpeg skips them, with a warning)
    const dqt = jpeg.indexOf(Buffer.from([0xff, 0xdb]))
    const stray = Buffer.concat([jpeg.subarray(0, dqt), Buffer.alloc(3), jpeg.subarray(dqt)])
    lib.putWork(`${USER}/614_p0.jpg`, stray, gallerySidecar(614, 0))
    const png2 = await image(300, 200, 'png')
    lib.putWork(`${USER}/610_p0.png`, Buffer.concat([png2, Buffer.alloc(64 * 1024, 7)]), gallerySidecar(610, 0))
    // a GIF: whole, cut, and cut where its last byte happens to be the trailer's 3B
    const gif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
      .gif()
      .toBuffer()
    lib.putWork(`${USER}/611_p0.gif`, gif, gallerySidecar(611, 0))
    lib.putWork(`${USER}/612_p0.gif`, gif.subarray(0, gif.length >> 1), gallerySidecar(612, 0))
    const cut3b = Buffer.concat([gif.subarray(0, gif.length >> 1), Buffer.from([0x3b])])
    lib.putWork(`${USER}/613_p0.gif`, cut3b, gallerySidecar(613, 0))
    await lib.import()
    expect(lib.line(`${USER}/603_p0.jpg`)).toMatch(/^work 603 not imported: 603_p0\.jpg is truncated \(no JPEG end/)
    expect(lib.line(`${USER}/604_p0.png`)).toMatch(/^work 604 not imported: 604_p0\.png is truncated \(no PNG IEND/)
    lib.expectNothingOf(603)
    lib.expectNothingOf(604)
    expect(lib.line(`${USER}/607_p0.jpg`)).toMatch(/^work 607 not imported: 607_p2\.jpg is truncated/)
    lib.expectNothingOf(607)
    expect(lib.line(`${USER}/608_p0.zip`)).toMatch(
      /^work 608 not imported: 608_p0\.zip: the frame 000001\.jpg is truncated/,
    )
    lib.expectNothingOf(608)
    for (const id of [612, 613]) {
      // libvips reads a GIF's every block for its frame count: a cut one, even ending in a 3B, is refused there
      expect(lib.line(`${USER}/${id}_p0.gif`)).toMatch(/gif is not a readable image .*Unexpected end of GIF/)
      lib.expectNothingOf(id)
    }
    for (const id of [605, 609, 610, 611, 614]) expect(lib.rows(id).works, `work ${id}`).toHaveLength(1)
    lib.expectGoodImported()

    const again = await importedBefore(async (l) =>
      l.putWork(`${USER}/606_p0.jpg`, await image(30, 20, 'jpeg'), gallerySidecar(606, 0)),
    )
    const before = again.rows(606)
    const larger = await image(300, 200, 'jpeg')
    again.put(`${USER}/606_p0.jpg`, larger.subarray(0, larger.length - 10)) // a download that stopped early
    expect(await again.import()).toMatchObject({ removed: 0, updated: 0 })
    expect(again.rows(606)).toEqual(before)
    expect(again.line(`${USER}/606_p0.jpg`)).toMatch(/^work 606 not updated \(its last import stays\): .*truncated/)
  })

  it('a non-image file with an image name', async () => {
    const lib = new Library()
    await lib.putGood()
    lib.putWork(`${USER}/603_p0.jpg`, Buffer.from('<html>403 Forbidden</html>'), gallerySidecar(603, 0))
    lib.putWork(`${USER}/604_p0.png`, Buffer.alloc(0), gallerySidecar(604, 0))
    await lib.import()
    expect(lib.line(`${USER}/603_p0.jpg`)).toMatch(/^work 603 not imported: 603_p0\.jpg is not a readable image/)
    expect(lib.line(`${USER}/604_p0.png`)).toMatch(/^work 604 not imported: 604_p0\.png is not a readable image/)
    lib.expectNothingOf(603)
    lib.expectNothingOf(604)
    lib.expectGoodImported()
  })

  it('a zip bomb in an ugoira zip: sizes stated past the limit, and a directory that lies about them', async () => {
    const lib = new Library()
    await lib.putGood()
    const frame = await image(40, 20, 'jpeg')
    // a frame the directory says inflates to 2 GB
    const stated = Buffer.from(zipSync({ '000000.jpg': frame }))
    const cd = stated.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    stated.writeUInt32LE(0x7fffffff, cd + 24)
    lib.putWork(`${USER}/603_p0.zip`, stated, ugoira(603))
    // a frame the directory says is a small JPEG, that inflates to 16 MB more (zeros, ~16 KB deflated)
    const lying = Buffer.from(zipSync({ '000000.jpg': Buffer.concat([frame, Buffer.alloc(16 * 1024 ** 2)]) }))
    const lcd = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    lying.writeUInt32LE(frame.length, lcd + 24)
    lying.writeUInt32LE(frame.length, 22) // and its local header
    lib.putWork(`${USER}/604_p0.zip`, lying, ugoira(604))
    // a stored (uncompressed) frame whose directory claims more than it holds
    const claims = Buffer.from(zipSync({ '000000.jpg': frame }, { level: 0 }))
    claims.writeUInt32LE(frame.length + 1000, claims.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24)
    lib.putWork(`${USER}/606_p0.zip`, claims, ugoira(606))
    // an honest zip beside them
    lib.putWork(`${USER}/605_p0.zip`, Buffer.from(zipSync({ '000000.jpg': frame })), ugoira(605))
    await lib.import()
    expect(lib.line(`${USER}/603_p0.zip`)).toMatch(/^work 603 not imported: 603_p0\.zip inflates past 1 GB/)
    expect(lib.line(`${USER}/604_p0.zip`)).toMatch(
      /^work 604 not imported: 604_p0\.zip is a zip bomb: its entry "000000\.jpg" inflates past its stated size/,
    )
    expect(lib.line(`${USER}/606_p0.zip`)).toBe(
      `work 606 not imported: 606_p0.zip is not a readable zip (entry "000000.jpg" holds ${frame.length} bytes, its directory says ${frame.length + 1000})`,
    )
    lib.expectNothingOf(603)
    lib.expectNothingOf(604)
    lib.expectNothingOf(606)
    expect(lib.rows(605).works).toMatchObject([{ type: 'ugoira' }])
    lib.expectGoodImported()
  })

  it('a path-traversing entry in an ugoira zip (../, an absolute path, a backslash), an entry twice, a stray entry', async () => {
    const lib = new Library()
    await lib.putGood()
    const frame = await image(10, 10, 'jpeg')
    const names = ['../000000.jpg', '/etc/000000.jpg', '..\\000000.jpg']
    for (const [i, name] of names.entries()) {
      // fflate's zipSync keeps a leading slash and backslashes as given
      lib.putWork(`${USER}/60${3 + i}_p0.zip`, zipSync({ [name]: frame }), ugoira(603 + i, [{ file: name, delay: 50 }]))
    }
    // an entry named twice: the copy checked and the copy served (by its place in the zip) could differ
    const twice = Buffer.from(zipSync({ '000000.jpg': frame, '000001.jpg': frame }))
    twice.write('000000', twice.indexOf('000001.jpg', 30), 'latin1') // the local header's name
    twice.write('000000', twice.lastIndexOf('000001.jpg'), 'latin1') // the central directory's
    lib.putWork(`${USER}/606_p0.zip`, twice, ugoira(606))
    // an entry the frames list does not name is a frame too where the server renders the zip's other sizes
    const extra = zipSync({ '000000.jpg': frame, 'notes.txt': Buffer.from('not a frame') })
    lib.putWork(`${USER}/607_p0.zip`, extra, ugoira(607))
    await lib.import()
    expect(lib.line(`${USER}/606_p0.zip`)).toBe('work 606 not imported: 606_p0.zip has two entries named "000000.jpg"')
    expect(lib.line(`${USER}/607_p0.zip`)).toBe('work 607 not imported: the frame notes.txt is not a JPEG or PNG image')
    lib.expectNothingOf(606)
    lib.expectNothingOf(607)
    for (const [i, name] of names.entries()) {
      const id = 603 + i
      expect(lib.line(`${USER}/${id}_p0.zip`)).toBe(
        `work ${id} not imported: ${id}_p0.zip has an entry outside its folder (${JSON.stringify(name)})`,
      )
      lib.expectNothingOf(id)
    }
    lib.expectGoodImported()
  })

  it('a decompression-bomb image, as a page and as a frame of an ugoira zip', async () => {
    const lib = new Library()
    await lib.putGood()
    const bomb = await bombPng(100_000, 100_000)
    lib.putWork(`${USER}/603_p0.png`, bomb, gallerySidecar(603, 0))
    lib.putWork(`${USER}/604_p0.zip`, zipSync({ '000000.png': bomb }), ugoira(604, [{ file: '000000.png', delay: 50 }]))
    // a bomb as a later frame of a zip (the zip's other sizes are rendered from every frame)
    const frames = [0, 1].map((i) => ({ file: `${String(i).padStart(6, '0')}.png`, delay: 50 }))
    const later = zipSync({ '000000.png': await image(10, 10, 'png'), '000001.png': bomb })
    lib.putWork(`${USER}/605_p0.zip`, later, ugoira(605, frames))
    await lib.import()
    expect(lib.line(`${USER}/603_p0.png`)).toMatch(/^work 603 not imported: 603_p0\.png is too large/)
    expect(lib.line(`${USER}/604_p0.zip`)).toMatch(/^work 604 not imported: the frame 000000\.png is 100000×100000/)
    expect(lib.line(`${USER}/605_p0.zip`)).toMatch(/^work 605 not imported: the frame 000001\.png is 100000×100000/)
    lib.expectNothingOf(605)
    lib.expectNothingOf(603)
    lib.expectNothingOf(604)
    lib.expectGoodImported()
  })

  it('a symbolic link leading out of the library, to a file and to a folder, also put in place during the import', async () => {
    const lib = new Library()
    await lib.putGood()
    const outside = path.join(lib.dir, 'outside')
    mkdirSync(path.join(outside, 'folder'), { recursive: true })
    writeFileSync(path.join(outside, '603_p0.jpg'), await image(10, 10, 'jpeg'))
    writeFileSync(path.join(outside, '603_p0.jpg.json'), JSON.stringify(gallerySidecar(603, 0)))
    writeFileSync(path.join(outside, 'folder/604_p0.jpg'), await image(10, 10, 'jpeg'))
    writeFileSync(path.join(outside, 'folder/604_p0.jpg.json'), JSON.stringify(gallerySidecar(604, 0)))
    symlinkSync(path.join(outside, '603_p0.jpg'), lib.path(`${USER}/603_p0.jpg`))
    symlinkSync(path.join(outside, '603_p0.jpg.json'), lib.path(`${USER}/603_p0.jpg.json`))
    symlinkSync(path.join(outside, 'folder'), lib.path('pixiv/linked'))
    // a file the walk found, replaced by a link out of the library while the import runs
    lib.putWork('pixiv/z last/605_p0.jpg', await image(10, 10, 'jpeg'), gallerySidecar(605, 0))
    let swapped = false
    await lib.import({
      onProgress: () => {
        if (swapped) return
        swapped = true
        unlinkSync(lib.path('pixiv/z last/605_p0.jpg'))
        symlinkSync(path.join(outside, '603_p0.jpg'), lib.path('pixiv/z last/605_p0.jpg'))
      },
    })
    expect(lib.line('pixiv/z last/605_p0.jpg')).toBe(
      'work 605 not imported: 605_p0.jpg is a symbolic link now: not followed',
    )
    lib.expectNothingOf(605)
    const out = /^a symbolic link leading out of the library \(to .+\): not followed$/
    expect(lib.line(`${USER}/603_p0.jpg`)).toMatch(out)
    expect(lib.line(`${USER}/603_p0.jpg.json`)).toMatch(out)
    expect(lib.line('pixiv/linked')).toMatch(out)
    expect(lib.report.skipped.filter((s) => s.path.includes('604'))).toEqual([])
    lib.expectNothingOf(603)
    lib.expectNothingOf(604)
    lib.expectGoodImported()
  })

  it('an unreadable file: gone between the walk and the read, a named pipe (also put in place during the import)', async () => {
    const lib = new Library()
    await lib.putGood()
    lib.putWork(`pixiv/z last/603_p0.jpg`, await image(10, 10, 'jpeg'), gallerySidecar(603, 0))
    lib.putWork(`pixiv/z last/605_p0.jpg`, await image(10, 10, 'jpeg'), gallerySidecar(605, 0))
    // a named pipe would block a read for ever
    execFileSync('mkfifo', [lib.path(`${USER}/604_p0.jpg`)])
    lib.put(`${USER}/604_p0.jpg.json`, JSON.stringify(gallerySidecar(604, 0)))
    let gone = false
    // works are read in path order: after the first one, the last one's file goes (a user deleting it meanwhile)
    await lib.import({
      onProgress: () => {
        if (gone) return
        gone = true
        unlinkSync(lib.path('pixiv/z last/603_p0.jpg'))
        // and one becomes a named pipe: opened as it is, its read would wait for ever
        unlinkSync(lib.path('pixiv/z last/605_p0.jpg'))
        execFileSync('mkfifo', [lib.path('pixiv/z last/605_p0.jpg')])
      },
    })
    expect(lib.line('pixiv/z last/603_p0.jpg')).toBe('work 603 not imported: 603_p0.jpg is unreadable (ENOENT)')
    expect(lib.line(`${USER}/604_p0.jpg`)).toBe('not a regular file (a named pipe)')
    expect(lib.line('pixiv/z last/605_p0.jpg')).toBe('work 605 not imported: 605_p0.jpg is no longer a regular file')
    lib.expectNothingOf(605)
    expect(lib.line(`${USER}/604_p0.jpg.json`)).toBe('a metadata sidecar without its file')
    lib.expectNothingOf(603)
    lib.expectNothingOf(604)
    lib.expectGoodImported()
  })

  it('an unreadable file and folder (no read permission; as root, the import runs as nobody)', async () => {
    const lib = new Library()
    await lib.putGood()
    lib.putWork(`${USER}/603_p0.jpg`, await image(10, 10, 'jpeg'), gallerySidecar(603, 0))
    lib.putWork(`${USER}/604_p0.jpg`, await image(10, 10, 'jpeg'), gallerySidecar(604, 0))
    lib.putWork('pixiv/locked/605_p0.jpg', await image(10, 10, 'jpeg'), gallerySidecar(605, 0))
    expect(await lib.import()).toMatchObject({ imported: 5, skipped: [] })
    const before = [603, 604, 605].map((id) => lib.rows(id))
    lib.putWork(`${USER}/606_p0.jpg`, await image(10, 10, 'jpeg'), gallerySidecar(606, 0))
    // 603's file changed since (a new mtime: the scan reads it again) and cannot be read
    chmodSync(lib.path(`${USER}/603_p0.jpg`), 0o000)
    utimesSync(lib.path(`${USER}/603_p0.jpg`), new Date(), new Date(Date.now() + 5000))
    chmodSync(lib.path(`${USER}/604_p0.jpg.json`), 0o000)
    chmodSync(lib.path(`${USER}/606_p0.jpg`), 0o000)
    chmodSync(lib.path('pixiv/locked'), 0o000)
    await asUnprivileged(lib, () => lib.import())
    expect(lib.line(`${USER}/606_p0.jpg`)).toBe('work 606 not imported: 606_p0.jpg is unreadable (EACCES)')
    expect(lib.line(`${USER}/603_p0.jpg`)).toMatch(/^work 603 not updated \(its last import stays\): .*unreadable/)
    expect(lib.line(`${USER}/604_p0.jpg.json`)).toBe('unreadable (EACCES)')
    expect(lib.line('pixiv/locked')).toBe('unreadable folder (EACCES)')
    expect(lib.line('pixiv/locked/605_p0.jpg')).toMatch(/^work 605 not updated \(its last import stays\)/)
    // the works imported before keep their last version; none is removed for a file it could not read
    expect(lib.report).toMatchObject({ removed: 0, updated: 0, imported: 0 })
    expect([603, 604, 605].map((id) => lib.rows(id))).toEqual(before)
    lib.expectNothingOf(606)
    lib.expectGoodImported()
    chmodSync(lib.path('pixiv/locked'), 0o755)
  })

  it('two sidecars claiming one id with different content: the first in path order is used, the other reported', async () => {
    const lib = new Library()
    await lib.putGood()
    const jpeg = await image(10, 10, 'jpeg')
    lib.putWork(`${USER}/603_p0.jpg`, jpeg, gallerySidecar(603, 0, { title: 'the first copy' }))
    lib.putWork(`pixiv/search/猫/603_p0.jpg`, jpeg, gallerySidecar(603, 0, { title: 'another title' }))
    // a copy downloaded another day: only the counters differ, the same work (nothing to report)
    const later = { title: 'the first copy', total_view: 9000, total_bookmarks: 700, total_comments: 5 }
    lib.putWork(`pixiv/bookmarks/1 me/603_p0.jpg`, jpeg, gallerySidecar(603, 0, later))
    await lib.import()
    expect(lib.line('pixiv/search/猫/603_p0.jpg')).toBe(
      `work 603 page 0 differs from its other copy ${USER}/603_p0.jpg, which is used`,
    )
    expect(lib.line(`${USER}/603_p0.jpg`)).toBeUndefined()
    expect(lib.line('pixiv/bookmarks/1 me/603_p0.jpg')).toBeUndefined()
    expect(lib.rows(603).works).toMatchObject([{ title: 'the first copy' }])
    expect(lib.rows(603).workFiles).toMatchObject([{ path: lib.path(`${USER}/603_p0.jpg`) }])
    lib.expectGoodImported()
  })
})

const WRITER = { id: 880001, name: 'Writer', account: 'writer_a' }
const novel = (id: number, user = WRITER): FixtureNovel => ({
  id,
  title: `novel ${id}`,
  createDate: '2024-03-01T10:00:00+09:00',
  user,
  text: `[chapter:${id}]\nplain text of ${id}`,
})

/** Every row of a novel (its text, its files and its library record). */
function novelRows(lib: Library, id: number) {
  const db = new Database(lib.catalogue, { readonly: true })
  try {
    const all = (sql: string) => db.prepare(sql).all(id)
    return {
      novels: all('SELECT * FROM novels WHERE id = ?'),
      texts: all('SELECT * FROM novel_texts WHERE novel_id = ?'),
      files: all('SELECT * FROM novel_files WHERE novel_id = ? ORDER BY role, image_id'),
      library: all('SELECT novel_id, root, fingerprint FROM library_novels WHERE novel_id = ?'),
    }
  } finally {
    db.close()
  }
}

describe('bad input in every format: novels (gallery-dl and PixivUtil2) and works imported before', () => {
  it("a truncated novel cover, a novel's text or page replaced by a named pipe during the import", async () => {
    const lib = new Library()
    await lib.putGood()
    const jpeg = await image(300, 200, 'jpeg')
    const cut = writeGalleryDlNovel(lib.root, novel(9201), {
      cover: { data: jpeg.subarray(0, jpeg.length >> 1), ext: 'jpg' },
    })
    // read after the first item: a FIFO opened as it is would block the import for ever
    const piped = writeGalleryDlNovel(lib.root, novel(9209))
    const page = writePixivUtil2Novel(lib.root, novel(9301, { id: 880002, name: 'PU2 Author', account: 'unused' }))
    let swapped = false
    await lib.import({
      onProgress: () => {
        if (swapped) return
        swapped = true
        for (const f of [piped.text, page]) {
          unlinkSync(f)
          execFileSync('mkfifo', [f])
        }
      },
    })
    const rel = (f: string) => path.relative(lib.root, f)
    expect(lib.line(rel(cut.cover!))).toMatch(/^novel 9201 not imported: 9201_p1\.jpg is truncated \(no JPEG end/)
    expect(novelRows(lib, 9201).novels).toEqual([])
    expect(lib.line(rel(piped.text))).toBe('novel 9209 not imported: 9209_p0.txt is no longer a regular file')
    expect(lib.line(rel(page))).toMatch(/^novel 9301 not imported: .*\.html is no longer a regular file$/)
    expect(novelRows(lib, 9209).novels).toEqual([])
    expect(novelRows(lib, 9301).novels).toEqual([])
    lib.expectGoodImported()
  })

  it("a novel imported before whose image's sidecar goes bad keeps its last import (not written without the image)", async () => {
    const lib = new Library()
    await lib.putGood()
    const files = writeGalleryDlNovel(lib.root, novel(9202), {
      cover: { data: await image(30, 20, 'jpeg'), ext: 'jpg' },
    })
    expect(await lib.import()).toMatchObject({ imported: 3, skipped: [] })
    const before = novelRows(lib, 9202)
    expect(before.files).toHaveLength(1)
    writeFileSync(`${files.cover!}.json`, '{"id": 9202, "category": "pixiv-novel", "title": ')
    // and the text changed: read again, it would be written without its cover
    writeFileSync(files.text, '[chapter:edited]\nedited text')
    expect(await lib.import()).toMatchObject({ updated: 0, removed: 0 })
    expect(novelRows(lib, 9202)).toEqual(before)
    const rel = (f: string) => path.relative(lib.root, f)
    expect(lib.line(`${rel(files.cover!)}.json`)).toMatch(/^truncated JSON/)
    expect(lib.line(rel(files.cover!))).toMatch(
      /^novel 9202 not updated \(its last import stays\): .*9202_p1\.jpg: its sidecar: truncated JSON/,
    )
    expect(lib.line(rel(files.text))).toMatch(/^novel 9202 not updated \(its last import stays\)/)
  })

  it('a work imported before whose page goes missing keeps its last import', async () => {
    const lib = await importedBefore(async () => {})
    const before = lib.rows(602)
    unlinkSync(lib.path(`${USER}/602_p0.png`))
    unlinkSync(lib.path(`${USER}/602_p0.png.json`))
    expect(await lib.import()).toMatchObject({ updated: 0, removed: 0 })
    expect(lib.rows(602)).toEqual(before)
    expect(lib.line(`${USER}/602_p1.jpg`)).toBe(
      'work 602 not updated (its last import stays): page 0 is missing from the archive',
    )
  })
})

/**
 * Runs `f` with the effective user `nobody` when the tests run as root (whom no permission bits stop), so that a mode
 * of 000 is unreadable as it is to a service run by an ordinary user. The catalogue is nobody's for the while.
 */
async function asUnprivileged<T>(lib: Library, f: () => Promise<T>): Promise<T> {
  if (process.getuid?.() !== 0) return f()
  const nobody = 65534
  const own = (p: string) => {
    chownSync(p, nobody, nobody)
    if (lstatSync(p).isDirectory()) for (const e of readdirSync(p)) own(path.join(p, e))
  }
  for (const p of [
    lib.dir,
    ...readdirSync(lib.dir)
      .filter((e) => e.startsWith('library.db'))
      .map((e) => path.join(lib.dir, e)),
  ])
    chownSync(p, nobody, nobody)
  chmodSync(lib.dir, 0o755)
  own(lib.root)
  process.setegid!(nobody)
  process.seteuid!(nobody)
  try {
    return await f()
  } finally {
    process.seteuid!(0)
    process.setegid!(0)
  }
}

describe('the archive', () => {
  it('is untouched by an import of good and bad files: every byte, mode and mtime as before, nothing added', async () => {
    const lib = new Library()
    await lib.putGood()
    lib.put(`${USER}/603_p0.jpg.json`, '{"id": 603, "title": "cut')
    lib.put(`${USER}/603_p0.jpg`, await image(10, 10, 'jpeg'))
    lib.put(`${USER}/604_p0.jpg`, await image(10, 10, 'jpeg'))
    const jpeg = await image(300, 200, 'jpeg')
    lib.putWork(`${USER}/605_p0.jpg`, jpeg.subarray(0, 500), gallerySidecar(605, 0))
    lib.putWork(`${USER}/606_p0.zip`, zipSync({ '../x.jpg': jpeg }), ugoira(606))
    lib.putWork(`${USER}/607_p0.zip`, zipSync({ '000000.jpg': jpeg }), ugoira(607))
    lib.putWork(`${USER}/608_p0.png`, await bombPng(100_000, 100_000), gallerySidecar(608, 0))
    symlinkSync(lib.path(`${USER}/601_p0.jpg`), lib.path(`${USER}/609_p0.jpg`))
    const before = fingerprint(lib.root)
    await lib.import()
    expect(lib.report.imported).toBeGreaterThanOrEqual(3) // 601, 602 and 607 at least
    // and again (nothing to do), and once more after a change
    await lib.import()
    lib.put(`${USER}/601_p0.jpg.json`, JSON.stringify(gallerySidecar(601, 0, { title: 'renamed' })))
    const changed = fingerprint(lib.root)
    expect(await lib.import()).toMatchObject({ updated: 1 })
    expect(fingerprint(lib.root)).toEqual(changed)
    delete changed[`${USER}/601_p0.jpg.json`]
    delete before[`${USER}/601_p0.jpg.json`]
    expect(changed).toEqual(before)
  })
})

/** sha256, mode, size and mtime of every entry under `root` (symbolic links as links), by relative path. */
function fingerprint(root: string): Record<string, string> {
  const out: Record<string, string> = {}
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name)
      const st = lstatSync(full, { bigint: true })
      const content = e.isFile()
        ? createHash('sha256').update(readFileSync(full)).digest('hex')
        : e.isDirectory()
          ? 'dir'
          : 'link'
      out[path.relative(root, full)] = `${content} ${st.mode} ${st.size} ${st.mtimeNs}`
      if (e.isDirectory()) visit(full)
    }
  }
  visit(root)
  return out
}
