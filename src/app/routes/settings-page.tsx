import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { SettingsScreen } from '../../features/settings/components/settings-screen.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'

// The caches of works and novels: every item in them carries the account's mute marks and AI filter.
const ITEM_KEYS = [workQueries.all(), novelQueries.all()]

/** `/settings`: the settings feature's screen. */
export function Component() {
  return <SettingsScreen itemKeys={ITEM_KEYS} />
}
