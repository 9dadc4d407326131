import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { MAX_PROFILE_IMAGE_BYTES } from '../../../api/account-endpoints.ts'
import type { UserDetail } from '../../../api/model.ts'
import { Button } from '../../../components/button.tsx'
import { accountApi } from '../../../lib/account-api.ts'
import type { ProfileImageRole } from '../../../lib/account-client.ts'
import { session } from '../../../lib/api.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { usersKey } from '../../../lib/user-detail-query.ts'
import { PROFILE_IMAGE_TYPES, profileImageMessage, profileImageRefusal } from '../profile-errors.ts'
import '../../../lib/i18n/messages/en/settings.ts'

const ACCEPT = PROFILE_IMAGE_TYPES.join(',')
const MB = 1024 * 1024

interface Progress {
  sent: number
  total: number
}

/** The bar of an image on its way, then "processing" while the service checks and stores it. */
function UploadProgress({ label, progress }: { label: string; progress: Progress }) {
  const t = useT()
  const percent = progress.total > 0 ? Math.min(100, Math.floor((progress.sent / progress.total) * 100)) : 0
  return (
    <div className="max-w-sm space-y-1 text-sm">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-line/60"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-muted">
        {progress.sent < progress.total
          ? t('settings.profile.images.uploading', { percent })
          : t('settings.profile.images.processing')}
      </p>
    </div>
  )
}

/**
 * One of the profile's own images: the current one, Change (the file picker: the phone's photo picker), the upload's
 * progress, and Remove while it is one's own (the generated image again). Changed or removed, what shows the image is
 * renewed (`onChanged`); a refusal is said beside it.
 */
function ProfileImage({
  role,
  src,
  custom,
  onChanged,
}: {
  role: ProfileImageRole
  /** The current image's URL; '' for none (a background). */
  src: string
  /** Whether the image is one the reader gave (it can be removed). */
  custom: boolean
  onChanged: (role: ProfileImageRole) => Promise<void>
}) {
  const t = useT()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const upload = useRef<AbortController | null>(null)
  const [progress, setProgress] = useState<Progress | null>(null)
  const [refused, setRefused] = useState<'type' | 'size' | null>(null)
  const [done, setDone] = useState<'changed' | 'removed' | null>(null)
  const text =
    role === 'avatar'
      ? {
          title: t('settings.profile.images.avatar'),
          hint: t('settings.profile.images.avatarHint', { size: MAX_PROFILE_IMAGE_BYTES / MB }),
          alt: t('settings.profile.images.avatarAlt'),
          change: t('settings.profile.images.changeAvatar'),
          remove: t('settings.profile.images.removeAvatar'),
          progress: t('settings.profile.images.avatarProgress'),
          changed: t('settings.profile.images.avatarChanged'),
          removed: t('settings.profile.images.avatarRemoved'),
        }
      : {
          title: t('settings.profile.images.background'),
          hint: t('settings.profile.images.backgroundHint', { size: MAX_PROFILE_IMAGE_BYTES / MB }),
          alt: t('settings.profile.images.backgroundAlt'),
          change: t('settings.profile.images.changeBackground'),
          remove: t('settings.profile.images.removeBackground'),
          progress: t('settings.profile.images.backgroundProgress'),
          changed: t('settings.profile.images.backgroundChanged'),
          removed: t('settings.profile.images.backgroundRemoved'),
        }

  // Leaving the settings stops an upload still on its way.
  useEffect(() => () => upload.current?.abort(), [])

  const change = useMutation({
    mutationFn: async (file: File) => {
      const controller = new AbortController()
      upload.current = controller
      setProgress({ sent: 0, total: file.size })
      try {
        await accountApi.editProfileImage(file, role, {
          signal: controller.signal,
          onProgress: (sent, total) => setProgress({ sent, total }),
        })
      } finally {
        setProgress(null)
      }
      await onChanged(role)
    },
    onSuccess: () => setDone('changed'),
  })
  const remove = useMutation({
    mutationFn: async () => {
      await accountApi.deleteProfileImage(role)
      await onChanged(role)
    },
    onSuccess: () => setDone('removed'),
  })
  const busy = change.isPending || remove.isPending

  const choose = (file: File | undefined) => {
    if (!file) return
    setDone(null)
    remove.reset()
    const why = profileImageRefusal(file)
    setRefused(why ?? null)
    if (why) change.reset()
    else change.mutate(file)
  }

  // Messages are made at render, so they follow a change of language.
  const failed = refused ?? (change.isError ? change.error : remove.isError ? remove.error : null)
  const error = failed === null ? null : profileImageMessage(failed)

  return (
    <div role="group" aria-labelledby={`${id}-title`} className="space-y-3">
      <div>
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {text.title}
        </h3>
        <p id={`${id}-hint`} className="text-sm text-muted">
          {text.hint}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {role === 'avatar' ? (
          <img
            src={src}
            alt={text.alt}
            width={96}
            height={96}
            decoding="async"
            className="size-24 shrink-0 rounded-full bg-line object-cover"
          />
        ) : src ? (
          <img
            src={src}
            alt={text.alt}
            width={600}
            height={300}
            decoding="async"
            className="aspect-[2/1] h-auto w-full max-w-sm rounded-lg bg-line object-cover"
          />
        ) : (
          <div className="flex aspect-[2/1] w-full max-w-sm items-center justify-center rounded-lg border border-dashed border-line text-sm text-muted">
            {t('settings.profile.images.noBackground')}
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} aria-describedby={`${id}-hint`} onClick={() => input.current?.click()}>
            {text.change}
          </Button>
          {custom && (
            <Button
              variant="danger"
              disabled={busy}
              onClick={() => {
                setDone(null)
                setRefused(null)
                change.reset()
                remove.mutate()
              }}
            >
              {remove.isPending ? t('settings.profile.images.removing') : text.remove}
            </Button>
          )}
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            onChange={(e) => {
              choose(e.currentTarget.files?.[0])
              // The same file chosen again is sent again, not "no change".
              e.currentTarget.value = ''
            }}
          />
        </div>
      </div>
      {progress && <UploadProgress label={text.progress} progress={progress} />}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {/* Always there, so the word is announced as it appears. */}
      <p role="status" className="text-sm font-medium">
        {done === 'changed' ? text.changed : done === 'removed' ? text.removed : ''}
      </p>
    </div>
  )
}

/**
 * The profile's avatar and background, each changed or removed on its own. Then every cached answer that shows it
 * goes stale (the user's detail; for the avatar the works and novels too, which show their authors' avatars, given
 * as `itemKeys`), and for the avatar the session is renewed: its user (the header's avatar) came from the token
 * answer.
 */
export function ProfileImages({ detail, itemKeys }: { detail: UserDetail; itemKeys: readonly QueryKey[] }) {
  const queryClient = useQueryClient()
  const changed = async (role: ProfileImageRole) => {
    if (role === 'avatar') {
      // The image is changed; a failed renewal (the connection dropped) leaves the old avatar in the header until
      // the session's next one.
      await session.refresh().catch(() => null)
      for (const queryKey of itemKeys) void queryClient.invalidateQueries({ queryKey })
    }
    // Awaited, so "changed" is said once the new image is the one shown.
    await queryClient.invalidateQueries({ queryKey: usersKey() })
  }
  return (
    <div className="grid gap-6 border-b border-line pb-6 sm:grid-cols-2">
      <ProfileImage
        role="avatar"
        src={detail.user.profileImageUrls.medium}
        custom={detail.profile.isUsingCustomProfileImage}
        onChanged={changed}
      />
      <ProfileImage
        role="background"
        src={detail.profile.backgroundImageUrl}
        custom={detail.profile.backgroundImageUrl !== ''}
        onChanged={changed}
      />
    </div>
  )
}
