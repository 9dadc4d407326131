import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Avatar } from '../../../components/avatar.tsx'
import { Button } from '../../../components/button.tsx'
import { useLang, useT } from '../../../lib/i18n/i18n.ts'
import { parseId } from '../../../api/parse-id.ts'
import { paths } from '../../../lib/paths.ts'
import { tagTranslation } from '../../../components/tag-list.tsx'
import { newMutedTag } from '../settings-choices.ts'
import '../../../lib/i18n/messages/en/settings.ts'

export interface MutedTag {
  name: string
  translatedName?: string | null
}

export interface MutedUser {
  id: number
  name?: string
  profileImageUrl?: string
}

const inputClass =
  'h-11 min-w-0 flex-1 rounded-full border border-line bg-surface px-4 text-base text-ink sm:h-10 sm:text-sm'

/** Muted tags and users: a list of each with remove buttons, and a field to add to each. */
export function MuteManager({
  tags,
  users,
  onAddTag,
  onRemoveTag,
  onAddUser,
  onRemoveUser,
  busy = false,
  error,
}: {
  tags: readonly MutedTag[]
  users: readonly MutedUser[]
  onAddTag: (tag: string) => void
  onRemoveTag: (tag: string) => void
  onAddUser: (userId: number) => void
  onRemoveUser: (userId: number) => void
  busy?: boolean
  error?: string | null
}) {
  const t = useT()
  const lang = useLang()
  const id = useId()
  const [tagText, setTagText] = useState('')
  const [userText, setUserText] = useState('')

  const addTag = (e: FormEvent) => {
    e.preventDefault()
    const tag = newMutedTag(
      tagText,
      tags.map((t) => t.name),
    )
    if (tag) onAddTag(tag)
    setTagText('')
  }
  const addUser = (e: FormEvent) => {
    e.preventDefault()
    const userId = parseId(userText.trim())
    if (userId !== undefined && !users.some((u) => u.id === userId)) onAddUser(userId)
    setUserText('')
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby={`${id}-tags`} className="space-y-3">
        <h3 id={`${id}-tags`} className="text-sm font-semibold">
          {t('settings.mutes.tags')}
        </h3>
        <form onSubmit={addTag} className="flex gap-2">
          <label htmlFor={`${id}-tag-input`} className="sr-only">
            {t('settings.mutes.tagLabel')}
          </label>
          <input
            id={`${id}-tag-input`}
            value={tagText}
            onChange={(e) => setTagText(e.target.value)}
            placeholder={t('settings.mutes.tagPlaceholder')}
            className={inputClass}
          />
          <Button type="submit" disabled={busy || !tagText.trim()}>
            {t('settings.mutes.muteTag')}
          </Button>
        </form>
        {tags.length === 0 ? (
          <p className="text-sm text-muted">{t('settings.mutes.noTags')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li
                key={tag.name}
                className="inline-flex items-center gap-1 rounded-full border border-line bg-surface py-1 pr-1 pl-3 text-sm"
              >
                <span data-content>
                  {tag.name}
                  {tagTranslation(tag, lang) && (
                    <span className="ml-1 text-muted" lang="en">
                      {tagTranslation(tag, lang)}
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onRemoveTag(tag.name)}
                  className="inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-line/60 hover:text-ink sm:size-8"
                >
                  <span aria-hidden="true">×</span>
                  <span className="sr-only">{t('settings.mutes.unmuteTag', { tag: tag.name })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={`${id}-users`} className="space-y-3">
        <h3 id={`${id}-users`} className="text-sm font-semibold">
          {t('settings.mutes.users')}
        </h3>
        <form onSubmit={addUser} className="flex gap-2">
          <label htmlFor={`${id}-user-input`} className="sr-only">
            {t('settings.mutes.userLabel')}
          </label>
          <input
            id={`${id}-user-input`}
            inputMode="numeric"
            pattern="[0-9]*"
            value={userText}
            onChange={(e) => setUserText(e.target.value)}
            placeholder={t('settings.mutes.userPlaceholder')}
            className={inputClass}
          />
          <Button type="submit" disabled={busy || !userText.trim()}>
            {t('settings.mutes.muteUser')}
          </Button>
        </form>
        {users.length === 0 ? (
          <p className="text-sm text-muted">{t('settings.mutes.noUsers')}</p>
        ) : (
          <ul className="space-y-2">
            {users.map((u) => (
              <li key={u.id} className="flex items-center gap-3">
                {u.profileImageUrl && <Avatar src={u.profileImageUrl} size={32} />}
                <Link
                  to={paths.user(u.id)}
                  className="min-w-0 flex-1 truncate py-3 text-sm hover:underline sm:py-0"
                  data-content
                >
                  {u.name ?? t('settings.mutes.user', { id: String(u.id) })}
                </Link>
                <Button disabled={busy} onClick={() => onRemoveUser(u.id)}>
                  {t('settings.mutes.unmute')}
                  <span className="sr-only"> {u.name ?? t('settings.mutes.userLower', { id: String(u.id) })}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {error && (
        <p role="alert" className="text-sm text-danger lg:col-span-2">
          {error}
        </p>
      )}
    </div>
  )
}
