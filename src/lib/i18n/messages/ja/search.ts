import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/search.ts'

// 日本語: the same keys as ../en/search.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  title: '検索',
  documentTitle: '{word} — 検索',
  resultsFor: '検索結果：',
  in: '検索対象',
  users: 'ユーザー',
  hint: '上の検索ボックスにキーワードかタグを入力してください。',
  trending: '注目のタグ',
  worksLabel: '「{word}」の検索結果',
  worksEmpty: '「{word}」に一致する作品はありません。',
  novelsLabel: '「{word}」の小説の検索結果',
  novelsEmpty: '「{word}」に一致する小説はありません。',
  usersLabel: '「{word}」に一致するユーザー',
  usersEmpty: '「{word}」に一致するユーザーはいません。',
  options: '検索オプション',
  match: '検索方法',
  sortLabel: '並び順',
  periodLabel: '期間',
  from: '開始日',
  to: '終了日',
  hideAi: 'AI生成作品を表示しない',
  target: {
    partialTags: 'タグ（部分一致）',
    exactTags: 'タグ（完全一致）',
    titleCaption: 'タイトル・キャプション',
    titleCaptionTags: 'タイトル・キャプション・タグ',
    text: '本文',
    keywords: 'キーワード',
  },
  sort: { newest: '新しい順', oldest: '古い順', popular: '人気順' },
  period: {
    any: '全期間',
    day: '1日以内',
    week: '1週間以内',
    month: '1か月以内',
    custom: '期間を指定',
  },
} satisfies CatalogueOf<typeof en>
