import type { UserRow } from '../data/store.ts'
import type { Repositories } from '../data/repositories.ts'
import { Lru } from '../lru.ts'

/**
 * What a signed-in caller's answers depend on besides the items themselves: whom it follows, who follows it (a mutual
 * follow sees restrict-1 works), what it muted. Read once and kept until one of them changes.
 */
export interface Relations {
  following: ReadonlySet<number>
  followers: ReadonlySet<number>
  muteTags: ReadonlySet<string>
  muteUsers: ReadonlySet<number>
}

/**
 * Per-account state that every signed-in request reads: the account's row and its relations. Without it a page of 30
 * works cost five more queries for a signed-in caller than for an anonymous one (the account, follows among the
 * authors, mutual checks, mutes, bookmarks among the items), which made the signed-in lists 2-3× slower.
 *
 * Each account also has a version that moves whenever its bookmarks or relations change, for caches of answers that
 * depend on them (the bookmark list pages, searches, recommendations: one account's change leaves the others' cached
 * answers be). Writes go through `changed`: the cache bus (services/cache-bus.ts) calls it in every instance.
 */
export class CallerStates {
  private readonly repos: Pick<Repositories, 'users' | 'follows' | 'mutes'>
  private readonly users: Lru<UserRow>
  private readonly relations: Lru<Relations>
  private readonly versions = new Map<number, number>()
  private clock = 0
  /** the version of an account not changed since the last `clear` (above every version handed out before it) */
  private base = 0

  /**
   * Bounded in bytes too: a relations entry holds whole follow lists (an account following thousands is hundreds of
   * KB). `versions` holds a number per account that changed: bounded by the catalogue's accounts.
   */
  constructor(
    repos: Pick<Repositories, 'users' | 'follows' | 'mutes'>,
    max = 2000,
    maxBytes = { users: 8 * 1024 * 1024, relations: 32 * 1024 * 1024 },
  ) {
    this.repos = repos
    this.users = new Lru(max, { maxBytes: maxBytes.users })
    this.relations = new Lru(max, { maxBytes: maxBytes.relations })
  }

  /** The account's row: from memory once read (an answer, not a promise, when it is held: the hot path). */
  user(id: number): UserRow | undefined | Promise<UserRow | undefined> {
    const cached = this.users.get(String(id))
    if (cached) return cached
    return this.repos.users.byId(id).then((row) => {
      if (row) this.users.set(String(id), row)
      return row
    })
  }

  /** The account's follows (both ways) and mutes: from memory once read. */
  relationsOf(id: number): Relations | Promise<Relations> {
    const cached = this.relations.get(String(id))
    if (cached) return cached
    return Promise.all([this.repos.follows.sets(id), this.repos.mutes.of(id)]).then(([follows, mutes]) => {
      const relations: Relations = {
        following: new Set(follows.following),
        followers: new Set(follows.followers),
        muteTags: new Set(mutes.tags),
        muteUsers: new Set(mutes.users),
      }
      this.relations.set(String(id), relations)
      return relations
    })
  }

  /** A number that changes whenever the account's bookmarks, relations or settings change. */
  version(id: number): number {
    return this.versions.get(id) ?? this.base
  }

  /** The accounts whose row, bookmarks, follows (either way) or mutes just changed. */
  changed(...ids: number[]) {
    for (const id of ids) {
      this.users.delete(String(id))
      this.relations.delete(String(id))
      this.versions.set(id, ++this.clock)
    }
  }

  /**
   * Every account may have changed (changes of other instances may have been missed): rows and relations are read
   * again, and every version moves past the keys cached so far.
   */
  clear() {
    this.users.clear()
    this.relations.clear()
    this.versions.clear()
    this.base = ++this.clock
  }
}
