// The XSS corpus: an opt-in catalogue (CATALOGUE_HOSTILE=all, or `hostileCorpus: true`) whose every title, caption,
// tag, user name, profile comment, series title and novel text carries payloads, so a browser test can render any
// view and prove nothing runs. It rewrites records on their way into the writer and draws no random numbers, so the
// default catalogue is untouched, byte for byte, when the option is off.
import type { CatalogueWriter } from '../data/catalogue-writer.ts'

/** `{js}` becomes code that records which payload ran (top.__xss, readable from frames too) and opens a dialog. */
const TEMPLATES: string[] = [
  '<script>{js}</script>',
  '<img src=x onerror="{js}">',
  '<img src=x onerror={js}>',
  '<svg onload="{js}">',
  '<svg><script>{js}</script></svg>',
  '<a href="javascript:{js}">plain javascript link</a>',
  '<a href="JaVaScRiPt:{js}">mixed case</a>',
  '<a href=" javascript:{js}">leading space</a>',
  '<a href="&#106;avascript:{js}">decimal entity</a>',
  '<a href="&#x6A;&#x61;vascript:{js}">hex entity</a>',
  '<a href="java&#09;script:{js}">tab entity</a>',
  '<a href="java\tscript:{js}">literal tab</a>',
  '<a href="java\nscript:{js}">literal newline</a>',
  '<a href="\u0001javascript:{js}">control character</a>',
  '<a href="javascript&colon;{js}">colon entity</a>',
  '<iframe src="javascript:{js}"></iframe>',
  '<iframe srcdoc="<script>{js}</script>"></iframe>',
  '<object data="javascript:{js}"></object>',
  '<embed src="javascript:{js}">',
  '<form action="javascript:{js}"><button>form action</button></form>',
  '<form><button formaction="javascript:{js}">formaction</button></form>',
  '<input autofocus onfocus="{js}">',
  '<select autofocus onfocus="{js}"></select>',
  '<textarea autofocus onfocus="{js}"></textarea>',
  '<details open ontoggle="{js}"><summary>toggle</summary></details>',
  '<body onload="{js}">',
  '<video><source onerror="{js}"></video>',
  '<audio src=x onerror="{js}"></audio>',
  '<video poster="javascript:{js}"></video>',
  '<marquee onstart="{js}">marquee</marquee>',
  '<math><mi xlink:href="javascript:{js}">math link</mi></math>',
  '<svg><a xlink:href="javascript:{js}"><text y="20">svg link</text></a></svg>',
  '<svg><animate onbegin="{js}" attributeName="x" dur="1s"></animate></svg>',
  '<svg><set attributeName="onload" to="{js}"></set></svg>',
  '<div style="background:url(javascript:{js})">css url</div>',
  '<div style="width:expression({js})">css expression</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:{js}">',
  '<base href="javascript:{js}//">',
  '<link rel="stylesheet" href="javascript:{js}">',
  '<noscript><p title="</noscript><img src=x onerror={js}>">',
  '<!--<img src="--><img src=x onerror={js}//">',
  '"><script>{js}</script>',
  "'><img src=x onerror={js}>",
  '</title><script>{js}</script>',
  '</textarea><script>{js}</script>',
  '</script><script>{js}</script>',
  '<img srcset="x" onerror="{js}">',
  '<img src="x:{js}" onerror="eval(src.slice(2))">',
  '<a href="data:text/html,<script>{js}</script>">data url</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD50b3AuX194c3M9MTwvc2NyaXB0Pg==">base64 data url</a>',
  '<a href="vbscript:msgbox(1)">vbscript</a>',
  '<a href="https://www.pixiv.net/" onclick="{js}">benign-looking link</a>',
  '<a href="https://www.pixiv.net/artworks/1" onmouseover="{js}">hover link</a>',
  '<a href="pixiv://illusts/1" onclick="{js}">app scheme link</a>',
  '<a href="#" onfocus="{js}" autofocus>autofocus link</a>',
  '<template><img src=x onerror="{js}"></template>',
  '<img src=x onerror="&#x20;{js}">',
  '<scr<script>ipt>{js}</scr</script>ipt>',
  '<SCRIPT SRC=data:text/javascript,{js}></SCRIPT>',
  "<style>@import 'javascript:{js}';body{display:none}</style>",
  '<x contenteditable onblur="{js}">blur me</x>',
  '<img src=x onerror={js} ',
  "{{constructor.constructor('{js}')()}}",
  '${{js}}',
  'javascript:{js}',
  '\u2028</script><script>{js}</script>\u2029',
  '[[jumpuri:novel link > javascript:{js}]]',
  '[[jumpuri:data link > data:text/html,<script>{js}</script>]]',
  '[chapter:<img src=x onerror={js}>]',
  '[[rb:<img src=x onerror={js}> > ruby]]',
  '[pixivimage:1"><img src=x onerror={js}>]',
  '[uploadedimage:1" onerror="{js}]',
  '[jump:1" onmouseover="{js}]',
]

export const XSS_MARKER = 'XSS-'
const marker = (i: number) => `${XSS_MARKER}${String(i + 1).padStart(2, '0')}:`

/** The corpus, numbered from 1: each payload is preceded by its visible marker (`XSS-07:`) so a test can tell which rendered. */
export const XSS_CORPUS: readonly string[] = TEMPLATES.map(
  (t, i) => marker(i) + t.replaceAll('{js}', `top.__xss=${i + 1};alert(${i + 1})`),
)

/** How many payloads a caption, comment or novel text carries. */
export const CORPUS_WINDOW = 8

/** The one payload of an item's title, tag or user name. */
export const corpusOne = (id: number) => XSS_CORPUS[id % XSS_CORPUS.length]!

/** The payloads of a caption, comment, novel text or series title: a window of CORPUS_WINDOW that moves with the id. */
export function corpusWindow(id: number): string[] {
  const start = ((id - 1) * CORPUS_WINDOW) % XSS_CORPUS.length
  return Array.from({ length: CORPUS_WINDOW }, (_, k) => XSS_CORPUS[(start + k) % XSS_CORPUS.length]!)
}

/** Tag ids of the corpus tags, above any tag the generator makes. */
export const CORPUS_TAG_BASE = 1_000_000
const corpusTagId = (id: number) => CORPUS_TAG_BASE + (id % XSS_CORPUS.length)

/** A writer that plants the corpus into every record it passes on. */
export function withHostileCorpus(w: CatalogueWriter): CatalogueWriter {
  let metaDone = false
  let tagsDone = false
  return {
    ...w,
    meta(key, value) {
      if (!metaDone) w.meta('hostile_corpus', 'all')
      metaDone = true
      w.meta(key, value)
    },
    user: (u) =>
      w.user({ ...u, name: `${u.name} ${corpusOne(u.id)}`, comment: [u.comment, ...corpusWindow(u.id)].join('\n') }),
    tag(t) {
      if (!tagsDone)
        XSS_CORPUS.forEach((payload, i) => w.tag({ id: CORPUS_TAG_BASE + i, name: payload, translatedName: payload }))
      tagsDone = true
      w.tag(t)
    },
    // Series are few (20 illust series in the default catalogue): a window each, so together they carry every payload.
    illustSeries: (s) => w.illustSeries({ ...s, title: [s.title, ...corpusWindow(s.id)].join(' ') }),
    novelSeries: (s) => w.novelSeries({ ...s, title: [s.title, ...corpusWindow(s.id)].join(' ') }),
    work: (r) =>
      w.work({
        ...r,
        title: `${r.title} ${corpusOne(r.id)}`,
        caption: [r.caption, ...corpusWindow(r.id)].join('<br />'),
        tagIds: [...r.tagIds, corpusTagId(r.id)],
      }),
    novel: (n) =>
      w.novel({
        ...n,
        title: `${n.title} ${corpusOne(n.id)}`,
        caption: [n.caption, ...corpusWindow(n.id)].join('<br />'),
        // On the first page, so the reader shows them without paging.
        text: `${corpusWindow(n.id).join('\n')}\n${n.text}`,
        tags: [...n.tags, { tagId: corpusTagId(n.id), byAuthor: true }],
      }),
    comment: (c) => w.comment({ ...c, body: [c.body, ...corpusWindow(c.id)].join('\n') }),
  }
}
