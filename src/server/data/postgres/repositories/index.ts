import type pg from 'pg'
import type { Repositories } from '../../repositories.ts'
import { pgAccounts } from './accounts.ts'
import { pgPosting } from './posting.ts'
import { pgBookmarks } from './bookmarks.ts'
import { pgCatalogue } from './catalogue.ts'
import { pgComments } from './comments.ts'
import { pgFollows } from './follows.ts'
import { pgModeration } from './moderation.ts'
import { pgMutes } from './mutes.ts'
import { pgNovels } from './novels.ts'
import { pgSeries } from './series.ts'
import { pgTags } from './tags.ts'
import { pgTokens } from './tokens.ts'
import { pgUsers } from './users.ts'
import { pgWorks } from './works.ts'

// The repositories over PostgreSQL (node-postgres): one module per aggregate, each a factory over the pool. The
// schema is data/postgres/migrations.ts (the SQLite schema's tables, with PostgreSQL's own indexes).

/** The repositories of one PostgreSQL catalogue. */
export function pgRepositories(pool: pg.Pool): Repositories {
  return {
    works: pgWorks(pool),
    novels: pgNovels(pool),
    users: pgUsers(pool),
    follows: pgFollows(pool),
    mutes: pgMutes(pool),
    bookmarks: pgBookmarks(pool),
    comments: pgComments(pool),
    tags: pgTags(pool),
    series: pgSeries(pool),
    tokens: pgTokens(pool),
    accounts: pgAccounts(pool),
    posting: pgPosting(pool),
    moderation: pgModeration(pool),
    catalogue: pgCatalogue(pool),
  }
}
