import type { Illust } from '../../../../api/model.ts'
import { BookReader } from './book-reader.tsx'
import { PageList } from './page-list.tsx'
import { SinglePageImage } from './single-page-image.tsx'
import { UgoiraPlayer } from './ugoira-player.tsx'
import { UgoiraVideo } from './ugoira-video.tsx'

/** The work itself, in the viewer its kind needs. Keyed by id, so state never leaks from one work to the next. */
export function ArtworkMedia({ work }: { work: Illust }) {
  if (work.type === 'ugoira')
    // an imported ugoira kept as a video has no frames to unpack: the video itself plays
    return work.easelVideo ? (
      <UgoiraVideo key={work.id} work={work} video={work.easelVideo} />
    ) : (
      <UgoiraPlayer key={work.id} work={work} />
    )
  if (work.pageCount > 1 && work.metaPages.length > 0) {
    return work.illustBookStyle === 1 ? (
      <BookReader key={work.id} work={work} />
    ) : (
      <PageList key={work.id} work={work} />
    )
  }
  return <SinglePageImage key={work.id} work={work} />
}
