import type { CatalogueOf } from '../../catalogue.ts'
import { plural } from '../../catalogue.ts'
import type en from '../en/components.ts'

// 日本語: the same keys as ../en/components.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  tags: 'タグ',
  notFound: {
    page: 'このページは存在しません',
    series: 'このシリーズは存在しません',
    user: 'このユーザーは存在しません',
    hint: '削除されたか、URLが間違っている可能性があります。',
    home: 'ホームに戻る',
  },
  error: {
    slowDown: '少し時間をおいてください',
    tooManyWait: plural({ other: 'リクエストが多すぎます。{count}秒後にもう一度お試しください。' }),
    notFound: '見つかりません',
    signInNeeded: 'ログインが必要です',
    notAvailable: '閲覧できません',
    offline: 'オフラインです',
    offlineMessage: 'このページはこの端末に保存されていません。インターネットに接続してもう一度お試しください。',
    couldNotConnect: '接続できませんでした',
    serverProblem: 'サーバーエラー',
    somethingWrong: 'エラーが発生しました',
    pleaseTryAgain: 'もう一度お試しください。',
  },
  loadMore: {
    loading: '続きを読み込み中',
    failed: '次のページを読み込めませんでした。',
  },
  reveal: {
    r18: 'R-18',
    r18g: 'R-18G',
    ai: 'AI生成',
    sensitive: 'センシティブ',
    muted: 'ミュート中',
    hidden: '非表示',
    label: '{name}を表示（{why}）',
  },
  bookmark: {
    group: 'ブックマーク',
    bookmark: 'ブックマーク',
    private: '非公開',
    makePublic: 'ブックマークを公開にする',
    makePrivate: '非公開でブックマーク（自分だけが見られます）',
    signInTo: 'ログインしてブックマーク',
    signInToSentence: 'ブックマークするにはログインしてください。',
    somethingWrong: 'エラーが発生しました。もう一度お試しください。',
    couldNotAdd: 'ブックマークできませんでした：{why}',
    couldNotRemove: 'ブックマークを解除できませんでした：{why}',
  },
  list: {
    hiddenCount: 'フィルターにより{count}件を非表示',
    filterSettings: 'フィルター設定',
    changeFilterSettings: 'フィルター設定を変更',
    allHidden: {
      works: 'ここにある{count}件の作品はすべてフィルターにより非表示です。',
      novels: 'ここにある{count}件の小説はすべてフィルターにより非表示です。',
    },
    loading: { works: '作品を読み込み中…', novels: '小説を読み込み中…' },
    failed: {
      works: '作品の読み込み中にエラーが発生しました。',
      novels: '小説の読み込み中にエラーが発生しました。',
    },
    loadingMore: '続きを読み込み中…',
    end: 'これ以上ありません',
    retrying: 'リクエストが多すぎます — {seconds}秒後に再試行します',
  },
} satisfies CatalogueOf<typeof en>
