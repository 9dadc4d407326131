import type pg from 'pg'
import type { LibraryDb } from '../library-db.ts'
import { LIST_TABLES, rankingChanges, type ListChanges, type ListKind, type RankingRow } from '../library-lists.ts'
import { novelSeriesMoves, novelValues, type LibraryNovelRecord } from '../library-novel-writer.ts'
import {
  parseUserFilesSeen,
  profileHashOfFiles,
  userFilesSeenKey,
  type UserFileDigestRow,
} from '../library-user-files.ts'
import {
  EMPTY_PROFILE,
  keyOf,
  parseKey,
  profileHashOf,
  workSeriesMoves,
  workValues,
  type LibraryItemKind,
  type LibraryWorkRecord,
  type SeriesEntry,
} from '../library-writer.ts'
import { SCHEMA_VERSION } from '../schema.ts'
import { row, rows, transaction } from './pool.ts'

// The library import's LibraryDb on PostgreSQL: the writes of library-writer.ts, library-novel-writer.ts,
// library-user-files.ts and library-lists.ts, each to the same rows, so an archive imported here gives the catalogue
// it gives on SQLite (library-db.parity.test.ts). Each item, user file and list sync is one transaction.
//
// Several instances may import into one database. Their scans are serialized elsewhere, but each write here stands
// another writer's at the same moment: a user, tag or series another transaction has just made is taken as found
// (ON CONFLICT), not a failed item.
//
// Where the engines differ:
// - A novel in a series whose archive records no position is last (series_order the column's largest value) until
//   finishSeries numbers it: 2^31 - 1 here, where SQLite's integer column holds 2^53 - 1.
// - New tags take their ids from the column's sequence, where SQLite takes max(id) + 1: the same ids while tags are
//   only ever added, and the import never deletes one. An item whose transaction fails after making a tag uses up a
//   sequence number here, and the next new tag's id is one higher than SQLite's would be.
// - PostgreSQL's text holds no NUL character: an item whose text, title or caption has one is reported as not
//   imported here, where SQLite stores it.

/** An imported novel in a series with no recorded position, until finishSeries numbers it: int4's largest. */
const UNNUMBERED = 2_147_483_647

type Client = pg.ClientBase

/** The library import's reads and writes on `pool`, a PostgreSQL catalogue of this code's schema (openPgPool). */
export function pgLibraryDb(pool: pg.Pool): LibraryDb {
  return {
    async fingerprints(root) {
      const found = await rows<{ kind: LibraryItemKind; id: number; fingerprint: string }>(
        pool,
        `SELECT 'illust' AS kind, work_id AS id, fingerprint FROM library_works WHERE root = $1
         UNION ALL SELECT 'novel', novel_id, fingerprint FROM library_novels WHERE root = $1
         ORDER BY kind, id`,
        [root],
      )
      return new Map(found.map((r) => [keyOf(r), r.fingerprint]))
    },

    async filesOf(root) {
      // in SQLite's order (by item, then page, or role and image), which decides a path two items name
      const found = await rows<{ path: string; kind: LibraryItemKind; id: number }>(
        pool,
        `SELECT f.path, 'illust' AS kind, f.work_id AS id, f.page, NULL AS role, NULL::bigint AS image_id
           FROM work_files f JOIN library_works l ON l.work_id = f.work_id WHERE l.root = $1
         UNION ALL SELECT f.path, 'novel', f.novel_id, NULL, f.role, f.image_id
           FROM novel_files f JOIN library_novels l ON l.novel_id = f.novel_id WHERE l.root = $1
         ORDER BY kind, id, page, role, image_id`,
        [root],
      )
      return new Map(found.map((r) => [r.path, { kind: r.kind, id: r.id }]))
    },

    put: (root, item, fingerprint, nowTs) =>
      transaction(pool, (c) =>
        item.kind === 'novel'
          ? putNovel(c, root, item.record, fingerprint, nowTs)
          : putWork(c, root, item.record, fingerprint, nowTs),
      ),

    remove: (key) =>
      transaction(pool, (c) => {
        const { kind, id } = parseKey(key)
        return kind === 'novel' ? removeNovelRows(c, id) : removeWorkRows(c, id)
      }),

    finishSeries: () =>
      transaction(pool, async (c) => {
        const works = await rows<SeriesEntry>(
          c,
          `SELECT w.id, w.series_id, w.series_order AS current, l.series_order AS recorded
             FROM works w LEFT JOIN library_works l ON l.work_id = w.id
            WHERE w.series_id IS NOT NULL ORDER BY w.series_id, w.created_ts, w.id`,
        )
        await setSeriesOrders(c, 'works', workSeriesMoves(works))
        await c.query('DELETE FROM illust_series s WHERE NOT EXISTS (SELECT 1 FROM works w WHERE w.series_id = s.id)')
        const novels = await rows<SeriesEntry>(
          c,
          `SELECT v.id, v.series_id, v.series_order AS current, l.series_order AS recorded
             FROM novels v LEFT JOIN library_novels l ON l.novel_id = v.id
            WHERE v.series_id IS NOT NULL ORDER BY v.series_id, v.created_ts, v.id`,
        )
        await setSeriesOrders(c, 'novels', novelSeriesMoves(novels))
        await c.query('DELETE FROM novel_series s WHERE NOT EXISTS (SELECT 1 FROM novels v WHERE v.series_id = s.id)')
      }),

    setSkipped: (root, skipped) =>
      transaction(pool, async (c) => {
        await c.query('DELETE FROM library_skipped WHERE root = $1', [root])
        // a path reported twice keeps its last reason, as SQLite's INSERT OR REPLACE row by row does
        const byPath = new Map(skipped.map((s) => [s.path, s.reason]))
        if (byPath.size === 0) return
        await c.query(
          `INSERT INTO library_skipped (root, path, reason) SELECT $1, * FROM unnest($2::text[], $3::text[])
           ON CONFLICT (root, path) DO UPDATE SET reason = EXCLUDED.reason`,
          [root, [...byPath.keys()], [...byPath.values()]],
        )
      }),

    async bumpItemsVersion() {
      // One statement, so two imports bumping at once both count. A value that is not a number counts as 0, as
      // SQLite's `Number(value) || 0` takes the integers this key ever holds.
      await pool.query(
        `INSERT INTO meta (key, value) VALUES ('items_version', '1') ON CONFLICT (key) DO UPDATE
         SET value = ((CASE WHEN meta.value ~ '^[0-9]{1,15}$' THEN meta.value::bigint ELSE 0 END) + 1)::text`,
      )
    },

    setMeta: (key, value) => setMeta(pool, key, value),

    ensureOwner: (o) =>
      transaction(pool, async (c) => {
        const made = await row(
          c,
          `INSERT INTO users (id, name, account, comment, password_hash, x_restrict, is_premium, profile_date,
             profile_hash, profile_json, role) VALUES ($1, $2, $3, '', $4, 2, 1, $5, $6, $7, 'admin')
           ON CONFLICT (account) DO NOTHING RETURNING id`,
          [o.id, o.name, o.account, o.passwordHash, o.profileDate, profileHashOf(o.id), EMPTY_PROFILE],
        )
        if (!made) return false
        await setMeta(c, 'owner_account', o.account)
        return true
      }),

    async setPassword(account, passwordHash) {
      const r = await pool.query('UPDATE users SET password_hash = $1 WHERE account = $2', [passwordHash, account])
      return (r.rowCount ?? 0) > 0
    },

    hasAccount: async (account) => (await row(pool, 'SELECT 1 FROM users WHERE account = $1', [account])) !== undefined,

    userFiles: {
      async seen(root) {
        const r = await row<{ value: string }>(pool, 'SELECT value FROM meta WHERE key = $1', [userFilesSeenKey(root)])
        return parseUserFilesSeen(r?.value)
      },

      setSeen: (root, seen) => setMeta(pool, userFilesSeenKey(root), JSON.stringify(Object.fromEntries(seen))),

      put: (f, owner, profileDate) =>
        transaction(pool, async (c) => {
          const user = await row(c, 'SELECT 1 FROM users WHERE id = $1', [owner.id])
          if (!user) {
            const clash = await row<{ id: number }>(c, 'SELECT id FROM users WHERE account = $1', [owner.account])
            if (clash) throw new Error(`user ${owner.id}'s account "${owner.account}" is already user ${clash.id}'s`)
            await c.query(
              `INSERT INTO users (id, name, account, comment, password_hash, x_restrict, is_premium, profile_date,
                 profile_hash, profile_json) VALUES ($1, $2, $3, '', NULL, 0, 0, $4, '', $5)
               ON CONFLICT (id) DO NOTHING`,
              [owner.id, owner.name, owner.account, profileDate ?? '2000/01/01/00/00/00', EMPTY_PROFILE],
            )
          }
          await c.query(
            `INSERT INTO user_files (user_id, role, path, width, height, ext, bytes, mtime_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (user_id, role) DO UPDATE SET path = EXCLUDED.path, width = EXCLUDED.width,
               height = EXCLUDED.height, ext = EXCLUDED.ext, bytes = EXCLUDED.bytes, mtime_ms = EXCLUDED.mtime_ms`,
            [f.userId, f.role, f.path, f.width, f.height, f.ext, f.bytes, Math.round(f.mtimeMs)],
          )
          if (profileDate && f.role === 'avatar')
            await c.query('UPDATE users SET profile_date = $1 WHERE id = $2', [profileDate, f.userId])
          await rehash(c, f.userId)
        }),

      remove: (userId, role) =>
        transaction(pool, async (c) => {
          await c.query('DELETE FROM user_files WHERE user_id = $1 AND role = $2', [userId, role])
          await rehash(c, userId)
        }),

      worksOf: async (userId) =>
        (await rows<{ id: number }>(pool, 'SELECT id FROM works WHERE user_id = $1 ORDER BY id', [userId])).map(
          (r) => r.id,
        ),
    },

    lists: {
      async ownerId() {
        const r = await row<{ id: number }>(
          pool,
          "SELECT u.id FROM users u JOIN meta m ON m.key = 'owner_account' AND m.value = u.account",
        )
        return r?.id
      },

      async present(kind, ids) {
        const found = await rows<{ id: number }>(
          pool,
          `SELECT id FROM ${LIST_TABLES[kind].items} WHERE id = ANY($1::bigint[])`,
          [ids],
        )
        return new Set(found.map((r) => r.id))
      },

      syncBookmarks: (root, kind, ownerId, list) =>
        transaction(pool, (c) => syncBookmarks(c, root, kind, ownerId, list)),

      syncRankings: (root, kind, days) =>
        transaction(pool, async (c) => {
          const current = await rows<RankingRow>(
            c,
            'SELECT mode, day, item_id FROM library_rankings WHERE root = $1 AND kind = $2 ORDER BY mode, day, rank',
            [root, kind],
          )
          const { write, drop } = rankingChanges(current, days)
          for (const { mode, day, ids } of write) {
            await c.query('DELETE FROM library_rankings WHERE kind = $1 AND mode = $2 AND day = $3', [kind, mode, day])
            await c.query(
              `INSERT INTO library_rankings (kind, mode, day, rank, item_id, root)
               SELECT $1, $2, $3, r.rank, r.id, $4 FROM unnest($5::bigint[]) WITH ORDINALITY AS r(id, rank)`,
              [kind, mode, day, root, ids],
            )
          }
          for (const { mode, day } of drop)
            await c.query('DELETE FROM library_rankings WHERE kind = $1 AND mode = $2 AND day = $3 AND root = $4', [
              kind,
              mode,
              day,
              root,
            ])
          return write.length + drop.length
        }),
    },

    async pathsStartingWith(prefixes) {
      // SQLite's LIKE (copy.ts's query there) ignores the case of ASCII letters: so does lower() on these "C"-collated
      // columns, and nothing else
      const found = await rows<{ path: string }>(
        pool,
        `SELECT path FROM (SELECT path FROM work_files UNION ALL SELECT path FROM novel_files
                           UNION ALL SELECT path FROM user_files) f
          WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) p WHERE starts_with(lower(f.path), lower(p COLLATE "C")))`,
        [prefixes],
      )
      return found.map((r) => r.path)
    },
  }
}

/**
 * Makes the database at `pool`, already migrated (openPostgresCatalogue migrates first), an empty library catalogue:
 * the meta rows createEmptyCatalogue (library-writer.ts) writes, schema_version included (what a db:copy of a SQLite
 * catalogue brings, and a copy back to SQLite needs). True when it made it; false when it was one already. Throws
 * when it holds another catalogue.
 */
export async function createEmptyPgLibrary(pool: pg.Pool): Promise<boolean> {
  return transaction(pool, async (c) => {
    // instances starting at once: one makes it, the others wait here and find it made
    await c.query('LOCK TABLE meta IN SHARE ROW EXCLUSIVE MODE')
    const kind = await row<{ value: string }>(c, "SELECT value FROM meta WHERE key = 'catalogue_kind'")
    if (kind?.value === 'library') return false
    if (kind || (await row(c, 'SELECT 1 FROM meta LIMIT 1')) || (await row(c, 'SELECT 1 FROM works LIMIT 1')))
      throw new Error(
        'the PostgreSQL database holds a catalogue that is not a library (the demo catalogue): a library needs a database of its own (an empty one, or one `npm run db:copy` filled from a library.db)',
      )
    await c.query('INSERT INTO meta (key, value) VALUES ($1, $2), ($3, $4)', [
      'schema_version',
      String(SCHEMA_VERSION),
      'catalogue_kind',
      'library',
    ])
    return true
  })
}

const setMeta = async (db: pg.Pool | Client, key: string, value: string) => {
  await db.query(
    'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
    [key, value],
  )
}

async function putWork(c: Client, root: string, w: LibraryWorkRecord, fingerprint: string, nowTs: number) {
  await putUser(c, w.user)
  if (w.series)
    await c.query(
      `INSERT INTO illust_series (id, user_id, title, caption, created_ts, cover_token) VALUES ($1, $2, $3, '', $4, $5)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, user_id = EXCLUDED.user_id,
         created_ts = LEAST(illust_series.created_ts, EXCLUDED.created_ts)`,
      [w.series.id, w.user.id, w.series.title, w.createdTs, `library-series-${w.series.id}`],
    )
  await removeWorkRows(c, w.id)
  await c.query(
    `INSERT INTO works (id, user_id, type, title, caption, created_ts, width, height, page_count, ext, sanity_level,
       x_restrict, restrict, ai_type, book_style, total_view, total_bookmarks, total_comments, comment_access_control,
       series_id, series_order, tools_json, frame_delays_json, restricted_mode, male_share)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, NULL, $21, $22,
       0, 50)`,
    workValues(w, w.series?.id ?? null),
  )
  const tags = firstOfEach(await putTags(c, w.tags))
  await insertEach(
    c,
    'work_tags',
    ['work_id', 'bigint', w.id],
    [
      ['pos', 'int', tags.map((_, pos) => pos)],
      ['tag_id', 'bigint', tags.map((t) => t.id)],
    ],
  )
  await insertEach(
    c,
    'work_files',
    ['work_id', 'bigint', w.id],
    [
      ['page', 'int', w.files.map((f) => f.page)],
      ['kind', 'text', w.files.map((f) => f.kind)],
      ...fileColumns(w.files),
    ],
  )
  await c.query(
    'INSERT INTO library_works (work_id, root, fingerprint, imported_ts, series_order) VALUES ($1, $2, $3, $4, $5)',
    [w.id, root, fingerprint, nowTs, w.seriesOrder ?? null],
  )
}

async function putNovel(c: Client, root: string, n: LibraryNovelRecord, fingerprint: string, nowTs: number) {
  await putUser(c, n.user)
  if (n.series)
    await c.query(
      `INSERT INTO novel_series (id, user_id, title, caption, is_original, is_concluded, created_ts)
       VALUES ($1, $2, $3, '', $4, 0, $5)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, user_id = EXCLUDED.user_id,
         created_ts = LEAST(novel_series.created_ts, EXCLUDED.created_ts)`,
      [n.series.id, n.user.id, n.series.title, n.isOriginal ? 1 : 0, n.createdTs],
    )
  await removeNovelRows(c, n.id)
  await c.query(
    `INSERT INTO novels (id, user_id, title, caption, created_ts, restrict, x_restrict, is_original, ai_type,
       page_count, text_length, total_view, total_bookmarks, total_comments, series_id, series_order, cover_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    novelValues(n, UNNUMBERED),
  )
  await c.query('INSERT INTO novel_texts (novel_id, text) VALUES ($1, $2)', [n.id, n.text])
  const tags = firstOfEach(await putTags(c, n.tags))
  await insertEach(
    c,
    'novel_tags',
    ['novel_id', 'bigint', n.id],
    [
      ['pos', 'int', tags.map((_, pos) => pos)],
      ['tag_id', 'bigint', tags.map((t) => t.id)],
      ['by_author', 'int', tags.map((t) => (n.tags[t.at]!.byAuthor ? 1 : 0))],
    ],
  )
  const images = n.files.filter((f) => f.role === 'image')
  await insertEach(
    c,
    'novel_images',
    ['novel_id', 'bigint', n.id],
    [
      ['image_id', 'bigint', images.map((f) => f.imageId)],
      ['width', 'int', images.map((f) => f.width)],
      ['height', 'int', images.map((f) => f.height)],
    ],
  )
  await insertEach(
    c,
    'novel_files',
    ['novel_id', 'bigint', n.id],
    [
      ['role', 'text', n.files.map((f) => f.role)],
      ['image_id', 'bigint', n.files.map((f) => f.imageId)],
      ...fileColumns(n.files),
    ],
  )
  await c.query(
    `INSERT INTO library_novels (novel_id, root, fingerprint, imported_ts, series_order)
     VALUES ($1, $2, $3, $4, $5)`,
    [n.id, root, fingerprint, nowTs, n.series ? n.seriesOrder : null],
  )
}

async function removeWorkRows(c: Client, id: number) {
  await c.query(
    `WITH w AS (DELETE FROM works WHERE id = $1), t AS (DELETE FROM work_tags WHERE work_id = $1),
       f AS (DELETE FROM work_files WHERE work_id = $1)
     DELETE FROM library_works WHERE work_id = $1`,
    [id],
  )
}

async function removeNovelRows(c: Client, id: number) {
  await c.query(
    `WITH v AS (DELETE FROM novels WHERE id = $1), x AS (DELETE FROM novel_texts WHERE novel_id = $1),
       t AS (DELETE FROM novel_tags WHERE novel_id = $1), i AS (DELETE FROM novel_images WHERE novel_id = $1),
       f AS (DELETE FROM novel_files WHERE novel_id = $1)
     DELETE FROM library_novels WHERE novel_id = $1`,
    [id],
  )
}

/**
 * A user by id (library-writer.ts putUser): `account` undefined when the archive does not record it, then a known
 * user keeps theirs and a new one gets `user_<id>`. Throws when the account is another user's.
 */
async function putUser(c: Client, u: { id: number; name: string; account?: string }) {
  const found = await rows<{ id: number; account: string }>(
    c,
    'SELECT id, account FROM users WHERE id = $1 OR account = $2',
    [u.id, u.account ?? `user_${u.id}`],
  )
  const account = u.account ?? found.find((r) => r.id === u.id)?.account ?? `user_${u.id}`
  const clash = found.find((r) => r.account === account && r.id !== u.id)
  if (clash) throw new Error(`user ${u.id}'s account "${account}" is already user ${clash.id}'s in this catalogue`)
  await c.query(
    `INSERT INTO users (id, name, account, comment, password_hash, x_restrict, is_premium, profile_date, profile_hash,
       profile_json) VALUES ($1, $2, $3, '', NULL, 0, 0, '2000/01/01/00/00/00', $4, $5)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, account = EXCLUDED.account`,
    [u.id, u.name, account, profileHashOf(u.id), EMPTY_PROFILE],
  )
}

/**
 * The ids of an item's tags, in order (a tag listed twice, twice), made by name when new (library-writer.ts putTag). A
 * names-only tag list says nothing of translations: what another sidecar recorded stays. The tags found are read in
 * one statement; a new tag is made alone, so the sequence gives ids in the item's order, as SQLite's max + 1 does.
 */
async function putTags(c: Client, tags: readonly { name: string; translatedName?: string | null }[]) {
  const known = new Map(
    (
      await rows<{ id: number; name: string; translated_name: string | null }>(
        c,
        'SELECT id, name, translated_name FROM tags WHERE name = ANY($1::text[])',
        [[...new Set(tags.map((t) => t.name))]],
      )
    ).map((r) => [r.name, r]),
  )
  const ids: number[] = []
  for (const t of tags) {
    let tag = known.get(t.name)
    if (!tag) {
      const made = await row<{ id: number }>(
        c,
        'INSERT INTO tags (name, translated_name) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING id',
        [t.name, t.translatedName ?? null],
      )
      if (made) {
        known.set(t.name, { id: made.id, name: t.name, translated_name: t.translatedName ?? null })
        ids.push(made.id)
        continue
      }
      // another import made it since the read above (its insert waited for that one's commit)
      tag = (await row<{ id: number; name: string; translated_name: string | null }>(
        c,
        'SELECT id, name, translated_name FROM tags WHERE name = $1',
        [t.name],
      ))!
      known.set(t.name, tag)
    }
    if (t.translatedName !== undefined && t.translatedName !== tag.translated_name) {
      await c.query('UPDATE tags SET translated_name = $1 WHERE id = $2', [t.translatedName, tag.id])
      tag.translated_name = t.translatedName
    }
    ids.push(tag.id)
  }
  return ids
}

/** One column of rows to insert: its name, its SQL type, and its value in each row. */
type Column = readonly [name: string, type: string, values: readonly unknown[]]

/**
 * Inserts a row for each place of the columns' values (all of one length), in one statement whatever the number of
 * rows, with `first` the same in every row (the item's id).
 */
async function insertEach(c: Client, table: string, first: readonly [string, string, unknown], columns: Column[]) {
  if (columns[0]![2].length === 0) return
  await c.query(
    `INSERT INTO ${table} (${[first[0], ...columns.map(([name]) => name)].join(', ')})
     SELECT $1::${first[1]}, * FROM unnest(${columns.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ')})`,
    [first[2], ...columns.map(([, , values]) => values)],
  )
}

/** The columns every imported file has, work page or novel image: where it is and what was read of it. */
const fileColumns = (
  files: readonly { path: string; width: number; height: number; ext: string; bytes: number; mtimeMs: number }[],
): Column[] => [
  ['path', 'text', files.map((f) => f.path)],
  ['width', 'int', files.map((f) => f.width)],
  ['height', 'int', files.map((f) => f.height)],
  ['ext', 'text', files.map((f) => f.ext)],
  ['bytes', 'bigint', files.map((f) => f.bytes)],
  ['mtime_ms', 'bigint', files.map((f) => Math.round(f.mtimeMs))],
]

/** Each id once, at its first place: `at` is that place in the item's tag list. */
function firstOfEach(ids: readonly number[]): { id: number; at: number }[] {
  const seen = new Set<number>()
  const out: { id: number; at: number }[] = []
  ids.forEach((id, at) => {
    if (seen.has(id)) return
    seen.add(id)
    out.push({ id, at })
  })
  return out
}

/** The series positions finishSeries moved, in one statement however many. */
async function setSeriesOrders(c: Client, table: 'works' | 'novels', moves: readonly [number, number][]) {
  if (moves.length === 0) return
  await c.query(
    `UPDATE ${table} t SET series_order = m.o FROM unnest($1::bigint[], $2::int[]) AS m(id, o) WHERE t.id = m.id`,
    [moves.map((m) => m[0]), moves.map((m) => m[1])],
  )
}

/** A new profile hash from the user's files (library-user-files.ts rehash). */
async function rehash(c: Client, userId: number) {
  const files = await rows<UserFileDigestRow>(
    c,
    'SELECT role, path, bytes, mtime_ms FROM user_files WHERE user_id = $1 ORDER BY role',
    [userId],
  )
  await c.query('UPDATE users SET profile_hash = $1 WHERE id = $2', [profileHashOfFiles(userId, files), userId])
}

/**
 * library-lists.ts syncBookmarks, statement for statement. A new bookmark's id is above every existing one, as
 * SQLite's max(id) + 1 gives it (the list's newest the highest): read under a lock that holds off the service's own
 * bookmark writes until this commits, and the column's sequence moved past the ids given, so the service's next
 * bookmark (which takes the sequence's) never lands on one of them.
 */
async function syncBookmarks(
  c: Client,
  root: string,
  kind: ListKind,
  ownerId: number,
  list: readonly { itemId: number; restrict: 0 | 1; tags: string[]; ts: number }[],
): Promise<ListChanges> {
  const t = LIST_TABLES[kind]
  const out: ListChanges = { added: 0, updated: 0, removed: 0 }
  const tracked = new Map(
    (
      await rows<{ item_id: number; bookmark_id: number | null; restrict: number; tags_json: string }>(
        c,
        `SELECT item_id, bookmark_id, restrict, tags_json FROM library_bookmarks WHERE root = $1 AND kind = $2
         ORDER BY item_id`,
        [root, kind],
      )
    ).map((r) => [r.item_id, r]),
  )
  const mine = async (id: number, itemId: number) =>
    (await row(c, `SELECT 1 FROM ${t.bookmarks} WHERE id = $1 AND user_id = $2 AND item_id = $3`, [
      id,
      ownerId,
      itemId,
    ])) !== undefined
  const addTags = (id: number, names: string[]) =>
    names.length === 0
      ? undefined
      : c.query(`INSERT INTO ${t.tags} (bookmark_id, name) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [
          id,
          names,
        ])
  const track = (itemId: number, bookmarkId: number | null, restrict: number, tagsJson: string) =>
    c.query(
      `INSERT INTO library_bookmarks (root, kind, item_id, bookmark_id, restrict, tags_json)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (root, kind, item_id) DO UPDATE SET bookmark_id = EXCLUDED.bookmark_id,
         restrict = EXCLUDED.restrict, tags_json = EXCLUDED.tags_json`,
      [root, kind, itemId, bookmarkId, restrict, tagsJson],
    )

  const wanted = new Set(list.map((b) => b.itemId))
  for (const [itemId, r] of tracked) {
    if (wanted.has(itemId)) continue
    if (r.bookmark_id !== null && (await mine(r.bookmark_id, itemId))) {
      await c.query(`DELETE FROM ${t.tags} WHERE bookmark_id = $1`, [r.bookmark_id])
      await c.query(`DELETE FROM ${t.bookmarks} WHERE id = $1`, [r.bookmark_id])
      out.removed++
    }
    await c.query('DELETE FROM library_bookmarks WHERE root = $1 AND kind = $2 AND item_id = $3', [root, kind, itemId])
  }
  // the next new bookmark's id, once the lock is held
  let next: number | undefined
  // oldest first, so that the newest gets the highest id
  for (const b of [...list].reverse()) {
    const tags = [...new Set(b.tags)]
    const tagsJson = JSON.stringify(tags)
    const r = tracked.get(b.itemId)
    if (r) {
      if (r.restrict === b.restrict && r.tags_json === tagsJson) continue
      if (r.bookmark_id !== null && (await mine(r.bookmark_id, b.itemId))) {
        await c.query(`UPDATE ${t.bookmarks} SET restrict = $1 WHERE id = $2`, [b.restrict, r.bookmark_id])
        await c.query(`DELETE FROM ${t.tags} WHERE bookmark_id = $1`, [r.bookmark_id])
        await addTags(r.bookmark_id, tags)
        out.updated++
      }
      await track(b.itemId, r.bookmark_id, b.restrict, tagsJson)
      continue
    }
    if (next === undefined) {
      await c.query(`LOCK TABLE ${t.bookmarks} IN SHARE ROW EXCLUSIVE MODE`)
      next = (await row<{ id: number }>(c, `SELECT COALESCE(MAX(id), 0) + 1 AS id FROM ${t.bookmarks}`))!.id
    }
    const own = await row(c, `SELECT 1 FROM ${t.bookmarks} WHERE user_id = $1 AND item_id = $2`, [ownerId, b.itemId])
    let id: number | null = null
    if (!own) {
      id = next++
      await c.query(
        `INSERT INTO ${t.bookmarks} (id, user_id, item_id, restrict, created_ts) VALUES ($1, $2, $3, $4, $5)`,
        [id, ownerId, b.itemId, b.restrict, b.ts],
      )
      await addTags(id, tags)
      out.added++
    }
    await track(b.itemId, id, b.restrict, tagsJson)
  }
  if (next !== undefined)
    await c.query(
      `SELECT setval(s.seq, $2::bigint) FROM (SELECT pg_get_serial_sequence($1, 'id')::regclass AS seq) s
        WHERE $2::bigint > COALESCE(pg_sequence_last_value(s.seq), 0)`,
      [t.bookmarks, next - 1],
    )
  return out
}
