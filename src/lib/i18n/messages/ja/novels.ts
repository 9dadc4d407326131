import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/novels.ts'

// 日本語: the same keys as ../en/novels.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  untitled: '無題',
  byAuthor: '{name}「{title}」',
  badges: {
    r18: 'R-18',
    r18g: 'R-18G',
    ai: 'AI',
    aiLong: 'AI生成',
    aiPartial: 'AI補助',
    aiPartialLong: '一部AI生成',
    original: 'オリジナル',
    originalLong: 'オリジナル作品',
  },
  card: {
    rank: '{value}位',
    part: '第{value}話',
    numbered: '{number}：{name}',
    series: 'シリーズ：{title}。',
    stats: '{chars}文字、読了時間{time}、ブックマーク{bookmarks}件。',
    tags: 'タグ：{tags}。',
    badgeSeparator: '、',
    meta: '{chars}文字 · {time} · ♥ {bookmarks}',
  },
  readingTime: {
    minutes: '{minutes}分',
    hours: '{hours}時間',
    hoursMinutes: '{hours}時間{minutes}分',
  },
  seriesHeader: {
    kind: '小説シリーズ',
    original: 'オリジナル',
    ai: 'AI生成',
    novels: '話数',
    characters: '文字数',
    readingTime: '読了時間',
    status: '状態',
    concluded: '完結',
    ongoing: '連載中',
    readFirst: '最初から読む',
    latest: '最新話：{title}',
    loading: 'シリーズを読み込み中…',
  },
  list: {
    empty: 'まだ小説がありません。',
    loading: '読み込み中…',
    loadingLabel: '{label}を読み込み中…',
  },
  feeds: {
    recommended: 'おすすめ小説',
    following: 'フォロー中のユーザーの小説',
    followingEmpty: 'フォロー中のユーザーの新着小説はありません。',
    newest: '新着小説',
    newestEmpty: '小説はまだありません。',
  },
} satisfies CatalogueOf<typeof en>
