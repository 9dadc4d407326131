import type { IllustRankingMode, NovelRankingMode, RankingParams } from '../lib/api-client.ts'
import { rankingDateParam } from '../features/ranking/ranking-date.ts'
import { resolveNovelRankingMode, resolveRankingMode } from '../features/ranking/ranking-modes.ts'

/**
 * The ranking request the URL describes for this viewer, or null when the mode is unknown or not allowed (the page
 * says so instead of asking). Shared by the route's loader and the page, so both ask for the very same query.
 */
export function rankingQueryParams(
  search: URLSearchParams,
  accountXRestrict: number | null,
): RankingParams<IllustRankingMode> | null {
  const resolved = resolveRankingMode(search.get('mode'), accountXRestrict)
  if (resolved.kind !== 'ok') return null
  const date = rankingDateParam(search.get('date'))
  return date ? { mode: resolved.info.mode, date } : { mode: resolved.info.mode }
}

/** The same for a novel ranking (`/ranking?kind=novel&mode=&date=`). */
export function novelRankingQueryParams(
  search: URLSearchParams,
  accountXRestrict: number | null,
): RankingParams<NovelRankingMode> | null {
  const resolved = resolveNovelRankingMode(search.get('mode'), accountXRestrict)
  if (resolved.kind !== 'ok') return null
  const date = rankingDateParam(search.get('date'))
  return date ? { mode: resolved.info.mode, date } : { mode: resolved.info.mode }
}
