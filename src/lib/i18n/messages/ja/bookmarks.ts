import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/bookmarks.ts'

// 日本語: the same keys as ../en/bookmarks.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  kind: 'ブックマークの種類',
  tag: 'タグ',
  all: 'すべてのブックマーク',
  empty: 'ブックマークはまだありません。',
  emptyTagged: '「{tag}」タグのブックマークはありません。',
  novelsEmpty: '小説のブックマークはまだありません。',
  novelsEmptyTagged: '「{tag}」タグでブックマークした小説はありません。',
  label: {
    yours: 'あなたのブックマーク',
    yoursPrivate: 'あなたの非公開ブックマーク',
    theirs: '{name}さんのブックマーク',
    theirsPrivate: '{name}さんの非公開ブックマーク',
    yoursNovels: 'あなたの小説ブックマーク',
    yoursPrivateNovels: 'あなたの非公開小説ブックマーク',
    theirsNovels: '{name}さんの小説ブックマーク',
    theirsPrivateNovels: '{name}さんの非公開小説ブックマーク',
    tagged: '{label}（タグ：{tag}）',
  },
} satisfies CatalogueOf<typeof en>
