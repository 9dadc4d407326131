// Plain records that the generator produces and the data-access module stores.
// Times are unix seconds; `createDate` is the ISO string in JST that the wire shows.

export type WorkType = 'illust' | 'manga' | 'ugoira'

export interface UserRecord {
  id: number
  name: string
  account: string
  comment: string
  /** scrypt hash (`scrypt$N$r$p$salt$hash`), or null for an account that cannot sign in */
  passwordHash: string | null
  /** the account's age setting: 0 all-ages only, 1 also R-18, 2 also R-18G */
  xRestrict: number
  isPremium: boolean
  /** `admin` may set the registration mode and invite; member when absent */
  role?: 'admin' | 'member'
  /** upload time of the profile image, JST path form `YYYY/MM/DD/hh/mm/ss` */
  profileDate: string
  /** 32 hex chars, part of the profile image file name */
  profileHash: string
  /** gender, birth, region, job, webpage, twitter, workspace… as the /v1/user/detail profile needs them */
  profile: Record<string, unknown>
}

export interface FollowRecord {
  followerId: number
  followeeId: number
  /** 0 public, 1 private */
  restrict: number
}

export interface TagRecord {
  id: number
  name: string
  translatedName: string | null
}

export interface IllustSeriesRecord {
  id: number
  userId: number
  title: string
  caption: string
  createdTs: number
  coverToken: string
}

export interface WorkRecord {
  id: number
  userId: number
  type: WorkType
  title: string
  caption: string
  createdTs: number
  width: number
  height: number
  pageCount: number
  /** extension of the original image */
  ext: 'jpg' | 'png'
  sanityLevel: number
  xRestrict: number
  restrict: number
  aiType: number
  bookStyle: number
  totalView: number
  totalBookmarks: number
  totalComments: number
  commentAccessControl: number
  seriesId: number | null
  seriesOrder: number | null
  tools: string[]
  tagIds: number[]
  /** ugoira only: delay of each frame in ms */
  frameDelays: number[] | null
  /** restriction_attributes ["restricted_mode"] */
  restrictedMode: boolean
  /** share (0–100) of the work's audience that is male; drives day_male / day_female */
  maleShare: number
}

export interface NovelSeriesRecord {
  id: number
  userId: number
  title: string
  caption: string
  isOriginal: boolean
  isConcluded: boolean
  createdTs: number
}

export interface NovelRecord {
  id: number
  userId: number
  title: string
  caption: string
  createdTs: number
  restrict: number
  xRestrict: number
  isOriginal: boolean
  aiType: number
  totalView: number
  totalBookmarks: number
  totalComments: number
  seriesId: number | null
  seriesOrder: number | null
  /** null: the default cover */
  coverHash: string | null
  /** tag ids with added_by_uploaded_user */
  tags: { tagId: number; byAuthor: boolean }[]
  /** the full novel markup */
  text: string
  /** [uploadedimage:ID] images of this novel */
  images: { imageId: number; width: number; height: number }[]
}

export interface BookmarkRecord {
  id: number
  userId: number
  /** work id or novel id */
  itemId: number
  /** 0 public, 1 private */
  restrict: number
  createdTs: number
  tags: string[]
}

export interface ActivityRecord {
  /** work id or novel id */
  itemId: number
  /** days since 1970-01-01 in JST */
  day: number
  views: number
  bookmarks: number
}

export interface MuteRecord {
  userId: number
  kind: 'tag' | 'user'
  value: string
}

export interface CommentRecord {
  id: number
  kind: 'illust' | 'novel'
  /** work id or novel id */
  itemId: number
  userId: number
  /** the thread's first comment, for a reply; null for a thread's first comment */
  parentId: number | null
  body: string
  createdTs: number
}
