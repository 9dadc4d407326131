import { CATALOGUE_ENDPOINTS } from '../../api/catalogue-endpoints.ts'
import type { IllustRankingMode, NovelRankingMode } from '../../lib/api-client.ts'
import { t, type MessageKey } from '../../lib/i18n/i18n.ts'
import '../../lib/i18n/messages/en/ranking.ts'

/** Works or novels: `/ranking?kind=novel` ranks novels (their own modes), anything else works. */
export type RankingKind = 'illust' | 'novel'

export function rankingKindParam(raw: string | null): RankingKind {
  return raw === 'novel' ? 'novel' : 'illust'
}

export interface RankingModeInfo<Mode extends string = IllustRankingMode> {
  mode: Mode
  /** In the gallery's current language (read at each use). */
  readonly label: string
  /** The age setting the mode needs: 0 everyone, 1 R-18, 2 R-18G. */
  xRestrict: 0 | 1 | 2
}

type ModeLabel = Omit<RankingModeInfo, 'mode' | 'label'> & {
  label: MessageKey
  /** false: valid in a URL, but left off the tab row (the manga week/month variants). */
  tab?: false
}

// The modes are the endpoint table's, in its (pixiv's) order; the labels are the UI's. A Record, so a mode added to the
// table without a label here fails the typecheck.
const ILLUST_LABELS: Record<IllustRankingMode, ModeLabel> = {
  day: { label: 'ranking.mode.day', xRestrict: 0 },
  week: { label: 'ranking.mode.week', xRestrict: 0 },
  month: { label: 'ranking.mode.month', xRestrict: 0 },
  day_male: { label: 'ranking.mode.male', xRestrict: 0 },
  day_female: { label: 'ranking.mode.female', xRestrict: 0 },
  week_original: { label: 'ranking.mode.original', xRestrict: 0 },
  week_rookie: { label: 'ranking.mode.rookie', xRestrict: 0 },
  day_manga: { label: 'ranking.mode.manga', xRestrict: 0 },
  week_manga: { label: 'ranking.mode.mangaWeekly', xRestrict: 0, tab: false },
  month_manga: { label: 'ranking.mode.mangaMonthly', xRestrict: 0, tab: false },
  week_rookie_manga: { label: 'ranking.mode.mangaRookie', xRestrict: 0, tab: false },
  day_ai: { label: 'ranking.mode.ai', xRestrict: 0 },
  day_r18: { label: 'ranking.mode.r18', xRestrict: 1 },
  day_male_r18: { label: 'ranking.mode.r18Male', xRestrict: 1 },
  day_female_r18: { label: 'ranking.mode.r18Female', xRestrict: 1 },
  week_r18: { label: 'ranking.mode.r18Weekly', xRestrict: 1 },
  week_r18g: { label: 'ranking.mode.r18gWeekly', xRestrict: 2 },
  day_r18_ai: { label: 'ranking.mode.r18Ai', xRestrict: 1 },
}

/** Novel rankings (reference §5): fewer modes, no monthly, no manga. */
const NOVEL_LABELS: Record<NovelRankingMode, ModeLabel> = {
  day: { label: 'ranking.mode.day', xRestrict: 0 },
  week: { label: 'ranking.mode.week', xRestrict: 0 },
  day_male: { label: 'ranking.mode.male', xRestrict: 0 },
  day_female: { label: 'ranking.mode.female', xRestrict: 0 },
  week_rookie: { label: 'ranking.mode.rookie', xRestrict: 0 },
  day_ai: { label: 'ranking.mode.ai', xRestrict: 0 },
  day_r18: { label: 'ranking.mode.r18', xRestrict: 1 },
  week_r18: { label: 'ranking.mode.r18Weekly', xRestrict: 1 },
  week_r18g: { label: 'ranking.mode.r18gWeekly', xRestrict: 2 },
  day_r18_ai: { label: 'ranking.mode.r18Ai', xRestrict: 1 },
}

function modeInfos<Mode extends string>(
  modes: readonly Mode[],
  labels: Record<Mode, ModeLabel>,
): { tab: RankingModeInfo<Mode>[]; all: RankingModeInfo<Mode>[] } {
  const all = modes.map((mode): RankingModeInfo<Mode> => ({
    mode,
    get label() {
      return t(labels[mode].label)
    },
    xRestrict: labels[mode].xRestrict,
  }))
  return { all, tab: all.filter((m) => labels[m.mode].tab !== false) }
}

const ILLUST = modeInfos(CATALOGUE_ENDPOINTS.ranking.params.mode.values, ILLUST_LABELS)
const MODES: readonly RankingModeInfo[] = ILLUST.tab
const NOVEL_MODES: readonly RankingModeInfo<NovelRankingMode>[] = modeInfos(
  CATALOGUE_ENDPOINTS.novelRanking.params.mode.values,
  NOVEL_LABELS,
).all

export const DEFAULT_RANKING_MODE: IllustRankingMode = 'day'

/**
 * The mode tabs a viewer sees. R-18 modes only when signed in with an age setting that allows them (`xRestrict`
 * of the account: 1 allows R-18, 2 also R-18G); anonymous viewers (null) see the all-ages modes.
 */
export function rankingModes(accountXRestrict: number | null): RankingModeInfo[] {
  const allowed = accountXRestrict ?? 0
  return MODES.filter((m) => m.xRestrict <= allowed)
}

export function rankingModeInfo(mode: string): RankingModeInfo | undefined {
  return ILLUST.all.find((m) => m.mode === mode)
}

export type ModeResolution<Mode extends string = IllustRankingMode> =
  | { kind: 'ok'; info: RankingModeInfo<Mode> }
  /** A real mode the viewer may not see (anonymous, or an age setting below it). */
  | { kind: 'restricted'; info: RankingModeInfo<Mode> }
  | { kind: 'unknown' }

/** What the `mode` of the URL means for this viewer; absent means the default (daily). */
export function resolveRankingMode(raw: string | null, accountXRestrict: number | null): ModeResolution {
  const info = rankingModeInfo(raw || DEFAULT_RANKING_MODE)
  if (!info) return { kind: 'unknown' }
  return info.xRestrict <= (accountXRestrict ?? 0) ? { kind: 'ok', info } : { kind: 'restricted', info }
}

/** The novel-ranking tabs a viewer sees (same age rules as `rankingModes`). */
export function novelRankingModes(accountXRestrict: number | null): RankingModeInfo<NovelRankingMode>[] {
  const allowed = accountXRestrict ?? 0
  return NOVEL_MODES.filter((m) => m.xRestrict <= allowed)
}

/** What the `mode` of a novel ranking's URL means for this viewer; absent means daily. */
export function resolveNovelRankingMode(
  raw: string | null,
  accountXRestrict: number | null,
): ModeResolution<NovelRankingMode> {
  const info = NOVEL_MODES.find((m) => m.mode === (raw || 'day'))
  if (!info) return { kind: 'unknown' }
  return info.xRestrict <= (accountXRestrict ?? 0) ? { kind: 'ok', info } : { kind: 'restricted', info }
}
