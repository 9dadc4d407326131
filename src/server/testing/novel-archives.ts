import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// Novels written to disk as the two downloaders write them, for the importer's tests (library/novels.test.ts) and the
// e2e check of the reader on an imported library (e2e/library-novels.spec.ts).
//
// gallery-dl (gallery_dl/extractor/pixiv.py, PixivNovelExtractor; `--write-metadata`, options `covers` and
// `embeds`): `pixiv-novel/{user[id]} {user[account]}/{id}_p{num}.{extension}`, num 0 the `.txt` of the webview text,
// then the cover, then each uploaded image; every file with its `<file>.json` sidecar (indented by 4, non-ASCII kept,
// `_` keys left out, `date` as "YYYY-MM-DD HH:MM:SS").
//
// PixivUtil2 (model/PixivNovel.py write_content, novel_template.html): `%artist% (%member_id%)/%manga_series_id%
// %manga_series_order% %urlFilename% - %title%.html`, the template with `%title%` and then `%novel_json_str%` (the
// web API's answer as it came) replaced.

export interface FixtureUser {
  id: number
  name: string
  account: string
}

export interface FixtureNovel {
  id: number
  title: string
  caption?: string
  /** ISO with zone, as the App API sends `create_date` */
  createDate: string
  user: FixtureUser
  text: string
  /** names and translations, in order */
  tags?: { name: string; translated_name: string | null; added_by_uploaded_user?: boolean }[]
  series?: { id: number; title: string; order?: number } | null
  xRestrict?: number
  isOriginal?: boolean
  totalView?: number
  totalBookmarks?: number
}

const pad = (n: number) => String(n).padStart(2, '0')
/** gallery-dl's `date` in a sidecar: the datetime as "YYYY-MM-DD HH:MM:SS" (UTC). */
const sidecarDate = (iso: string) => {
  const d = new Date(iso)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}
/** The CDN's `YYYY/MM/DD/hh/mm/ss` (JST) of a date. */
const urlDate = (iso: string) => {
  const d = new Date(Date.parse(iso) + 9 * 3600_000)
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${pad(d.getUTCHours())}/${pad(d.getUTCMinutes())}/${pad(d.getUTCSeconds())}`
}

const TAGS = [
  { name: 'オリジナル', translated_name: 'original', added_by_uploaded_user: true },
  { name: '小説', translated_name: null, added_by_uploaded_user: false },
]

/** The App API's novel object, as gallery-dl keeps it (/v2/novel/detail, `tags` as the option leaves them). */
function appNovel(n: FixtureNovel, tags: 'japanese' | 'original') {
  const cover = `https://i.pximg.net/c/240x480_80/novel-cover-master/img/${urlDate(n.createDate)}/ci${n.id}_0123456789abcdef0123456789abcdef_master1200.jpg`
  const t = n.tags ?? TAGS
  return {
    id: n.id,
    title: n.title,
    caption: n.caption ?? '',
    restrict: 0,
    x_restrict: n.xRestrict ?? 0,
    is_original: n.isOriginal ?? false,
    image_urls: { square_medium: cover, medium: cover, large: cover },
    create_date: n.createDate,
    tags: tags === 'original' ? t : t.map((x) => x.name),
    page_count: n.text.split('[newpage]').length,
    text_length: [...n.text].length,
    user: {
      id: n.user.id,
      name: n.user.name,
      account: n.user.account,
      profile_image_urls: { medium: 'https://i.pximg.net/common/images/no_profile.png' },
      is_followed: false,
    },
    series: n.series ? { id: n.series.id, title: n.series.title } : {},
    is_bookmarked: false,
    total_bookmarks: n.totalBookmarks ?? 5,
    total_view: n.totalView ?? 50,
    visible: true,
    total_comments: 0,
    is_muted: false,
    is_mypixiv_only: false,
    is_x_restricted: (n.xRestrict ?? 0) > 0,
    novel_ai_type: 1,
  }
}

export interface GalleryDlNovelFiles {
  /** absolute paths */
  text: string
  cover?: string
  images: { imageId: number; file: string }[]
  dir: string
}

/**
 * Writes one novel as gallery-dl does: the text, the cover when given (`covers`), the uploaded images when given
 * (`embeds`, in the order of the web API's textEmbeddedImages), each with its sidecar.
 */
export function writeGalleryDlNovel(
  root: string,
  n: FixtureNovel,
  opts: {
    cover?: { data: Uint8Array; ext: 'jpg' | 'png' }
    images?: { imageId: number; data: Uint8Array; ext: 'jpg' | 'png' | 'gif' }[]
    tags?: 'japanese' | 'original'
    subcategory?: string
  } = {},
): GalleryDlNovelFiles {
  const dir = path.join(root, 'pixiv-novel', `${n.user.id} ${n.user.account}`)
  mkdirSync(dir, { recursive: true })
  const base = {
    ...appNovel(n, opts.tags ?? 'japanese'),
    num: 0,
    date: sidecarDate(n.createDate),
    rating: ['General', 'R-18', 'R-18G'][n.xRestrict ?? 0],
    suffix: '',
    category: 'pixiv-novel',
    subcategory: opts.subcategory ?? 'novel',
  }
  const write = (file: string, data: string | Uint8Array, meta: object) => {
    writeFileSync(file, data)
    writeFileSync(`${file}.json`, JSON.stringify(meta, null, 4))
  }
  const text = path.join(dir, `${n.id}_p0.txt`)
  write(text, n.text, { ...base, extension: 'txt' })
  const out: GalleryDlNovelFiles = { text, images: [], dir }
  let num = 0
  if (opts.cover) {
    num++
    const stem = `${n.id}_0123456789abcdef0123456789abcdef`
    out.cover = path.join(dir, `${n.id}_p${num}.${opts.cover.ext}`)
    write(out.cover, opts.cover.data, {
      ...base,
      num,
      suffix: `_p${pad(num)}`,
      date_url: sidecarDate(n.createDate),
      filename: stem,
      extension: opts.cover.ext,
    })
  }
  for (const img of opts.images ?? []) {
    num++
    const stem = `${n.id}_${img.imageId}_fedcba9876543210fedcba9876543210`
    const file = path.join(dir, `${n.id}_p${num}.${img.ext}`)
    out.images.push({ imageId: img.imageId, file })
    write(file, img.data, {
      ...base,
      // the web API's textEmbeddedImages entry, its urls popped
      novelImageId: String(img.imageId),
      sl: '2',
      num,
      suffix: `_p${pad(num)}`,
      date_url: sidecarDate(n.createDate),
      filename: stem,
      extension: img.ext,
    })
  }
  return out
}

/** The web API's `/ajax/novel/{id}` answer (the keys PixivUtil2 reads and the reader needs, and a few more). */
function ajaxNovel(n: FixtureNovel): object {
  const d = urlDate(n.createDate)
  return {
    error: false,
    message: '',
    body: {
      bookmarkCount: n.totalBookmarks ?? 5,
      commentCount: 0,
      markerCount: 0,
      createDate: n.createDate,
      uploadDate: n.createDate,
      description: n.caption ?? '',
      id: String(n.id),
      title: n.title,
      likeCount: 3,
      pageCount: n.text.split('[newpage]').length,
      userId: String(n.user.id),
      userName: n.user.name,
      viewCount: n.totalView ?? 50,
      isOriginal: n.isOriginal ?? false,
      isBungei: false,
      xRestrict: n.xRestrict ?? 0,
      restrict: 0,
      content: n.text,
      coverUrl: `https://i.pximg.net/c/600x600/novel-cover-master/img/${d}/ci${n.id}_0123456789abcdef0123456789abcdef_master1200.jpg`,
      suggestedSettings: { viewMode: 1, themeBackground: 4, themeSize: null, themeSpacing: null },
      isBookmarkable: true,
      bookmarkData: null,
      likeData: false,
      tags: {
        authorId: String(n.user.id),
        isLocked: false,
        tags: (n.tags ?? TAGS).map((t) => ({
          tag: t.name,
          locked: !!t.added_by_uploaded_user,
          deletable: !t.added_by_uploaded_user,
          userId: t.added_by_uploaded_user ? String(n.user.id) : '1',
          ...(t.translated_name ? { translation: { en: t.translated_name } } : {}),
          userName: t.added_by_uploaded_user ? n.user.name : 'someone',
        })),
        writable: true,
      },
      seriesNavData: n.series
        ? {
            seriesType: 'novel',
            seriesId: n.series.id,
            title: n.series.title,
            isConcluded: false,
            isReplaceable: false,
            order: n.series.order ?? 1,
            isWatched: false,
            isNotifying: false,
            prev: null,
            next: null,
          }
        : null,
      language: 'ja',
      textEmbeddedImages: null,
      characterCount: [...n.text].length,
      wordCount: 0,
      useWordCount: false,
      readingTime: 60,
      aiType: 1,
      genre: '0',
    },
  }
}

/** novel_template.html as PixivUtil2 ships it, its style sheet shortened (the importer reads only the data script). */
const PIXIVUTIL2_TEMPLATE = `<html>

<head>
    <style>
        .content {
            white-space: pre-wrap;
            writing-mode: horizontal-tb;
        }
    </style>
    <title>%title%</title>
    <script>
data = %novel_json_str%;
    </script>
    <script>
function render() {
    let content_div = document.getElementById("content");
    content_div.innerHTML = data["body"]["content"];
    let title = document.getElementById("title");
    title.innerHTML = data["body"]["title"];
}
    </script>
</head>

<body onload="render()">
    <div id="series_info" class="series"></div>
    <div id="title" class="title"></div>
    <div id="desc" class="desc"></div>
    <div id="workdate" class="workdate"></div>
    <div id="tags" class="tags"></div>
    <hr />
    <pre id="content" class='content'>
</body>

</html>`

/** The answer as pixiv's web API sends it: compact, `/` escaped. */
export const ajaxJsonText = (n: FixtureNovel) => JSON.stringify(ajaxNovel(n)).replaceAll('/', '\\/')

/** Writes one novel as PixivUtil2 does (its default `filenameFormatNovel`); returns the page's path. */
export function writePixivUtil2Novel(root: string, n: FixtureNovel, json = ajaxJsonText(n)): string {
  const dir = path.join(root, `${n.user.name} (${n.user.id})`)
  mkdirSync(dir, { recursive: true })
  const series = n.series ? `${n.series.id} ${n.series.order ?? 1}` : '0 0'
  const file = path.join(dir, `${series} ${n.id} - ${n.title}.html`)
  // Python's str.replace: literal, every occurrence (split/join, not String.replace and its `$` patterns)
  const page = PIXIVUTIL2_TEMPLATE.split('%title%').join(n.title).split('%novel_json_str%').join(json)
  writeFileSync(file, page)
  return file
}
