// English messages of reporting a work, a novel or a comment to the admins: the source catalogue (see
// src/lib/i18n/i18n.ts).
import { registerEnglish } from '../../i18n.ts'
const messages = {
  open: 'Report',
  openComment: 'Report the comment by {name}',
  title: {
    illust: 'Report this work',
    novel: 'Report this novel',
    comment: 'Report this comment',
  },
  about: 'You are reporting “{label}” to the admins of this site.',
  reason: 'What is wrong with it?',
  reasons: {
    spam: 'Spam or advertising',
    sexual: 'Sexual content, or not marked R-18',
    violence: 'Violence or gore',
    harassment: 'Harassment or hate',
    copyright: 'Someone else’s work (copyright)',
    other: 'Something else',
  },
  note: 'Anything the admins should know (optional)',
  noteLength: '{length}/{max} characters',
  chooseReason: 'Choose a reason to send the report.',
  send: 'Send report',
  sending: 'Sending…',
  cancel: 'Cancel',
  sentTitle: 'Report sent',
  sent: 'Thank you. The admins of this site will look at it.',
  close: 'Close',
  failed: 'The report was not sent: {reason}',
  tryAgain: 'Please try again.',
  own: 'You cannot report your own work or comment.',
  gone: 'It is no longer there: it may have been deleted or hidden.',
}

// Registered when the first module that shows one of these messages loads (src/lib/i18n/i18n.ts).
registerEnglish({ report: messages })
export default messages
