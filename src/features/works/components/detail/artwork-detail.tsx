import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '../../../../components/button.tsx'
import { paths } from '../../../../lib/paths.ts'
import { useSession } from '../../../../lib/use-session.ts'
import type { Illust } from '../../../../api/model.ts'
import { useT } from '../../../../lib/i18n/i18n.ts'
import { ArtworkMedia } from './artwork-media.tsx'
import { ARTWORK_ARTICLE_CLASS, ARTWORK_MEDIA_CLASS } from '../../lib/single-page-frame.ts'
import { AuthorCard, type AuthorFollow } from './author-card.tsx'
import { BookmarkButton } from './bookmark-button.tsx'
import { RelatedWorks } from './related-works.tsx'
import { WorkSeriesNav } from './series-nav.tsx'
import { WorkHeading, WorkInfo } from './work-info.tsx'
import { useWorkViewer } from './use-work-viewer.tsx'
import { NeighbourLinks, useArrowKeyNavigation, useNeighbours, useSwipeNavigation } from './work-neighbours.tsx'
import '../../../../lib/i18n/messages/en/artwork.ts'

/**
 * A viewable work: the media, then what there is to know and do about it. `comments`: the comment section, composed by
 * the app (a feature of its own), placed before the related works; `Follow`: the author's follow toggle, likewise;
 * `actions`: more buttons about the work (reporting, moderating), after the bookmark and edit buttons.
 */
export function ArtworkDetail({
  work,
  comments,
  actions,
  Follow,
}: {
  work: Illust
  comments?: ReactNode
  actions?: ReactNode
  Follow?: AuthorFollow
}) {
  const t = useT()
  const me = useSession()
  const neighbours = useNeighbours(work.id)
  useArrowKeyNavigation(neighbours)
  const swipe = useSwipeNavigation(neighbours)
  const { mediaHandlers, viewer } = useWorkViewer(work, neighbours)

  return (
    <article aria-labelledby="work-title" className={ARTWORK_ARTICLE_CLASS} data-work-id={work.id}>
      <section
        aria-label={t('artwork.media')}
        data-media
        className={ARTWORK_MEDIA_CLASS}
        {...swipe}
        onPointerDown={(event) => {
          swipe.onPointerDown(event)
          mediaHandlers.onPointerDown(event)
        }}
        onClickCapture={mediaHandlers.onClickCapture}
      >
        <ArtworkMedia work={work} />
      </section>
      {viewer}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-wrap items-start gap-3">
          <BookmarkButton work={work} />
          {/* Its author edits (or deletes) the work on a page of its own. */}
          {me?.user.id === work.user.id && (
            <Link className={buttonClass('secondary')} to={paths.artworkEdit(work.id)}>
              {t('artwork.edit')}
            </Link>
          )}
          {actions}
        </div>
        <NeighbourLinks {...neighbours} />
      </div>
      <WorkHeading work={work} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <WorkInfo work={work} />
        <div className="flex flex-col gap-4">
          <AuthorCard user={work.user} Follow={Follow} />
          <WorkSeriesNav work={work} />
        </div>
      </div>
      {comments}
      <RelatedWorks key={work.id} work={work} />
    </article>
  )
}
