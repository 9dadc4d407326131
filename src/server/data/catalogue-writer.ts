import Database from 'better-sqlite3'
import type {
  ActivityRecord,
  BookmarkRecord,
  CommentRecord,
  FollowRecord,
  IllustSeriesRecord,
  MuteRecord,
  NovelRecord,
  NovelSeriesRecord,
  TagRecord,
  UserRecord,
  WorkRecord,
} from './records.ts'
import { SCHEMA_VERSION, schemaSql } from './schema.ts'

export type ItemKind = 'illust' | 'novel'

/**
 * Bulk writer used by the generator. It writes into a fresh file with no journal, in one
 * transaction, in the order the generator calls it, so the same calls give the same bytes.
 * One transaction holds no more memory than a batch would: without a journal, SQLite spills dirty
 * pages into the file once its page cache is full, so a million works' gigabytes never sit in memory.
 * (Committing in batches would change only the header's change counter, and the bytes with it.)
 */
export interface CatalogueWriter {
  meta(key: string, value: string): void
  user(u: UserRecord): void
  follow(f: FollowRecord, seq: number): void
  tag(t: TagRecord): void
  illustSeries(s: IllustSeriesRecord): void
  work(w: WorkRecord): void
  novelSeries(s: NovelSeriesRecord): void
  novel(n: NovelRecord): void
  activity(kind: ItemKind, a: ActivityRecord): void
  bookmark(kind: ItemKind, b: BookmarkRecord): void
  mute(m: MuteRecord, seq: number): void
  comment(c: CommentRecord): void
  /** commits, compacts and closes the file */
  finish(): void
}

export function openCatalogueWriter(file: string): CatalogueWriter {
  const db = new Database(file)
  db.pragma('journal_mode = OFF')
  db.pragma('synchronous = OFF')
  db.pragma('page_size = 4096')
  db.exec(schemaSql)
  db.exec('BEGIN')
  // Every file says which schema it was made with, so a service with a newer one knows to remake or migrate it.
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('schema_version', String(SCHEMA_VERSION))

  const s = {
    meta: db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)'),
    user: db.prepare(
      `INSERT INTO users (id, name, account, comment, password_hash, x_restrict, is_premium, profile_date, profile_hash, profile_json,
         role) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    follow: db.prepare('INSERT INTO follows (follower_id, followee_id, restrict, seq) VALUES (?, ?, ?, ?)'),
    tag: db.prepare('INSERT INTO tags (id, name, translated_name) VALUES (?, ?, ?)'),
    illustSeries: db.prepare(
      'INSERT INTO illust_series (id, user_id, title, caption, created_ts, cover_token) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    work: db.prepare(
      `INSERT INTO works (id, user_id, type, title, caption, created_ts, width, height, page_count, ext, sanity_level,
         x_restrict, restrict, ai_type, book_style, total_view, total_bookmarks, total_comments, comment_access_control,
         series_id, series_order, tools_json, frame_delays_json, restricted_mode, male_share)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    workTag: db.prepare('INSERT INTO work_tags (work_id, pos, tag_id) VALUES (?, ?, ?)'),
    novelSeries: db.prepare(
      `INSERT INTO novel_series (id, user_id, title, caption, is_original, is_concluded, created_ts)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    novel: db.prepare(
      `INSERT INTO novels (id, user_id, title, caption, created_ts, restrict, x_restrict, is_original, ai_type, page_count,
         text_length, total_view, total_bookmarks, total_comments, series_id, series_order, cover_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    novelText: db.prepare('INSERT INTO novel_texts (novel_id, text) VALUES (?, ?)'),
    novelTag: db.prepare('INSERT INTO novel_tags (novel_id, pos, tag_id, by_author) VALUES (?, ?, ?, ?)'),
    novelImage: db.prepare('INSERT INTO novel_images (novel_id, image_id, width, height) VALUES (?, ?, ?, ?)'),
    illustActivity: db.prepare('INSERT INTO work_activity (day, work_id, views, bookmarks) VALUES (?, ?, ?, ?)'),
    novelActivity: db.prepare('INSERT INTO novel_activity (day, novel_id, views, bookmarks) VALUES (?, ?, ?, ?)'),
    illustBookmark: db.prepare(
      'INSERT INTO illust_bookmarks (id, user_id, item_id, restrict, created_ts) VALUES (?, ?, ?, ?, ?)',
    ),
    illustBookmarkTag: db.prepare('INSERT INTO illust_bookmark_tags (bookmark_id, name) VALUES (?, ?)'),
    novelBookmark: db.prepare(
      'INSERT INTO novel_bookmarks (id, user_id, item_id, restrict, created_ts) VALUES (?, ?, ?, ?, ?)',
    ),
    novelBookmarkTag: db.prepare('INSERT INTO novel_bookmark_tags (bookmark_id, name) VALUES (?, ?)'),
    mute: db.prepare('INSERT INTO mutes (user_id, kind, value, seq) VALUES (?, ?, ?, ?)'),
    comment: db.prepare(
      'INSERT INTO comments (id, kind, item_id, user_id, parent_id, body, created_ts) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
  }
  const bool = (b: boolean) => (b ? 1 : 0)
  // Keys sorted at every depth, so the stored JSON is the same bytes whatever order a record was built in.
  const stableJson = (o: unknown): string =>
    JSON.stringify(o, (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : v,
    )

  return {
    meta: (key, value) => void s.meta.run(key, value),
    user: (u) =>
      void s.user.run(
        u.id,
        u.name,
        u.account,
        u.comment,
        u.passwordHash,
        u.xRestrict,
        bool(u.isPremium),
        u.profileDate,
        u.profileHash,
        stableJson(u.profile),
        u.role ?? 'member',
      ),
    follow: (f, seq) => void s.follow.run(f.followerId, f.followeeId, f.restrict, seq),
    tag: (t) => void s.tag.run(t.id, t.name, t.translatedName),
    illustSeries: (x) => void s.illustSeries.run(x.id, x.userId, x.title, x.caption, x.createdTs, x.coverToken),
    work: (w) => {
      s.work.run(
        w.id,
        w.userId,
        w.type,
        w.title,
        w.caption,
        w.createdTs,
        w.width,
        w.height,
        w.pageCount,
        w.ext,
        w.sanityLevel,
        w.xRestrict,
        w.restrict,
        w.aiType,
        w.bookStyle,
        w.totalView,
        w.totalBookmarks,
        w.totalComments,
        w.commentAccessControl,
        w.seriesId,
        w.seriesOrder,
        JSON.stringify(w.tools),
        w.frameDelays ? JSON.stringify(w.frameDelays) : null,
        bool(w.restrictedMode),
        w.maleShare,
      )
      w.tagIds.forEach((tagId, pos) => s.workTag.run(w.id, pos, tagId))
    },
    novelSeries: (x) =>
      void s.novelSeries.run(x.id, x.userId, x.title, x.caption, bool(x.isOriginal), bool(x.isConcluded), x.createdTs),
    novel: (n) => {
      const pageCount = n.text.split('[newpage]').length
      s.novel.run(
        n.id,
        n.userId,
        n.title,
        n.caption,
        n.createdTs,
        n.restrict,
        n.xRestrict,
        bool(n.isOriginal),
        n.aiType,
        pageCount,
        [...n.text].length,
        n.totalView,
        n.totalBookmarks,
        n.totalComments,
        n.seriesId,
        n.seriesOrder,
        n.coverHash,
      )
      s.novelText.run(n.id, n.text)
      n.tags.forEach((t, pos) => s.novelTag.run(n.id, pos, t.tagId, bool(t.byAuthor)))
      for (const img of n.images) s.novelImage.run(n.id, img.imageId, img.width, img.height)
    },
    activity: (kind, a) =>
      void (kind === 'illust' ? s.illustActivity : s.novelActivity).run(a.day, a.itemId, a.views, a.bookmarks),
    bookmark: (kind, b) => {
      const [row, tag] =
        kind === 'illust' ? [s.illustBookmark, s.illustBookmarkTag] : [s.novelBookmark, s.novelBookmarkTag]
      row.run(b.id, b.userId, b.itemId, b.restrict, b.createdTs)
      for (const name of new Set(b.tags)) tag.run(b.id, name)
    },
    mute: (m, seq) => void s.mute.run(m.userId, m.kind, m.value, seq),
    comment: (c) => void s.comment.run(c.id, c.kind, c.itemId, c.userId, c.parentId, c.body, c.createdTs),
    finish: () => {
      db.exec('COMMIT')
      db.exec('ANALYZE')
      db.exec('VACUUM')
      db.close()
    },
  }
}
