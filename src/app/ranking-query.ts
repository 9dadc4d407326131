import type { IllustRankingMode, RankingParams } from '../lib/api-client.ts'
import { rankingDateParam } from '../features/ranking/ranking-date.ts'
import { resolveRankingMode } from '../features/ranking/ranking-modes.ts'

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
