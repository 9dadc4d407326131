import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/users.ts'

// 日本語: the same keys as ../en/users.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  user: 'ユーザー',
  mutuals: 'マイピク',
  pages: '{name}さんのページ',
  visibility: '公開範囲',
  publicBookmarks: '公開ブックマーク',
  loadingProfile: 'プロフィールを読み込み中…',
  followFailed: 'うまくいきませんでした。もう一度お試しください。',
  workAlt: '{name}さんの「{title}」',
  works: {
    kind: '作品の種類',
    all: 'すべて',
    allLabel: '{name}さんの作品',
    allEmpty: '{name}さんはまだ作品を投稿していません。',
    illustLabel: '{name}さんのイラスト',
    illustEmpty: '{name}さんはまだイラストを投稿していません。',
    mangaLabel: '{name}さんのマンガ',
    mangaEmpty: '{name}さんはまだマンガを投稿していません。',
  },
  novelsLabel: '{name}さんの小説',
  novelsEmpty: '{name}さんはまだ小説を投稿していません。',
  followersLabel: '{name}さんのフォロワー',
  followersEmptySelf: 'まだフォロワーはいません。',
  followersEmpty: '{name}さんにはまだフォロワーがいません。',
  followingLabel: '{name}さんがフォローしているユーザー',
  followingEmptySelf: 'ここにはまだフォローしているユーザーがいません。',
  followingEmpty: '{name}さんはまだ誰もフォローしていません。',
  mutualsLabel: '{name}さんのマイピク',
  mutualsEmptySelf: 'まだマイピクはいません。',
  mutualsEmpty: '{name}さんにはまだマイピクがいません。',
} satisfies CatalogueOf<typeof en>
