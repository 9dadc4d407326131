import type { Kind } from '../data/store.ts'
import { ImageRowCache } from '../images/repository-catalogue.ts'
import type { Caches } from './caches.ts'

// What a write changed, told to every instance's caches. A write publishes it on the bus; the bus applies it to this
// process's caches at once and (data/postgres/cache-bus.ts) carries it to the other instances over the same database.
// One instance (SQLite) has the local bus: the same calls, nothing to carry.

/** What changed, in the terms of the caches (services/caches.ts); every field may be left out. */
export interface CacheChange {
  /** accounts whose row, bookmarks, follows (either way), mutes or settings changed */
  callers?: number[]
  /** items whose counters (bookmarks, comments) changed */
  items?: { kind: Kind; id: number }[]
  /** sessions ended (signed out): their access tokens stop working */
  sessions?: number[]
  /** the catalogue changed in ways not known item by item (an import by another process): every item */
  allItems?: boolean
  /** lists derived from the whole catalogue: rankings, recommendations, trending tags, searches, bookmark pages */
  lists?: boolean
  /** forget everything (changes may have been missed: the bus's connection was lost) */
  everything?: boolean
}

export type CacheChangeListener = (change: CacheChange) => void

export interface CacheBus {
  /**
   * Applies the change to this process's caches at once (before this returns), then tells the other instances; resolves
   * once the database has taken the message (never rejects: the write it follows is already committed).
   */
  publish(change: CacheChange): Promise<void>
  /** `listener` gets every change: this process's own, and those of other instances. */
  subscribe(listener: CacheChangeListener): void
  /** Resolves once changes of other instances arrive (the bus is listening). */
  ready(): Promise<void>
  close(): Promise<void>
}

/** One process: a change is applied here and goes nowhere else. */
export class LocalCacheBus implements CacheBus {
  private readonly listeners: CacheChangeListener[] = []

  publish(change: CacheChange): Promise<void> {
    for (const l of this.listeners) l(change)
    return Promise.resolve()
  }

  subscribe(listener: CacheChangeListener) {
    this.listeners.push(listener)
  }

  ready() {
    return Promise.resolve()
  }

  close() {
    return Promise.resolve()
  }
}

/** Lists derived from the whole catalogue (cleared together when it changes under them). */
const lists = (caches: Caches) => [
  caches.ranking,
  caches.recommend,
  caches.trending,
  caches.search,
  caches.bookmarkPages,
]

/** What a change means for this process's caches: the one place that says which cache a change touches. */
export function applyChange(caches: Caches, change: CacheChange) {
  if (change.everything) {
    caches.items.clear()
    caches.callers.clear()
    caches.sessions.clear()
    caches.images.clear()
    caches.texts.clear()
    for (const lru of lists(caches)) lru.clear()
    return
  }
  if (change.callers?.length) caches.callers.changed(...change.callers)
  if (change.sessions?.length) caches.sessions.ended(...change.sessions)
  if (change.allItems) {
    caches.items.clear()
    caches.texts.clear()
  } else
    for (const { kind, id } of change.items ?? []) {
      caches.items.invalidate(kind, id)
      if (kind === 'novel') caches.texts.forget(id)
    }
  // The image routes' rows: an import (which says `lists`) may change any of them, users' and series' included, so it
  // drops them all; other writes drop the rows of the items and accounts they name.
  if (change.allItems || change.lists) caches.images.clear()
  else {
    const { key } = ImageRowCache
    const items = (change.items ?? []).map(({ kind, id }) => (kind === 'novel' ? key.novel(id) : key.work(id)))
    const users = (change.callers ?? []).map(key.user)
    if (items.length || users.length) caches.images.drop(...items, ...users)
  }
  if (change.lists) for (const lru of lists(caches)) lru.clear()
}
