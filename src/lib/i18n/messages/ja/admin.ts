import type { CatalogueOf } from '../../catalogue.ts'
import { plural } from '../../catalogue.ts'
import type en from '../en/admin.ts'

// 日本語: the same keys as ../en/admin.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  title: '管理',
  mode: {
    legend: 'アカウントを作成できる人',
    description: '選ぶとすぐに保存されます。新しいアカウントは一般メンバーです。この項目は管理者にだけ表示されます。',
    open: '誰でも',
    invite: '招待リンクを持つ人',
    closed: '誰も作成できない',
    notSaved: '変更を保存できませんでした：{reason}',
  },
  invites: {
    title: '招待リンク',
    description: 'リンク1つで作れるアカウントは1つだけで、使われると無効になります。招待する人に送ってください。',
    expiry: 'リンクの有効期間',
    days: plural({ other: '{count}日' }),
    create: '招待リンクを作成',
    creating: '作成中…',
    failed: '招待リンクを作成できませんでした：{reason}',
    link: '招待リンク',
    once: 'このリンクは今回しか表示されません。今すぐコピーしてください。',
    until: 'このリンクを開いた人は、{date}までアカウントを1つ作成できます。',
    copyFailed: '自動でコピーできませんでした。リンクを選択したので、キーボードかメニューからコピーしてください。',
    listTitle: '作成した招待',
    none: '招待はまだありません。',
    created: '作成：<time>{when}</time>',
    expires: '有効期限：<time>{when}</time>',
    expiredAt: '期限切れ：<time>{when}</time>',
    unused: '未使用',
    expired: '期限切れ',
    usedBy: '<user>@{account}</user>が使用（<time>{when}</time>）',
    withdraw: '取り消す',
    withdrawInvite: '{when}に作成した招待を取り消す',
    notWithdrawn: '招待を取り消せませんでした：{reason}',
    showAll: '{count}件すべてを表示',
  },
  moderation: {
    title: 'モデレーション',
    description: 'メンバーからの通報、非表示の作品・小説・コメント、利用停止中のアカウント、対応の記録です。',
    open: 'モデレーションを開く',
  },
} satisfies CatalogueOf<typeof en>
