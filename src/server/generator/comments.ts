// Comments of the demo catalogue: threads with replies, by users who may see the work, dated after it, in Japanese
// and English; a few hostile ones (script tags, javascript: links, RTL overrides, very long words) so the gallery's
// escaping is exercised by real data. Drawn from their own random streams, so the rest of the catalogue is the same
// with or without them.
import type { CommentRecord } from '../data/records.ts'
import { HOSTILE_SNIPPETS } from '../../api/hostile.ts'
import type { Rng } from './random.ts'
import type { Lang } from './text.ts'

/** What the planner needs of a work or novel. */
export interface CommentedItem {
  id: number
  userId: number
  restrict: number
  xRestrict: number
  createdTs: number
  /** how many comments to make (replies included): the item's total_comments */
  totalComments: number
  /** 1: only users the author follows may comment */
  commentAccessControl: number
}

/** What the planner needs of the users. */
export interface Commenters {
  /** user ids run 1..count */
  count: number
  xRestrict: (userId: number) => number
  lang: (userId: number) => Lang
  /** a follows b */
  follows: (a: number, b: number) => boolean
  mutual: (a: number, b: number) => boolean
}

export const DEMO_USER_ID = 1
/** Share of comments the demo account writes, where it may: a few dozen in the default catalogue. */
const DEMO_SHARE = 0.002
/** Share of other comments that carry a hostile payload. */
const HOSTILE_SHARE = 0.02
const REPLY_SHARE = 0.3
/** Share of replies the item's author writes (thanking, answering). */
const AUTHOR_REPLY_SHARE = 0.4

const JA_COMMENTS = [
  '素敵です！',
  '色使いがとても綺麗ですね',
  'この表情が好きです',
  '背景の描き込みがすごい…！',
  '続きを楽しみにしています',
  'ブックマークしました',
  '光の表現が美しいです',
  '尊い…',
  '構図が最高です',
  '何度見ても飽きません',
  '髪の塗りが好きすぎる',
  'お疲れさまでした！',
  '雰囲気がたまらないです',
  '新作ありがとうございます',
  'この世界観大好きです',
  '細部まで丁寧で感動しました',
  '目が綺麗…',
  '待ってました！',
  '最後のページで泣きました',
  'かわいい〜！',
]
const EN_COMMENTS = [
  'This is gorgeous!',
  'Love the colours here',
  'The lighting is amazing',
  'Such a mood. Bookmarked.',
  'Can’t wait for the next one',
  'The details in the background!!',
  'Beautiful work as always',
  'I keep coming back to this one',
  'That expression is perfect',
  'Wow, the composition',
  'So cute <3',
  'This made my day',
  'Great job & thank you for sharing',
  'The linework is so clean',
  'Absolutely stunning',
]
const JA_REPLIES = [
  'ありがとうございます！',
  'そう言っていただけて嬉しいです',
  'わかります！',
  '同じく好きです',
  'ありがとうございます、励みになります',
  '次回もがんばります！',
]
const EN_REPLIES = [
  'Thank you so much!',
  'Glad you like it!',
  'Same here!',
  'Agreed, it’s wonderful',
  'Thanks, that means a lot',
  'More coming soon!',
]
const TAILS = ['', '', '', '！', '✨', '(*´▽｀*)', '♪', ' 💕', 'ｗ', '!!']

/** Text that must come back byte for byte and show as text: markup, bidi controls, unbreakable runs. */
export const HOSTILE_COMMENTS: readonly string[] = [
  ...HOSTILE_SNIPPETS.filter((s) => s.length <= 140),
  '\u202Egpj.exe\u202C ← right-to-left override',
  'abc\u202Edefghi\u2066isolate\u2069 mixed \u200Fbidi\u200E marks',
  'すごい' + 'ｗ'.repeat(120),
  'Incomprehensibilities' + 'a'.repeat(100) + 'h',
  'https://example.com/' + 'x'.repeat(110),
  'zero\u200Bwidth\u200Bjoiners\u200D and \u2028 line separator',
  'Z̴̡̛a̷̢͝l̶̨̛g̵̨͘o̸̢͠ text',
  '&lt;b&gt;already escaped&lt;/b&gt; &amp; <b>raw bold</b>',
]

function body(rng: Rng, lang: Lang, reply: boolean): string {
  const pool = reply ? (lang === 'ja' ? JA_REPLIES : EN_REPLIES) : lang === 'ja' ? JA_COMMENTS : EN_COMMENTS
  let text = rng.pick(pool)
  if (!reply && rng.chance(0.25)) text += (lang === 'ja' ? '。' : ' ') + rng.pick(pool)
  return text + rng.pick(TAILS)
}

/** May `userId` comment on the item: they may see it, and its comment setting lets them. */
function mayComment(item: CommentedItem, userId: number, who: Commenters): boolean {
  if (userId === item.userId) return true
  if (who.xRestrict(userId) < item.xRestrict) return false
  if (item.restrict === 2) return false
  if (item.restrict === 1 && !who.mutual(userId, item.userId)) return false
  if (item.commentAccessControl === 1 && !who.follows(item.userId, userId)) return false
  return true
}

function drawCommenter(rng: Rng, item: CommentedItem, who: Commenters): number {
  if (rng.chance(DEMO_SHARE) && mayComment(item, DEMO_USER_ID, who)) return DEMO_USER_ID
  for (let tries = 0; tries < 6; tries++) {
    const u = rng.int(2, who.count)
    if (u !== item.userId && mayComment(item, u, who)) return u
  }
  return item.userId
}

/**
 * Exactly `totalComments` comments for each item (so the counters agree with the rows), ids from `firstId` in item
 * order. `hostile` items get a hostile payload in every comment.
 */
/**
 * Exactly `totalComments` comments for each item (so the counters agree with the rows), ids from `firstId` in item
 * order. `hostile` items get a hostile payload in every comment. One at a time, as the writer takes them: a million
 * works have millions of comments, too many to hold.
 */
export function* streamComments(
  rng: Rng,
  kind: 'illust' | 'novel',
  items: Iterable<CommentedItem>,
  who: Commenters,
  now: number,
  firstId: number,
  hostile: ReadonlySet<number> = new Set(),
): Generator<CommentRecord> {
  let id = firstId
  let hostileNext = 0
  for (const item of items) {
    const n = item.totalComments
    if (n === 0) continue
    // Most comments come soon after posting: dates skewed towards the work's date, in order.
    const span = Math.max(1, now - item.createdTs - 60)
    const times: number[] = []
    for (let k = 0; k < n; k++) times.push(item.createdTs + 60 + Math.floor(span * Math.pow(rng.next(), 3)))
    times.sort((a, b) => a - b)
    const roots: number[] = []
    for (let k = 0; k < n; k++) {
      const isReply = roots.length > 0 && rng.chance(REPLY_SHARE)
      const parentId = isReply ? rng.pick(roots) : null
      const userId = isReply && rng.chance(AUTHOR_REPLY_SHARE) ? item.userId : drawCommenter(rng, item, who)
      let text = body(rng, who.lang(userId), isReply)
      if (hostile.has(item.id) || rng.chance(HOSTILE_SHARE))
        text = HOSTILE_COMMENTS[hostileNext++ % HOSTILE_COMMENTS.length]!
      yield { id, kind, itemId: item.id, userId, parentId, body: text, createdTs: Math.min(times[k]!, now) }
      if (!isReply) roots.push(id)
      id++
    }
  }
}
