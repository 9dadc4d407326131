// English messages of the gallery's "comments" strings: the source catalogue (see src/lib/i18n/i18n.ts for the format).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  heading: 'Comments',
  headingWithTotal: 'Comments ({total})',
  list: 'Comments',
  write: 'Write a comment',
  post: 'Post comment',
  posting: 'Posting…',
  signIn: 'Sign in to comment',
  loading: 'Loading comments…',
  empty: 'No comments yet.',
  loadingMore: 'Loading…',
  more: 'More comments',
  cancel: 'Cancel',
  length: '{length}/{max} characters',
  notPosted: 'Your comment was not posted: {reason}',
  commentBy: 'Comment by {name}',
  reply: 'Reply',
  replyTo: 'Reply to {name}',
  postReply: 'Post reply',
  showReplies: 'Show replies',
  hideReplies: 'Hide replies',
  delete: 'Delete',
  deleteLabel: 'Delete your comment',
  confirm: 'Confirm deletion',
  confirmQuestion: 'Delete this comment?',
  confirmYes: 'Yes, delete',
  deleting: 'Deleting…',
  keep: 'Keep it',
  notDeleted: 'The comment was not deleted: {reason}',
  loadingReplies: 'Loading replies…',
  noReplies: 'No replies.',
  replies: 'Replies',
  moreReplies: 'More replies',
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ comments: messages })
export default messages
