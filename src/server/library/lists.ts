// The lists an archive's records make (gallery-dl's `user_bookmark` and `ranking` keys, gathered by the readers into
// the scan's records): the owner's bookmarks and the recorded rankings. Works found through bookmarks, rankings,
// searches or series are imported as works wherever they lie (the readers); this makes the lists they were found in.
//
// Whose bookmarks are the owner's: OWNER_PIXIV_ID when set; else, when every bookmark record of the archive names one
// pixiv user, that user's; else the one user whose every bookmarked work the downloading account had bookmarked too
// (`is_bookmarked`, which gallery-dl records as the downloading account sees it: true throughout one's own bookmarks,
// rarely throughout another's). Bookmarks of any other user are reported (their works are imported, the bookmarks
// are not), and all of them when no user is found so.
//
// Public or private: gallery-dl lists a user's public bookmarks, or the private ones for a URL with `rest=hide`, into
// the same folder, and records which in none of its metadata (`tags_bookmark`, from the bookmark detail, keeps only the
// tags). So a bookmark is private when its metadata says `"bookmark_restrict": "private"` (what gallery-dl's
// `keywords` option adds to every file of a run: `-o 'keywords={"bookmark_restrict":"private"}'`) or when a folder
// named `private` lies between the library folder and its file (e.g. `gallery-dl -d LIBRARY/private …?rest=hide`);
// public when it says "public" or lies under a folder named `public`; public otherwise, as gallery-dl's bookmark URLs
// are without `rest=hide`.
//
// Order: a ranking by the `rank` gallery-dl 1.26 records; before that, and for bookmarks (whose position and date no
// version records), by the order a run wrote its metadata files (their modification times): gallery-dl downloads a
// list in its order, a ranking from the first and bookmarks from the newest. Copies that lost their times (a plain
// `cp -r`) lose that order; `cp -a` or `rsync -a` keep it.

import path from 'node:path'
import type { LibraryDb } from '../data/library-db.ts'
import type { ListChanges, OwnerBookmark } from '../data/library-lists.ts'
import type { ArchiveRecords, BookmarkRecord, RankingRecord } from './archive.ts'

export interface ListsReport {
  /** the owner's bookmarks added, updated, removed */
  bookmarks: ListChanges
  /** recorded rankings (a mode's day) written or taken out */
  rankings: number
}

export interface ListsOptions {
  /** OWNER_PIXIV_ID: whose bookmarks in the archive are the owner's */
  ownerPixivId?: number
}

type Lists = LibraryDb['lists']

export async function syncLists(
  db: Pick<LibraryDb, 'lists'>,
  root: string,
  records: ArchiveRecords,
  skip: (file: string, reason: string) => void,
  opts: ListsOptions,
): Promise<ListsReport> {
  return {
    bookmarks: await syncOwnerBookmarks(db.lists, root, records.bookmarks, skip, opts),
    rankings: await syncRankings(db.lists, root, records.rankings),
  }
}

async function syncOwnerBookmarks(
  lists: Lists,
  root: string,
  records: readonly BookmarkRecord[],
  skip: (file: string, reason: string) => void,
  opts: ListsOptions,
): Promise<ListChanges> {
  const users = new Map<number, string>()
  const notAllMine = new Set<number>()
  for (const r of records) {
    users.set(r.pixivUser.id, r.pixivUser.account)
    if (!r.downloaderBookmarked) notAllMine.add(r.pixivUser.id)
  }
  const ownerId = await lists.ownerId()
  const downloader = [...users.keys()].filter((id) => !notAllMine.has(id))
  const pixivId =
    opts.ownerPixivId ?? (users.size === 1 ? [...users.keys()][0] : downloader.length === 1 ? downloader[0] : undefined)
  const why =
    ownerId === undefined
      ? 'this catalogue has no owner account to hold them'
      : pixivId === undefined
        ? `the archive holds bookmarks of ${users.size} pixiv users (${[...users].map(([id, a]) => `${id} ${a}`).join(', ')}): set OWNER_PIXIV_ID to yours`
        : `only the owner's (pixiv user ${pixivId}${opts.ownerPixivId ? ', OWNER_PIXIV_ID' : ''}) are imported`
  const mine: BookmarkRecord[] = []
  for (const r of records) {
    if (ownerId !== undefined && r.pixivUser.id === pixivId) mine.push(r)
    else
      skip(
        r.file,
        `a bookmark of pixiv user ${r.pixivUser.id} (${r.pixivUser.account}), not imported: ${why}; the work itself is`,
      )
  }
  if (ownerId === undefined) return { added: 0, updated: 0, removed: 0 }
  // One copy per work: the files of one folder are one run's; of two runs, the later says how the bookmark is now.
  const copies = new Map<string, { itemId: number; first: number; restrict?: 0 | 1; tags?: string[] }>()
  for (const r of mine) {
    const key = `${r.itemId}\0${path.dirname(r.file)}`
    const c = copies.get(key)
    if (!c) copies.set(key, { itemId: r.itemId, first: r.writtenMs, restrict: r.restrict, tags: r.tags })
    else {
      c.first = Math.min(c.first, r.writtenMs)
      c.restrict ??= r.restrict
      c.tags ??= r.tags
    }
  }
  const latest = new Map<number, { itemId: number; first: number; restrict?: 0 | 1; tags?: string[] }>()
  for (const c of copies.values()) {
    const other = latest.get(c.itemId)
    if (!other || c.first > other.first) latest.set(c.itemId, c)
  }
  const present = await lists.present('illust', [...latest.keys()])
  const list: OwnerBookmark[] = [...latest.values()]
    .filter((c) => present.has(c.itemId))
    // written first = listed first = the newest bookmark
    .sort((a, b) => a.first - b.first || b.itemId - a.itemId)
    .map((c) => ({ itemId: c.itemId, restrict: c.restrict ?? 0, tags: c.tags ?? [], ts: Math.floor(c.first / 1000) }))
  return lists.syncBookmarks(root, 'illust', ownerId, list)
}

async function syncRankings(lists: Lists, root: string, records: readonly RankingRecord[]): Promise<number> {
  // per mode and day, each work's place: its recorded rank, else when its first file was written
  const byList = new Map<string, Map<number, { rank: number; written: number }>>()
  for (const r of records) {
    const key = `${r.mode}\0${r.day}`
    let works = byList.get(key)
    if (!works) byList.set(key, (works = new Map()))
    const place = works.get(r.itemId)
    const rank = r.rank ?? Number.POSITIVE_INFINITY
    if (!place) works.set(r.itemId, { rank, written: r.writtenMs })
    else {
      place.rank = Math.min(place.rank, rank)
      place.written = Math.min(place.written, r.writtenMs)
    }
  }
  const present = await lists.present('illust', [...new Set(records.map((r) => r.itemId))])
  const days = new Map<string, Map<number, number[]>>()
  for (const [key, works] of byList) {
    const [mode, day] = key.split('\0') as [string, string]
    const ids = [...works]
      .filter(([id]) => present.has(id))
      .sort(([ia, a], [ib, b]) => a.rank - b.rank || a.written - b.written || ia - ib)
      .map(([id]) => id)
    if (ids.length === 0) continue
    let byDay = days.get(mode)
    if (!byDay) days.set(mode, (byDay = new Map()))
    byDay.set(Number(day), ids)
  }
  return lists.syncRankings(root, 'illust', days)
}
