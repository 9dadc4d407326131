import type pg from 'pg'

// One library import at a time on a PostgreSQL catalogue, whichever instance runs it: every instance that serves the
// library folder (LIBRARY_DIR) watches it, so one change starts a scan in each. Under this lock the first imports the
// change and the others, coming after, find every item's fingerprint as it is and write nothing.

/** The advisory lock's key ("EaselLib"); the migrations' and the seed's are others. */
export const LIBRARY_IMPORT_LOCK_KEY = 0x45_61_73_65_6c_4c_69_62n

/**
 * Runs `fn` holding the library import lock: a session lock on one connection of the pool, held while `fn` imports
 * through the pool's others. A connection that dies releases it (PostgreSQL ends the session's locks), and the import
 * it guarded left whole items only (one transaction each).
 */
export async function withLibraryImportLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect()
  const key = LIBRARY_IMPORT_LOCK_KEY.toString()
  // a connection whose unlock failed is not handed out again (release(err) closes it, ending its locks)
  let broken: Error | undefined
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key])
    try {
      return await fn()
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch((err: Error) => (broken = err))
    }
  } finally {
    client.release(broken)
  }
}
