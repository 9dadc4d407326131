import { plural } from '../../catalogue.ts'
import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/signup.ts'

// 日本語: the same keys as ../en/signup.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  title: 'アカウントを作成',
  signedInAs:
    '<name>{name}</name>としてログインしています。新しいアカウントを作ると、この端末ではそちらでログインし直します。',
  firstAccount:
    'まだアカウントがありません。このアカウントが管理者になり、登録できる人を決めたり、ほかの人を招待したりできます。',
  closed: '現在、新しいアカウントの登録は受け付けていません。',
  inviteNeeded: 'アカウントは招待制です。管理者に招待リンクを依頼してください。',
  inviteUsed: 'この招待リンクはすでに使われています。管理者に新しいリンクを依頼してください。',
  inviteExpired: 'この招待リンクは有効期限が切れています。管理者に新しいリンクを依頼してください。',
  inviteUnknown:
    'この招待リンクは見つかりません。リンク全体をコピーしたか確かめるか、管理者に新しいリンクを依頼してください。',
  inviteCode: '招待リンクまたはコード',
  useInvite: '招待を使う',
  accountHint: '3〜32文字の英小文字（a〜z）、数字、_、- が使えます。プロフィールのリンクに使われます。',
  name: '表示名',
  nameHint: '作品やコメントと一緒に表示されます。{count}文字まで。',
  passwordHint: plural({ other: '{count}文字以上にしてください。' }),
  submit: 'アカウントを作成',
  creating: '作成中…',
  created: 'アカウントを作成しました。ようこそ！',
  failed: 'アカウントを作成できませんでした。もう一度お試しください。',
  haveAccount: 'アカウントをお持ちの方は<link>ログイン</link>',
  errors: {
    accountInvalid: '3〜32文字の英小文字（a〜z）、数字、_、- を使ってください。',
    accountTaken: 'このアカウント名はすでに使われています。別の名前を選んでください。',
    nameRequired: '表示名を入力してください。',
    nameInvalid: '表示名に制御文字は使えません。',
    nameTooLong: plural({ other: '表示名は{count}文字以内にしてください。' }),
    passwordTooShort: plural({ other: 'パスワードは{count}文字以上にしてください。' }),
  },
} satisfies CatalogueOf<typeof en>
