import type { IllustRankingMode, NovelRankingMode, RankingParams } from '../../lib/api-client.ts'
import { rankingDateParam } from './ranking-date.ts'
import { t } from '../../lib/i18n/i18n.ts'
import {
  novelRankingModes,
  rankingKindParam,
  rankingModes,
  resolveNovelRankingMode,
  resolveRankingMode,
  type ModeResolution,
  type RankingKind,
  type RankingModeInfo,
} from './ranking-modes.ts'
import '../../lib/i18n/messages/en/ranking.ts'

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

/** What a ranking URL shows this viewer, for the page's frame (components/ranking-frame.tsx) and its list. */
export interface RankingView {
  kind: RankingKind
  resolved: ModeResolution<IllustRankingMode> | ModeResolution<NovelRankingMode>
  /** The chosen day; undefined for the latest. */
  date: string | undefined
  /** The mode, when it exists. */
  mode: string | undefined
  title: string
  /** The mode tabs this viewer sees. */
  modes: RankingModeInfo<string>[]
}

export function rankingView(search: URLSearchParams, accountXRestrict: number | null): RankingView {
  const kind = rankingKindParam(search.get('kind'))
  const isNovel = kind === 'novel'
  const resolved = isNovel
    ? resolveNovelRankingMode(search.get('mode'), accountXRestrict)
    : resolveRankingMode(search.get('mode'), accountXRestrict)
  const title =
    resolved.kind === 'unknown'
      ? isNovel
        ? t('ranking.novelRanking')
        : t('ranking.ranking')
      : isNovel
        ? t('ranking.novelTitle', { mode: resolved.info.label })
        : t('ranking.title', { mode: resolved.info.label })
  return {
    kind,
    resolved,
    date: rankingDateParam(search.get('date')),
    mode: resolved.kind === 'unknown' ? undefined : resolved.info.mode,
    title,
    modes: isNovel ? novelRankingModes(accountXRestrict) : rankingModes(accountXRestrict),
  }
}
