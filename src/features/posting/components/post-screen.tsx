import { useCallback, useRef, useState } from 'react'
import type { Illust } from '../../../api/model.ts'
import { Button } from '../../../components/button.tsx'
import { useT } from '../../../lib/i18n/i18n.ts'
import { postingApi } from '../../../lib/posting-api.ts'
import type { WorkParams } from '../../../lib/posting-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useSession } from '../../../lib/use-session.ts'
import { clearDraft, isEmptyDraft, readDraft, writeDraft, type Draft } from '../draft.ts'
import { heldUploads, uploadedPage, type PageItem } from '../page-list.ts'
import { EMPTY_WORK, type WorkValues } from '../work-rules.ts'
import { SignInNeeded } from './sign-in-needed.tsx'
import { pageKey } from './use-page-uploads.ts'
import { WorkForm } from './work-form.tsx'
import '../../../lib/i18n/messages/en/posting.ts'

const post = (params: WorkParams) => postingApi.addIllust(params)

/** The form of one account, from its draft: kept as it changes, removed once the work is posted. */
function PostForm({ userId, onPosted }: { userId: number; onPosted: (work: Illust) => void }) {
  const t = useT()
  // Read once: afterwards the form is the truth and the draft follows it.
  const [draft, setDraft] = useState<Draft | null>(() => {
    const saved = readDraft(userId)
    return saved && !isEmptyDraft(saved) ? saved : null
  })
  const [round, setRound] = useState(0)
  const posted = useRef(false)

  const keep = useCallback(
    (values: WorkValues, pages: readonly PageItem[]) => {
      if (!posted.current) writeDraft({ userId, values, pages: heldUploads(pages) })
    },
    [userId],
  )
  const done = useCallback(
    (work: Illust) => {
      posted.current = true
      clearDraft()
      onPosted(work)
    },
    [onPosted],
  )

  return (
    <>
      {draft && (
        <div
          role="status"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
        >
          <p className="flex-1">{t('posting.post.restored')}</p>
          <Button
            onClick={() => {
              clearDraft()
              setDraft(null)
              // A new form: the pages on their way are aborted with the old one.
              setRound((r) => r + 1)
            }}
          >
            {t('posting.post.startOver')}
          </Button>
        </div>
      )}
      <WorkForm
        key={round}
        userId={userId}
        initialValues={draft?.values ?? EMPTY_WORK}
        initialPages={() => (draft?.pages ?? []).map((p) => uploadedPage(pageKey(), p.upload, undefined, p.at))}
        submit={post}
        onSubmitted={done}
        onChange={keep}
        submitLabel={t('posting.post.submit')}
        pendingLabel={t('posting.post.posting')}
        failedLabel={t('posting.post.failed')}
      />
    </>
  )
}

/**
 * `/upload`: posting a work. Its pages upload as they are added; the fields and the uploaded pages are kept on this
 * device as a draft, so a reload or a dropped connection loses nothing the service already holds. Posted, `onPosted`
 * (the app: refresh the lists, open the work).
 */
export function PostScreen({ onPosted }: { onPosted: (work: Illust) => void }) {
  const t = useT()
  const current = useSession()
  useDocumentTitle(t('posting.post.title'))
  if (!current) return <SignInNeeded />
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">{t('posting.post.title')}</h1>
      <p className="mb-6 text-sm text-muted">{t('posting.post.intro')}</p>
      <PostForm key={current.user.id} userId={current.user.id} onPosted={onPosted} />
    </div>
  )
}
