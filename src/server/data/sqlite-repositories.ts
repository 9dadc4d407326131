import type { CatalogueStore, Kind, NovelRow, WorkRow } from './store.ts'
import { LibraryRankings } from './library-lists.ts'
import { sqliteAccounts } from './accounts.ts'
import { sqlitePosting } from './posting.ts'
import { moderationRepository, sqliteModerationRunner } from './moderation.ts'
import { OWN_SERIES_SQL, type ItemRepository, type OwnSeriesRow, type Repositories } from './repositories.ts'

// The repositories over SQLite (better-sqlite3): each method runs the store's prepared statement at once and answers
// a settled promise. The statements stay in store.ts and its modules (comments.ts, social.ts, tag-suggestions.ts,
// library-files.ts, library-lists.ts); this file only maps the aggregate interfaces onto them.

function items<Row>(store: CatalogueStore, kind: Kind, byIds: (ids: readonly number[]) => Row[]): ItemRepository<Row> {
  return {
    byId: async (id) => byIds([id])[0],
    byIds: async (ids) => byIds(ids),
    byUser: async (userId, caller, type, offset, limit) => store.userItems(kind, userId, caller, type, offset, limit),
    followFeed: async (caller, restrict, offset, limit) =>
      store.social.followFeed(kind, caller, restrict, offset, limit),
    newest: async (caller, type, maxId, limit) => store.social.newest(kind, caller, type, maxId, limit),
  }
}

/** The repositories of one SQLite catalogue (the store's connection). */
export function sqliteRepositories(store: CatalogueStore): Repositories {
  const { social, comments, library } = store
  let recorded: LibraryRankings | undefined
  const rankings = () => (recorded ??= new LibraryRankings(store.db))
  return {
    works: {
      ...items<WorkRow>(store, 'illust', (ids) => store.worksByIds(ids)),
      byId: async (id) => store.work(id),
      related: async (workId, caller, limit) => store.related(workId, caller, limit),
      pageExts: async (ids) => library.pageExts(ids),
      videos: async (ids) => library.videos(ids),
      ugoiraVideo: async (id) => library.ugoiraVideo(id),
      files: async (id) => library.filesOf(id),
    },
    novels: {
      ...items<NovelRow>(store, 'novel', (ids) => store.novelsByIds(ids)),
      byId: async (id) => store.novel(id),
      text: async (id) => store.novelText(id),
      images: async (id) => store.novelImages(id),
      files: async (id) => library.novelFilesOf(id),
    },
    users: {
      byId: async (id) => store.user(id),
      byAccount: async (account) => store.userByAccount(account),
      byIds: async (ids) => store.users(ids),
      counts: async (userId, caller) => store.userCounts(userId, caller),
      showAi: async (userId) => social.showAi(userId),
      setShowAi: async (userId, show) => social.setShowAi(userId, show),
      files: async (userId) => library.userFiles(userId),
      authorPopularity: async () => social.authorPopularity(),
      authorTags: async (userId, limit) => social.authorTags(userId, limit),
      bookmarkedTags: async (userId, depth, limit) => social.bookmarkedTags(userId, depth, limit),
      authorsWithTags: async (tagIds) => social.authorsWithTags(tagIds),
      coBookmarkedAuthors: async (userId) => social.coBookmarkedAuthors(userId),
    },
    follows: {
      sets: async (userId) => store.followSets(userId),
      followedAmong: async (me, userIds) => store.followedAmong(me, userIds),
      following: async (userId, restrict, offset, limit) => store.following(userId, restrict, offset, limit),
      followers: async (userId, offset, limit) => social.followers(userId, offset, limit),
      mypixiv: async (userId, callerId, offset, limit) => social.mypixiv(userId, callerId, offset, limit),
      followees: async (me) => social.followees(me),
      follow: async (me, userId, restrict) => store.follow(me, userId, restrict),
      unfollow: async (me, userId) => store.unfollow(me, userId),
    },
    mutes: {
      of: async (me) => store.mutes(me),
      edit: async (me, edit, limit) => store.editMutes(me, edit, limit),
    },
    bookmarks: {
      page: async (kind, userId, restrict, caller, beforeId, limit, tag) =>
        store.bookmarks(kind, userId, restrict, caller, beforeId, limit, tag),
      among: async (kind, me, ids) => store.bookmarkedAmong(kind, me, ids),
      of: async (kind, me, itemId) => store.bookmarkOf(kind, me, itemId),
      add: async (kind, me, itemId, restrict, tags, nowTs) =>
        store.addBookmark(kind, me, itemId, restrict, tags, nowTs),
      remove: async (kind, me, itemId) => store.deleteBookmark(kind, me, itemId),
      tags: async (kind, userId, restrict, caller, offset, limit) =>
        store.bookmarkTags(kind, userId, restrict, caller, offset, limit),
      seeds: async (kind, userId, minId, maxId) => store.bookmarkSeeds(kind, userId, minId, maxId),
      window: async (kind, userId, depth, maxId) => store.bookmarkWindow(kind, userId, depth, maxId),
      upTo: async (kind, userId, maxId) => store.bookmarkedUpTo(kind, userId, maxId),
    },
    comments: {
      get: async (id) => comments.get(id),
      byIds: async (ids) => comments.byIds(ids),
      page: async (kind, itemId, query) => comments.page(kind, itemId, query),
      replies: async (rootId, query) => comments.replies(rootId, query),
      add: async (kind, itemId, userId, parentId, body, nowTs) =>
        comments.add(kind, itemId, userId, parentId, body, nowTs),
      delete: async (id) => void comments.delete(id),
    },
    tags: {
      of: async (kind, ids) => store.tagsOf(kind, ids),
      byNames: async (names) => store.tagsByNames(names),
      idsOfItems: async (kind, ids) => store.tagIdsOfItems(kind, ids),
      trending: async (fromDay, toDay, limit) => store.trendingTags(fromDay, toDay, limit),
      autocomplete: async (word, caller, limit) => store.tagSuggestions.autocomplete(word, caller, limit),
    },
    series: {
      illust: async (id) => store.illustSeries(id),
      illustByCoverToken: async (token) => store.illustSeriesByCoverToken(token),
      novel: async (id) => store.novelSeries(id),
      titles: async (kind, ids) => store.seriesTitles(kind, ids),
      ofAuthor: async (kind, userId) => store.db.prepare(OWN_SERIES_SQL(kind)).all(userId) as OwnSeriesRow[],
      stats: async (kind, seriesId, caller) => store.seriesStats(kind, seriesId, caller),
      page: async (kind, seriesId, caller, afterOrder, limit, offset) =>
        store.seriesPage(kind, seriesId, caller, afterOrder, limit, offset),
      neighbours: async (kind, seriesId, order, caller) => store.seriesNeighbours(kind, seriesId, order, caller),
    },
    tokens: {
      save: async (hash, userId, expiresTs, nowTs, client) =>
        store.saveRefreshToken(hash, userId, expiresTs, nowTs, client),
      use: async (hash, nowTs, expiresTs) => store.useRefreshToken(hash, nowTs, expiresTs),
      session: async (id) => store.session(id),
      sessionsOf: async (userId, nowTs) => store.sessionsOf(userId, nowTs),
      revoke: async (hash) => store.revokeRefreshToken(hash),
      revokeSession: async (userId, sessionId) => store.revokeSession(userId, sessionId),
      revokeAllOf: async (userId) => store.revokeRefreshTokensOf(userId),
      setPassword: async (userId, hash) => store.setPassword(userId, hash),
    },
    accounts: sqliteAccounts(store.db),
    posting: sqlitePosting(store.db),
    moderation: moderationRepository(sqliteModerationRunner(store.db)),
    catalogue: {
      meta: async () => store.meta(),
      latestActivityDay: async (kind) => store.latestActivityDay(kind),
      activityDayOnOrBefore: async (kind, day) => store.activityDayOnOrBefore(kind, day),
      ranking: async (kind, spec, limit) => store.ranking(kind, spec, limit),
      recordedRankingDay: async (kind, mode, onOrBefore) => rankings().day(kind, mode, onOrBefore),
      recordedRanking: async (kind, mode, day) => rankings().ids(kind, mode, day),
      popularCandidates: async (kind, caller, type, limit) => store.popularCandidates(kind, caller, type, limit),
      recommendCandidates: async (kind, caller, tagIds, authorIds, type) =>
        store.recommendCandidates(kind, caller, tagIds, authorIds, type),
      libraryCounts: async (root) => library.counts(root),
      librarySkipped: async (root) => library.skipped(root),
    },
  }
}
