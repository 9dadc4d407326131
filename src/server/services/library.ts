import type { ServiceDeps } from './deps.ts'

/** What the last scan of a library folder did: its root, when, and the figures of the scan itself. */
export interface LibraryState {
  root: string
  last_scan: Record<string, unknown>
  counts: Record<string, number>
  skipped: { path: string; reason: string }[]
}

// A library catalogue's state for its owner's page; the demo catalogue has none.
export class LibraryService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Whether the catalogue is a library (it has an owner). */
  async hasOwner(): Promise<boolean> {
    return (await this.deps.repos.catalogue.meta()).owner_account !== undefined
  }

  /** The last scan's state; undefined before the first. */
  async lastScan(): Promise<LibraryState | undefined> {
    const { catalogue } = this.deps.repos
    const meta = await catalogue.meta()
    const last = meta.library_last_scan
      ? (JSON.parse(meta.library_last_scan) as { root: string; at: number })
      : undefined
    if (!last) return undefined
    const { root, ...scan } = last
    const [counts, skipped] = await Promise.all([catalogue.libraryCounts(root), catalogue.librarySkipped(root)])
    return { root, last_scan: scan, counts, skipped }
  }
}
