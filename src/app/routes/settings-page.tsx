import type { QueryKey } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { Skeleton } from '../../components/skeleton.tsx'
import { novelQueries } from '../../features/novels/api/novel-queries.ts'
import { SettingsScreen } from '../../features/settings/components/settings-screen.tsx'
import { workQueries } from '../../features/works/api/work-queries.ts'
import { lazyModule } from '../../lib/lazy-module.ts'
import { isModerationView } from '../../lib/moderation-paths.ts'
import { usersKey } from '../../lib/user-detail-query.ts'

// The caches of works and novels: every item in them carries the account's mute marks and AI filter.
const ITEM_KEYS = [workQueries.all(), novelQueries.all()]
// What an admin's action on the moderation screen changes: the works and novels (a hidden one leaves their lists) and
// the accounts (a suspension). Comments are left to go stale: the screen names them, and only admins, who still see
// a hidden comment, have them cached.
const MODERATED_KEYS: readonly QueryKey[] = [...ITEM_KEYS, usersKey()]

// The admins' moderation screen: a chunk of its own, which members and most visits of the settings never load.
const moderationScreen = lazyModule(() => import('../../features/moderation/components/moderation-screen.tsx'))

function Moderation() {
  const ModerationScreen = moderationScreen.use()?.ModerationScreen
  if (!ModerationScreen) return <Skeleton className="mx-auto h-64 max-w-4xl" />
  return <ModerationScreen itemKeys={MODERATED_KEYS} />
}

/** `/settings`: the settings feature's screen; `?view=moderation`, the moderation feature's. */
export function Component() {
  const [search] = useSearchParams()
  if (isModerationView(search)) return <Moderation />
  return <SettingsScreen itemKeys={ITEM_KEYS} />
}
