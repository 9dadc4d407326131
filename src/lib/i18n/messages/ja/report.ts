import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/report.ts'

// 日本語: the same keys as ../en/report.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  open: '通報',
  openComment: '{name}さんのコメントを通報',
  title: {
    illust: 'この作品を通報',
    novel: 'この小説を通報',
    comment: 'このコメントを通報',
  },
  about: '「{label}」をこのサイトの管理者に通報します。',
  reason: '通報の理由',
  reasons: {
    spam: 'スパム・宣伝',
    sexual: '性的な内容、またはR-18の指定がない',
    violence: '暴力的・残虐な内容',
    harassment: '嫌がらせ・差別',
    copyright: '他人の作品（著作権の侵害）',
    other: 'その他',
  },
  note: '管理者に伝えたいこと（任意）',
  noteLength: '{length}/{max}文字',
  chooseReason: '通報するには理由を選んでください。',
  send: '通報する',
  sending: '送信中…',
  cancel: 'キャンセル',
  sentTitle: '通報しました',
  sent: 'ご協力ありがとうございます。このサイトの管理者が内容を確認します。',
  close: '閉じる',
  failed: '通報を送信できませんでした：{reason}',
  tryAgain: 'もう一度お試しください。',
  own: '自分の作品やコメントは通報できません。',
  gone: '対象が見つかりません。削除されたか、非表示になった可能性があります。',
} satisfies CatalogueOf<typeof en>
