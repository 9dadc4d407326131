import { useState } from 'react'
import { Link } from 'react-router'
import { Button, buttonClass } from '../../../components/button.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { lazyModule } from '../../../lib/lazy-module.ts'
import { useSignInHref } from '../../../lib/sign-in-href.ts'
import { useSession } from '../../../lib/use-session.ts'
import type { ReportTarget } from '../report-labels.ts'
import '../../../lib/i18n/messages/en/report.ts'

// The dialog and the moderation client are a chunk of their own, asked for when the reader points at the button.
const reportDialog = lazyModule(() => import('./report-dialog.tsx'))
const preload = () => void reportDialog.load().catch(() => {})

/**
 * "Report": a dialog that sends a report of the target to the admins. Not on one's own; signed out, a link to sign in
 * that comes back here.
 */
export function ReportButton(target: ReportTarget) {
  const t = useT()
  const me = useSession()
  const signInHref = useSignInHref()
  const [open, setOpen] = useState(false)
  if (me?.user.id === target.authorId) return null
  const name =
    target.kind === 'comment' && target.authorName !== undefined
      ? t('report.openComment', { name: target.authorName })
      : undefined
  if (!me)
    return (
      <Link className={buttonClass('ghost')} to={signInHref} aria-label={name}>
        {t('report.open')}
      </Link>
    )
  return (
    <>
      <Button
        variant="ghost"
        aria-label={name}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {t('report.open')}
      </Button>
      {open && <LazyReportDialog target={target} onClose={() => setOpen(false)} />}
    </>
  )
}

function LazyReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const ReportDialog = reportDialog.use()?.ReportDialog
  return ReportDialog ? <ReportDialog {...target} onClose={onClose} /> : null
}
