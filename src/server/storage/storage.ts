// Where originals copied by `npm run import --copy` and rendered images live: a folder (DATA_DIR by default, or a
// volume several instances share) or an S3-compatible bucket (STORAGE_URL, storage-url.ts). Both speak this one
// interface so the image cache and the copied library need not know which: every instance reads what any other wrote.
//
// Keys are relative, `/`-separated, made of safe characters only (the callers build them from hex digests and fixed
// folder names); nothing a request says ever becomes a key unchecked.

/** What a stored object is, without its bytes. */
export interface ObjectInfo {
  size: number
  /** the store's own tag of the bytes (quoted, as HTTP writes it): equal tags, equal bytes */
  etag: string
  /** when it was written (unix milliseconds) */
  modifiedMs: number
}

/** An object's bytes start…end (inclusive), streamed, with what the whole object is. */
export interface ObjectBody extends ObjectInfo {
  body: ReadableStream<Uint8Array>
  start: number
  end: number
}

/** One object of a listing. */
export interface ListedObject {
  key: string
  size: number
  modifiedMs: number
}

/** Thrown for a key that names no object. `code` is ENOENT, as the filesystem's, so callers treat both alike. */
export class ObjectNotFound extends Error {
  readonly code = 'ENOENT'
  constructor(readonly key: string) {
    super(`no stored object ${key}`)
  }
}

/**
 * Thrown when the store cannot be reached or is failing (connection refused, timed out, a 5xx from the bucket): the
 * object may well be there, the caller should try again later. The image routes answer it with 503, /readyz with
 * "not ready".
 */
export class StorageUnavailable extends Error {
  readonly code = 'EUNAVAILABLE'
  constructor(
    readonly description: string,
    options?: { cause?: unknown },
  ) {
    super(`storage ${description} is unavailable`, options)
  }
}

export interface Storage {
  /** 'file' or 's3' */
  readonly kind: 'file' | 's3'
  /** for logs: where it stores (never a credential) */
  readonly description: string
  /** What the object is, or null when there is none. */
  head(key: string): Promise<ObjectInfo | null>
  /** The whole object in memory (rendered images, sources to render from); throws ObjectNotFound. */
  read(key: string): Promise<Buffer>
  /** The object's bytes `range` (inclusive; default: all), streamed; throws ObjectNotFound. */
  get(key: string, range?: { start: number; end: number }): Promise<ObjectBody>
  /**
   * Stores `body` (bytes, or the local file at `{ file }`) under `key`, atomically: a reader sees the old object or
   * the whole new one, never part of it.
   */
  put(key: string, body: Buffer | { file: string }): Promise<void>
  /** Deletes the object; a missing one is no error. */
  delete(key: string): Promise<void>
  /** Every object whose key starts with `prefix` (a folder: end it with `/`), in no particular order. */
  list(prefix: string): AsyncIterable<ListedObject>
  /** The file that holds `key` when the store is a folder on this machine (served with sendfile-like reads). */
  localPath?(key: string): string
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/

/** Throws for a key that is not a plain relative path of safe names (no `..`, no leading dot or slash). */
export function checkKey(key: string): string {
  if (key.length > 512 || !KEY.test(key)) throw new Error(`bad storage key "${key}"`)
  return key
}

/** The folder of members' posted pages (services/posting.ts). */
export const POSTED_PREFIX = 'posted/'
/** The folder of accounts' own avatars and backgrounds (services/posting.ts). */
export const PROFILES_PREFIX = 'profiles/'

/** A catalogue row names a stored object (a copied original) as `storage:<key>`; a plain path is a local file. */
export const STORAGE_REF = 'storage:'

export const storageRef = (key: string) => `${STORAGE_REF}${checkKey(key)}`

/** The key a row's path names in storage, or null for a local file's path. */
export const refKey = (p: string): string | null => (p.startsWith(STORAGE_REF) ? p.slice(STORAGE_REF.length) : null)
