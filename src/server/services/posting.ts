import { randomBytes } from 'node:crypto'
import {
  AI_TYPES,
  BOOK_STYLES,
  COMMENT_ACCESS,
  MAX_FRAME_DELAY,
  MAX_WORK_BYTES,
  MIN_FRAME_DELAY,
  RESTRICTS,
  X_RESTRICTS,
} from '../../api/posting-endpoints.ts'
import type { PostedNovel, PostedWork, UploadRow } from '../data/repositories.ts'
import { ApiError, badRequest, notFound } from '../http/errors.ts'
import { checkUpload, UploadRefused } from '../posting/upload-check.ts'
import { checkUgoira } from '../posting/ugoira-check.ts'
import { QueueFull, Semaphore } from '../semaphore.ts'
import { FileStorage } from '../storage/file-storage.ts'
import { POSTED_PREFIX, PROFILES_PREFIX, refKey, storageRef, type Storage } from '../storage/storage.ts'
import { pathDate } from '../images/paths.ts'
import type { ServiceDeps } from './deps.ts'

// Posting: a member's pages uploaded one by one (checked, stored without metadata), then works made of them, edited
// and deleted by their authors. A work's rows are one transaction (the repository's); its files are written before
// (an upload) and deleted after (a deletion), so a crash leaves at worst a stored file no row names, which the
// clean-up takes (cleanUp): never a row without its file.

export { POSTED_PREFIX }

/** The wire's words for a work's fields, as the numbers the catalogue keeps (the App API's own values). */
const NUMBER_OF = {
  restrict: { public: 0, mypixiv: 1, private: 2 },
  x_restrict: { general: 0, r18: 1, r18g: 2 },
  ai_type: { not_ai: 1, ai: 2 },
  book_style: { left_to_right: 0, right_to_left: 1 },
  comment_access: { everyone: 0, followed: 1 },
} as const satisfies {
  restrict: Record<(typeof RESTRICTS)[number], number>
  x_restrict: Record<(typeof X_RESTRICTS)[number], number>
  ai_type: Record<(typeof AI_TYPES)[number], number>
  book_style: Record<(typeof BOOK_STYLES)[number], number>
  comment_access: Record<(typeof COMMENT_ACCESS)[number], number>
}

/** A work's fields as the endpoint table lets them through (posting-endpoints.ts workFields). */
export interface WorkFields {
  title: string
  caption?: string
  type: 'illust' | 'manga' | 'ugoira'
  tags: string[]
  upload_ids: number[]
  frame_delays: number[]
  restrict: keyof typeof NUMBER_OF.restrict
  x_restrict: keyof typeof NUMBER_OF.x_restrict
  ai_type: keyof typeof NUMBER_OF.ai_type
  book_style: keyof typeof NUMBER_OF.book_style
  comment_access: keyof typeof NUMBER_OF.comment_access
  series_id?: number
  series_title?: string
}

/** A novel's fields as the endpoint table lets them through (posting-endpoints.ts novelFields). */
export interface NovelFields {
  title: string
  caption?: string
  text: string
  tags: string[]
  restrict: keyof typeof NUMBER_OF.restrict
  x_restrict: keyof typeof NUMBER_OF.x_restrict
  ai_type: keyof typeof NUMBER_OF.ai_type
  is_original?: boolean
  cover_upload_id?: number
  series_id?: number
  series_title?: string
}

/** A refusal naming its field, as the account endpoints' are: `{"<field>": [why]}` with a readable message. */
const refused = (field: string, why: string, userMessage: string) =>
  badRequest(JSON.stringify({ [field]: [why] }), userMessage)

/** Uploads checked at once in one process (each decodes a whole image); past `waiting` more, a 503. */
const CHECKS = 2
const CHECKS_WAITING = 32

export class PostingService {
  private readonly checks = new Semaphore(CHECKS, CHECKS_WAITING)

  constructor(
    private readonly deps: ServiceDeps,
    private readonly storage: Storage,
  ) {}

  /**
   * Checks one uploaded page (or an ugoira's frames: `kind` ugoira) and stores it as the user's; throws the refusal's
   * ApiError.
   */
  async upload(userId: number, file: File, kind: 'page' | 'ugoira' = 'page'): Promise<UploadRow> {
    const image = await this.check(file, kind)
    const key = `${POSTED_PREFIX}${randomBytes(16).toString('hex')}.${image.ext}`
    await this.storage.put(key, image.data)
    try {
      return await this.deps.repos.posting.addUpload({
        user_id: userId,
        storage_key: key,
        width: image.width,
        height: image.height,
        ext: image.ext,
        bytes: image.data.length,
        created_ts: this.deps.nowS(),
        frame_delays_json: image.delays ? JSON.stringify(image.delays) : null,
      })
    } catch (err) {
      await this.storage.delete(key).catch(() => {})
      throw err
    }
  }

  /**
   * The user's avatar or background, checked and stored as a page is (`file` null: taken away, the generated one
   * again). The profile's images get a new URL, so no cache shows the old one; every item names its author's avatar,
   * so every instance forgets them all.
   */
  async profileImage(userId: number, role: 'avatar' | 'background', file: File | null): Promise<void> {
    const now = this.deps.nowS()
    let key: string | null = null
    let stored = null
    if (file) {
      const image = await this.check(file, 'page')
      key = `${PROFILES_PREFIX}${randomBytes(16).toString('hex')}.${image.ext}`
      await this.storage.put(key, image.data)
      stored = { ...image, path: storageRef(key), bytes: image.data.length, mtimeMs: now * 1000 }
    }
    // the hash's last digit says whether the profile has a background (images/paths.ts hasBackground), as an
    // imported profile's does (library-user-files.ts profileHashOfFiles)
    const background =
      role === 'background'
        ? stored !== null
        : (await this.deps.repos.users.files(userId)).some((f) => f.role === 'background')
    const hash = `${randomBytes(16).toString('hex').slice(0, 31)}${background ? '0' : '1'}`
    let old: string | null
    try {
      old = await this.deps.repos.accounts.setProfileImage(userId, role, stored, { date: pathDate(now), hash })
    } catch (err) {
      if (key) await this.storage.delete(key).catch(() => {})
      throw err
    }
    await this.deps.caches.bus.publish({ callers: [userId], allItems: true })
    const oldKey = old === null ? null : refKey(old)
    if (oldKey) await this.deleteObjects([oldKey])
  }

  /**
   * Deletes the account with everything of it (the repository's one transaction): every instance forgets all it
   * knew (the account was in lists, counts, follows), its sessions end, its files leave storage.
   */
  async deleteAccount(userId: number): Promise<void> {
    const { keys, sessions } = await this.deps.repos.accounts.deleteAccount(userId)
    await this.deps.caches.bus.publish({ everything: true, sessions })
    await this.deleteObjects(keys)
  }

  /** An uploaded file checked (a page, or an ugoira's frames): what to store; a refusal is the ApiError to answer. */
  private async check(
    file: File,
    kind: 'page' | 'ugoira',
  ): Promise<{ data: Buffer; ext: string; width: number; height: number; delays?: number[] }> {
    const bytes = Buffer.from(await file.arrayBuffer())
    const declared = { type: file.type, name: file.name }
    try {
      return await this.checks.run(async () =>
        kind === 'ugoira'
          ? { ...(await checkUgoira(bytes, declared)), ext: 'zip' }
          : await checkUpload(bytes, declared),
      )
    } catch (err) {
      if (err instanceof UploadRefused)
        throw new ApiError(err.status, JSON.stringify({ file: [err.message] }), err.message)
      if (err instanceof QueueFull)
        throw new ApiError(503, 'too many uploads at once', 'Too many uploads at once: try again in a moment.', {
          'Retry-After': '5',
        })
      throw err
    }
  }

  /** A new work of the user's: its id. */
  async post(userId: number, fields: WorkFields): Promise<number> {
    const outcome = await this.deps.repos.posting.post(this.work(userId, fields), this.deps.nowS(), MAX_WORK_BYTES)
    if (!outcome.done) throw this.refusal(outcome.why)
    await this.changed(userId, outcome.id)
    return outcome.id
  }

  /** The user's posted work given whole again; the pages it no longer has leave storage. */
  async edit(userId: number, workId: number, fields: WorkFields): Promise<void> {
    await this.pages(userId, workId) // a work that is not the user's is missing, whatever the fields say
    const outcome = await this.deps.repos.posting.post(
      this.work(userId, fields),
      this.deps.nowS(),
      MAX_WORK_BYTES,
      workId,
    )
    if (!outcome.done) throw this.refusal(outcome.why)
    await this.changed(userId, workId)
    await this.deleteObjects(outcome.removedKeys)
  }

  /** Deletes a posted work: the author's own, or any when `admin`; its files leave storage. */
  async remove(userId: number, workId: number, admin: boolean): Promise<void> {
    const removed = await this.deps.repos.posting.remove(workId, admin ? null : userId)
    if (!removed) throw notFound('No such work of yours.')
    await this.changed(userId, workId, removed.bookmarkers)
    await this.deleteObjects(removed.keys)
  }

  /** A posted work's pages as its author edits them. */
  async pages(userId: number, workId: number): Promise<UploadRow[]> {
    const [work, pages] = await Promise.all([this.deps.repos.works.byId(workId), this.deps.repos.posting.pages(workId)])
    if (!work || work.user_id !== userId || pages.length === 0) throw notFound('No such work of yours.')
    return pages
  }

  /** A new novel of the user's: its id. */
  async postNovel(userId: number, fields: NovelFields): Promise<number> {
    const outcome = await this.deps.repos.posting.postNovel(this.novel(userId, fields), this.deps.nowS())
    if (!outcome.done) throw this.refusal(outcome.why)
    await this.novelChanged(userId, outcome.id)
    return outcome.id
  }

  /** The user's posted novel given whole again; a cover or image it no longer names leaves storage. */
  async editNovel(userId: number, novelId: number, fields: NovelFields): Promise<void> {
    await this.novelSource(userId, novelId) // a novel that is not the user's is missing, whatever the fields say
    const outcome = await this.deps.repos.posting.postNovel(this.novel(userId, fields), this.deps.nowS(), novelId)
    if (!outcome.done) throw this.refusal(outcome.why)
    await this.novelChanged(userId, novelId)
    await this.deleteObjects(outcome.removedKeys)
  }

  /** Deletes a posted novel: the author's own, or any when `admin`; its files leave storage. */
  async removeNovel(userId: number, novelId: number, admin: boolean): Promise<void> {
    const removed = await this.deps.repos.posting.removeNovel(novelId, admin ? null : userId)
    if (!removed) throw notFound('No such novel of yours.')
    await this.novelChanged(userId, novelId, removed.bookmarkers)
    await this.deleteObjects(removed.keys)
  }

  /** A posted novel's text as written and its cover's upload, for its author. */
  async novelSource(userId: number, novelId: number): Promise<{ text: string; cover_upload_id: number | null }> {
    const source = await this.deps.repos.posting.novelSource(novelId)
    if (!source || source.user_id !== userId) throw notFound('No such novel of yours.')
    return { text: source.text, cover_upload_id: source.cover_upload_id }
  }

  /**
   * Deletes what no work will take: uploads unused for `afterS`, and stored pages no row names that are as old (a
   * write cut short between the file and its row). Safe on any instance at any time: a page being uploaded now is
   * younger than `afterS`.
   */
  async cleanUp(afterS: number): Promise<{ uploads: number; orphans: number }> {
    const { posting } = this.deps.repos
    const before = this.deps.nowS() - afterS
    let uploads = 0
    for (;;) {
      const unused = await posting.unused(before, 500)
      if (unused.length === 0) break
      const keys = await posting.dropUnused(unused.map((u) => u.id))
      await this.deleteObjects(keys)
      uploads += keys.length
      if (unused.length < 500) break
    }
    let orphans = 0
    for (const batch of await this.oldObjects(POSTED_PREFIX, before)) {
      const known = await posting.knownKeys(batch)
      const unknown = batch.filter((k) => !known.has(k))
      await this.deleteObjects(unknown)
      orphans += unknown.length
    }
    // profile images a crash left without their row
    for (const batch of await this.oldObjects(PROFILES_PREFIX, before)) {
      const known = await this.deps.repos.accounts.knownProfilePaths(batch.map(storageRef))
      const unknown = batch.filter((k) => !known.has(storageRef(k)))
      await this.deleteObjects(unknown)
      orphans += unknown.length
    }
    return { uploads, orphans }
  }

  /** The objects under `prefix` written before `beforeS`, in batches of 500 (a folder's leftovers removed on the way). */
  private async oldObjects(prefix: string, beforeS: number): Promise<string[][]> {
    const old: string[] = []
    const listing =
      this.storage instanceof FileStorage
        ? this.storage.list(prefix, { removeLeftovers: { olderThanMs: beforeS * 1000 } })
        : this.storage.list(prefix)
    for await (const o of listing) if (o.modifiedMs < beforeS * 1000) old.push(o.key)
    const batches: string[][] = []
    for (let i = 0; i < old.length; i += 500) batches.push(old.slice(i, i + 500))
    return batches
  }

  private work(userId: number, f: WorkFields): PostedWork {
    if (f.upload_ids.length === 0) throw refused('upload_ids', 'required', 'A work needs at least one page.')
    const tags = this.tags(f.tags)
    if (f.series_id !== undefined && f.series_title)
      throw refused('series_id', 'invalid', 'Choose an existing series or name a new one, not both.')
    if (f.frame_delays.some((d) => d < MIN_FRAME_DELAY || d > MAX_FRAME_DELAY))
      throw refused('frame_delays', 'invalid', `Each frame shows for ${MIN_FRAME_DELAY} to ${MAX_FRAME_DELAY} ms.`)
    if (f.frame_delays.length > 0 && f.type !== 'ugoira')
      throw refused('frame_delays', 'invalid', 'Only an ugoira has frame delays.')
    return {
      userId,
      type: f.type,
      title: f.title,
      caption: f.caption ?? '',
      tags,
      uploadIds: f.upload_ids,
      restrict: NUMBER_OF.restrict[f.restrict],
      xRestrict: NUMBER_OF.x_restrict[f.x_restrict],
      aiType: NUMBER_OF.ai_type[f.ai_type],
      bookStyle: NUMBER_OF.book_style[f.book_style],
      commentAccessControl: NUMBER_OF.comment_access[f.comment_access],
      series: f.series_id !== undefined ? { id: f.series_id } : f.series_title ? { title: f.series_title } : null,
      frameDelays: f.frame_delays.length > 0 ? f.frame_delays : null,
    }
  }

  private novel(userId: number, f: NovelFields): PostedNovel {
    const tags = this.tags(f.tags)
    if (f.series_id !== undefined && f.series_title)
      throw refused('series_id', 'invalid', 'Choose an existing series or name a new one, not both.')
    if (/[^\P{Cc}\n\r\t]/u.test(f.text))
      throw refused('text', 'invalid', 'The text cannot contain control characters other than line breaks and tabs.')
    const imageUploadIds = [...f.text.matchAll(/\[uploadedimage:(\d{1,15})\]/g)].map((m) => Number(m[1]))
    return {
      userId,
      title: f.title,
      caption: f.caption ?? '',
      text: f.text.replace(/\r\n?/g, '\n'),
      tags,
      restrict: NUMBER_OF.restrict[f.restrict],
      xRestrict: NUMBER_OF.x_restrict[f.x_restrict],
      aiType: NUMBER_OF.ai_type[f.ai_type],
      isOriginal: f.is_original ?? false,
      coverUploadId: f.cover_upload_id ?? null,
      imageUploadIds: [...new Set(imageUploadIds)],
      series: f.series_id !== undefined ? { id: f.series_id } : f.series_title ? { title: f.series_title } : null,
    }
  }

  private tags(given: string[]): string[] {
    const tags = given.map((t) => t.trim())
    if (tags.some((t) => /[\s\p{Cc}]/u.test(t)))
      throw refused('tags', 'invalid', 'A tag cannot contain spaces or control characters.')
    return tags
  }

  private novelChanged(userId: number, novelId: number, bookmarkers: number[] = []) {
    return this.deps.caches.bus.publish({
      items: [{ kind: 'novel', id: novelId }],
      callers: [userId, ...bookmarkers],
      lists: true,
    })
  }

  private refusal(why: 'missing' | 'uploads' | 'series' | 'size'): ApiError {
    switch (why) {
      case 'missing':
        return notFound('No such work of yours.')
      case 'uploads':
        return refused(
          'upload_ids',
          'unknown',
          "A page is not one of your uploads or is another work's; or an ugoira is not one ugoira upload with a delay for each of its frames.",
        )
      case 'series':
        return refused('series_id', 'unknown', 'No such series of yours.')
      case 'size':
        return refused(
          'upload_ids',
          'too large',
          `A work's pages together must be at most ${MAX_WORK_BYTES / 1024 / 1024} MB.`,
        )
    }
  }

  /**
   * Every instance forgets the work, its author's counts and the lists it is in (new works, feeds, search); a
   * deletion also the bookmarks of those who had it.
   */
  private changed(userId: number, workId: number, bookmarkers: number[] = []) {
    return this.deps.caches.bus.publish({
      items: [{ kind: 'illust', id: workId }],
      callers: [userId, ...bookmarkers],
      lists: true,
    })
  }

  private async deleteObjects(keys: string[]) {
    // a failure leaves an object no row names: the next clean-up takes it
    await Promise.all(keys.map((k) => this.storage.delete(k).catch(() => {})))
  }
}

/** How often each instance runs the clean-up (the first right after it starts). */
const CLEAN_UP_EVERY_MS = 60 * 60 * 1000

/** Runs the clean-up now and then every hour until stopped; `stop` waits for a run under way. */
export function scheduleCleanUp(
  posting: PostingService,
  afterS: number,
  log: { info(m: string): void; error(m: string, f?: Record<string, unknown>): void },
) {
  let running: Promise<void> = Promise.resolve()
  const run = () => {
    running = posting
      .cleanUp(afterS)
      .then(({ uploads, orphans }) => {
        if (uploads || orphans) log.info(`clean-up: ${uploads} unused uploads and ${orphans} orphaned pages deleted`)
      })
      .catch((err: unknown) => log.error('clean-up failed', { error: String(err) }))
  }
  run()
  const timer = setInterval(run, CLEAN_UP_EVERY_MS).unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
