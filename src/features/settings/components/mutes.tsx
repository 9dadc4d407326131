import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { MuteList } from '../../../api/model.ts'
import { Skeleton } from '../../../components/skeleton.tsx'
import { ErrorState } from '../../../components/states.tsx'
import { api } from '../../../lib/api.ts'
import { ApiError } from '../../../lib/api-error.ts'
import type { MuteEdit } from '../../../lib/api-client.ts'
import { t as translate, useT } from '../../../lib/i18n/i18n.ts'
import { richText } from '../../../lib/i18n/rich.tsx'
import { paths } from '../../../lib/paths.ts'
import { updateSettings, useSettings } from '../../../lib/settings.ts'
import { useSession } from '../../../lib/use-session.ts'
import { settingsQueries } from '../api/settings-queries.ts'
import { MuteManager } from './mute-manager.tsx'
import '../../../lib/i18n/messages/en/settings.ts'

/**
 * The mutes section: signed in, the account's list on the service; signed out, this browser's. `itemKeys`: the caches
 * whose items the service marks as muted (see SettingsScreen).
 */
export function Mutes({ itemKeys }: { itemKeys: readonly QueryKey[] }) {
  const current = useSession()
  return current ? <ServerMutes itemKeys={itemKeys} /> : <LocalMutes />
}

/** The optimistic mute list after an edit. */
function applyEdit(list: MuteList, edit: MuteEdit): MuteList {
  const delTags = new Set(edit.deleteTags ?? [])
  const delUsers = new Set(edit.deleteUserIds ?? [])
  const mutedTags = [
    ...list.mutedTags.filter((t) => !delTags.has(t.tag.name)),
    ...(edit.addTags ?? []).map((name) => ({ tag: { name, translatedName: null }, isPremiumSlot: false })),
  ]
  const mutedUsers = [
    ...list.mutedUsers.filter((u) => !delUsers.has(u.user.id)),
    ...(edit.addUserIds ?? []).map((id) => ({
      user: {
        id,
        name: translate('settings.mutes.user', { id: String(id) }),
        account: '',
        profileImageUrls: { medium: '' },
      },
      isPremiumSlot: false,
    })),
  ]
  return { ...list, mutedTags, mutedUsers, mutedTagsCount: mutedTags.length, mutedUsersCount: mutedUsers.length }
}

/** Signed in: the account's mute list on the service (it marks muted works in every answer). */
export function ServerMutes({ itemKeys }: { itemKeys: readonly QueryKey[] }) {
  const t = useT()
  const client = useQueryClient()
  const query = useQuery(settingsQueries.muteList())
  const key = settingsQueries.muteList().queryKey
  const mutation = useMutation({
    mutationFn: (edit: MuteEdit) => api.editMutes(edit),
    onMutate: async (edit) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData(key)
      if (before) client.setQueryData(key, applyEdit(before, edit))
      return { before }
    },
    onError: (_e, _edit, context) => {
      if (context?.before) client.setQueryData(key, context.before)
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: key })
      // Every cached work and novel carries `isMuted` for this caller: refetch them when next shown.
      for (const queryKey of itemKeys) void client.invalidateQueries({ queryKey, refetchType: 'none' })
    },
  })

  if (query.isPending) return <Skeleton className="h-32" />
  if (query.isError) return <ErrorState compact error={query.error} onRetry={() => void query.refetch()} />
  const list = query.data
  return (
    <>
      <MuteManager
        tags={list.mutedTags.map((t) => t.tag)}
        users={list.mutedUsers.map((u) => ({
          id: u.user.id,
          name: u.user.name,
          profileImageUrl: u.user.profileImageUrls.medium || undefined,
        }))}
        onAddTag={(tag) => mutation.mutate({ addTags: [tag] })}
        onRemoveTag={(tag) => mutation.mutate({ deleteTags: [tag] })}
        onAddUser={(id) => mutation.mutate({ addUserIds: [id] })}
        onRemoveUser={(id) => mutation.mutate({ deleteUserIds: [id] })}
        busy={mutation.isPending}
        error={
          mutation.error
            ? mutation.error instanceof ApiError
              ? mutation.error.userMessage
              : t('settings.mutes.notSaved')
            : null
        }
      />
      <p className="text-sm text-muted">
        {t('settings.mutes.slots', { used: list.mutedCount, count: list.muteLimitCount })}
      </p>
    </>
  )
}

/** Signed out: mutes kept in this browser only. */
export function LocalMutes() {
  const { filters } = useSettings()
  useT()
  return (
    <>
      <MuteManager
        tags={filters.mutedTags.map((name) => ({ name }))}
        users={filters.mutedUserIds.map((id) => ({ id }))}
        onAddTag={(tag) => updateSettings({ filters: { mutedTags: [...filters.mutedTags, tag] } })}
        onRemoveTag={(tag) => updateSettings({ filters: { mutedTags: filters.mutedTags.filter((t) => t !== tag) } })}
        onAddUser={(id) => updateSettings({ filters: { mutedUserIds: [...filters.mutedUserIds, id] } })}
        onRemoveUser={(id) =>
          updateSettings({ filters: { mutedUserIds: filters.mutedUserIds.filter((u) => u !== id) } })
        }
      />
      <p className="text-sm text-muted">
        {richText('settings.mutes.local', {
          link: (text) => (
            <Link className="text-accent underline" to={paths.login(paths.settings())}>
              {text}
            </Link>
          ),
        })}
      </p>
    </>
  )
}
