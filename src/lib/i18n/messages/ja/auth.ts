import type { CatalogueOf } from '../../catalogue.ts'
import type en from '../en/auth.ts'

// 日本語: the same keys as ../en/auth.ts (a missing or extra key fails the type check and catalogue.test.ts).
export default {
  title: 'Easelにログイン',
  signedInAs: '<name>{name}</name>としてログインしています。',
  continue: '続ける',
  demo: 'デモアカウントはアカウント名 <account>demo</account>、パスワード <password>demo</password> です。',
  browse: 'ログインせずに見る',
  account: 'アカウント名',
  password: 'パスワード',
  signingIn: 'ログイン中…',
  failed: 'ログインできませんでした。もう一度お試しください。',
  createAccount: 'アカウントを作成',
  suspended: 'このアカウントは利用停止中です。このサイトの管理者にお問い合わせください。',
} satisfies CatalogueOf<typeof en>
