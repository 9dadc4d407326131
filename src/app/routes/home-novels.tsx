import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { NovelTeaserList } from '../novel-teaser-list.tsx'

/** The home page's novels tab (its own chunk). */
export default function HomeNovels() {
  return <NovelTeaserList query={novelQueries.recommended()} label="Recommended novels" />
}
