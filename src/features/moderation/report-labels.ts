// What a report is about and why, as the report dialog and the moderation screen name them.

import type { MessageKey } from '../../lib/i18n/i18n.ts'
import type { ModerationKind, ReportReason } from '../../lib/moderation-client.ts'
import '../../lib/i18n/messages/en/report.ts'

export interface ReportTarget {
  kind: ModerationKind
  targetId: number
  /** whose it is: its author sees no Report */
  authorId: number
  /** what the dialog calls it: a title, or a comment's text */
  label: string
  /** a comment's writer, for the button's name among the comments */
  authorName?: string
}

export const REPORT_TITLES = {
  illust: 'report.title.illust',
  novel: 'report.title.novel',
  comment: 'report.title.comment',
} as const satisfies Record<ModerationKind, MessageKey>

export const REASON_LABELS = {
  spam: 'report.reasons.spam',
  sexual: 'report.reasons.sexual',
  violence: 'report.reasons.violence',
  harassment: 'report.reasons.harassment',
  copyright: 'report.reasons.copyright',
  other: 'report.reasons.other',
} as const satisfies Record<ReportReason, MessageKey>
