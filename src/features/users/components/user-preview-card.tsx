import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { UserPreview } from '../../../api/model.ts'
import { Avatar } from '../../../components/avatar.tsx'
import { applyFilters } from '../../../lib/filter-engine.ts'
import { useT } from '../../../lib/i18n/i18n.ts'
import { paths } from '../../../lib/paths.ts'
import { useSettings } from '../../../lib/settings.ts'
import '../../../lib/i18n/messages/en/common.ts'
import '../../../lib/i18n/messages/en/users.ts'

/** One followed user: avatar and name linking to the profile, a few recent works, and `actions`. */
export function UserPreviewCard({ preview, actions }: { preview: UserPreview; actions?: ReactNode }) {
  const t = useT()
  const { user } = preview
  const { filters } = useSettings()
  // The same content filters as every list: hidden works are left out, blurred ones stay blurred.
  const works = applyFilters(
    preview.illusts.filter((w) => w.visible),
    filters,
  ).visible.slice(0, 3)
  return (
    <article className="flex h-full flex-col gap-3 rounded-xl border border-line bg-surface p-3">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar src={user.profileImageUrls.medium} size={48} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold" data-content>
            <Link to={paths.user(user.id)} className="block truncate py-3 hover:underline sm:inline sm:py-0">
              {user.name}
            </Link>
          </h2>
          <p className="truncate text-sm text-muted" data-content>
            @{user.account}
          </p>
        </div>
        {actions && <div className="ml-auto shrink-0">{actions}</div>}
      </div>
      {works.length > 0 && (
        <ul className="grid grid-cols-3 gap-2">
          {works.map(({ item: w, blurred }) => (
            <li key={w.id}>
              <Link to={paths.artwork(w.id)} className="block aspect-square overflow-hidden rounded-lg">
                <img
                  src={w.imageUrls.squareMedium}
                  alt={t('users.workAlt', { title: w.title || t('common.untitled'), name: user.name })}
                  width={240}
                  height={240}
                  loading="lazy"
                  decoding="async"
                  className={`size-full bg-line object-cover ${blurred ? 'scale-110 blur-md' : ''}`}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
