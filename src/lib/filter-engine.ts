// The one content filter every list runs its items through (DESIGN.md §3.5): R-18, R-18G, AI-generated and
// sensitive works, muted tags and users, each shown, blurred or hidden. Pure, so lists can memoise it per page set.

export type FilterAction = 'show' | 'blur' | 'hide'

export interface FilterSettings {
  /** xRestrict 1. */
  r18: FilterAction
  /** xRestrict 2. */
  r18g: FilterAction
  /** AI-generated (illustAiType / novelAiType 2). */
  ai: FilterAction
  /** sanityLevel ≥ 6 on an all-ages work (xRestrict 0). */
  sensitive: FilterAction
  /** Matched against each tag's name and translated name, ignoring case and width. */
  mutedTags: string[]
  mutedUserIds: number[]
  /** Muted items (these lists, or `isMuted` from the service): hidden when true, blurred when false. */
  hideMuted: boolean
}

export const DEFAULT_FILTER_SETTINGS: FilterSettings = {
  r18: 'hide',
  r18g: 'hide',
  ai: 'show',
  sensitive: 'blur',
  mutedTags: [],
  mutedUserIds: [],
  hideMuted: true,
}

export type FilterReason = 'r18' | 'r18g' | 'ai' | 'sensitive' | 'muted'

/** What the engine reads; works and novels of the model both fit. */
export interface Filterable {
  xRestrict: number
  sanityLevel?: number
  illustAiType?: number
  novelAiType?: number
  tags: readonly { name: string; translatedName?: string | null }[]
  user: { id: number }
  isMuted?: boolean
}

export interface FilteredItem<T> {
  item: T
  blurred: boolean
  /** Why it is blurred (empty when it is not), for the overlay's label. */
  reasons: FilterReason[]
}

export interface FilterResult<T> {
  visible: FilteredItem<T>[]
  hiddenCount: number
}

export interface Verdict {
  action: FilterAction
  /** The reasons behind the action (only those with that action). */
  reasons: FilterReason[]
}

/** sanity_level 6 and above is suggestive (DESIGN.md §2.2). */
export const SENSITIVE_SANITY_LEVEL = 6
/** The AI flag's "fully AI-generated" value; 1 (partial AI) is badged but not filtered. */
export const AI_GENERATED = 2

const SEVERITY: Record<FilterAction, number> = { show: 0, blur: 1, hide: 2 }

const normalizeTag = (tag: string) => tag.normalize('NFKC').trim().toLowerCase()

/** Prepared settings: the muted lists as sets, built once per settings object rather than once per item. */
interface Prepared {
  settings: FilterSettings
  mutedTags: Set<string>
  mutedUsers: Set<number>
}

const prepared = new WeakMap<FilterSettings, Prepared>()

function prepare(settings: FilterSettings): Prepared {
  let p = prepared.get(settings)
  if (!p) {
    p = {
      settings,
      mutedTags: new Set(settings.mutedTags.map(normalizeTag).filter(Boolean)),
      mutedUsers: new Set(settings.mutedUserIds),
    }
    prepared.set(settings, p)
  }
  return p
}

function isMuted(item: Filterable, { mutedTags, mutedUsers }: Prepared): boolean {
  if (item.isMuted || mutedUsers.has(item.user.id)) return true
  if (mutedTags.size === 0) return false
  return item.tags.some(
    (t) => mutedTags.has(normalizeTag(t.name)) || (!!t.translatedName && mutedTags.has(normalizeTag(t.translatedName))),
  )
}

/** The verdict for one item: the strictest action among the rules it meets. */
export function judge(item: Filterable, settings: FilterSettings): Verdict {
  const p = prepare(settings)
  const hits: [FilterReason, FilterAction][] = []
  if (item.xRestrict === 1) hits.push(['r18', settings.r18])
  if (item.xRestrict >= 2) hits.push(['r18g', settings.r18g])
  if (item.illustAiType === AI_GENERATED || item.novelAiType === AI_GENERATED) hits.push(['ai', settings.ai])
  if (item.xRestrict === 0 && (item.sanityLevel ?? 0) >= SENSITIVE_SANITY_LEVEL)
    hits.push(['sensitive', settings.sensitive])
  if (isMuted(item, p)) hits.push(['muted', settings.hideMuted ? 'hide' : 'blur'])

  let action: FilterAction = 'show'
  for (const [, a] of hits) if (SEVERITY[a] > SEVERITY[action]) action = a
  return { action, reasons: action === 'show' ? [] : hits.filter(([, a]) => a === action).map(([r]) => r) }
}

/** Runs a list through the filter: what to show (and whether blurred), and how many were hidden. */
export function applyFilters<T extends Filterable>(items: readonly T[], settings: FilterSettings): FilterResult<T> {
  const visible: FilteredItem<T>[] = []
  let hiddenCount = 0
  for (const item of items) {
    const { action, reasons } = judge(item, settings)
    if (action === 'hide') hiddenCount++
    else visible.push({ item, blurred: action === 'blur', reasons })
  }
  return { visible, hiddenCount }
}
