import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/app.ts'

// 日本語: the same keys as ../en/app.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  nav: {
    label: 'メイン',
    home: 'ホーム',
    ranking: 'ランキング',
    newest: '新着',
    search: '検索',
    post: '投稿',
    writeNovel: '小説を書く',
  },
  skipToContent: 'コンテンツへスキップ',
  footer: 'Easel — イラスト・マンガ・うごイラ・小説のためのセルフホスト型ギャラリー',
  searchBox: {
    label: '作品を検索、またはリンクを貼り付け',
    placeholder: '検索またはリンクを貼り付け',
    submit: '検索',
  },
  account: {
    label: 'アカウント：{name}',
    signedInAs: '<name>{name}</name>でログイン中',
    profile: 'プロフィール',
    library: 'ライブラリ',
  },
  chunkError: {
    title: 'この画面を読み込めませんでした',
    message: '接続が切れたか、Easelの新しいバージョンが公開されています。',
  },
  notFound: {
    title: '見つかりません',
    heading: 'ページが見つかりません',
    nothingAt: '<path>{path}</path> には何もありません。',
  },
  loadingLabel: '{label}を読み込み中…',
  home: {
    label: 'ホーム',
    headingRecommended: 'Easel：おすすめ作品',
    headingFollowing: 'Easel：フォロー中のユーザーの新着',
    followingSignInTitle: 'フォローしている作者の新着作品をチェック',
    followingSignInText: 'ログインすると、フォローしているユーザーの最新の作品と小説が見られます。',
    followingWorks: 'フォロー中のユーザーの作品',
    followingWorksEmpty: 'フォロー中のユーザーの新着作品はありません。',
    recommendedIllustrations: 'おすすめイラスト',
    recommendedManga: 'おすすめマンガ',
    recommendedEmpty: 'おすすめできる作品はまだありません。',
    novelsLoading: { recommended: 'おすすめ小説', following: 'フォロー中の小説', newest: '新着小説' },
  },
} satisfies CatalogueOf<typeof en>
