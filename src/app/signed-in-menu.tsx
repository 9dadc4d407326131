import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { SessionUser } from '../lib/session.ts'
import { Avatar } from '../components/avatar.tsx'
import { session } from '../lib/api.ts'
import { useT } from '../lib/i18n/i18n.ts'
import { richText } from '../lib/i18n/rich.tsx'
import { paths } from '../lib/paths.ts'
import '../lib/i18n/messages/en/app.ts'
import '../lib/i18n/messages/en/common.ts'

// The signed-in reader's menu: a chunk of its own (account-menu.tsx loads it once there is a session), so the first
// script of a visitor carries none of it.

/** The address the browser shows now, which may be ahead of the one React has rendered. */
const addressNow = () => window.location.pathname + window.location.search + window.location.hash

const itemClass = 'flex min-h-11 w-full items-center rounded-md px-3 py-2 text-left text-sm hover:bg-line/50 sm:min-h-9'

/**
 * The avatar opens a small disclosure with the viewer's pages, the settings and signing out. Escape or a click
 * elsewhere closes it and returns focus.
 */
export function SignedInMenu({ user }: { user: SessionUser }) {
  const t = useT()
  const location = useLocation()
  // Open on one page only: a navigation closes the menu. The page is the browser's, read at the click: a navigation
  // still rendering (its code loading in a transition) has already moved the address, and its arrival must not
  // close a menu opened after it started.
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  const open = openedAt !== null
  const here = location.pathname + location.search + location.hash
  const setOpen = (next: boolean | ((was: boolean) => boolean)) =>
    setOpenedAt((typeof next === 'function' ? next(open) : next) ? addressNow() : null)
  const [rendered, setRendered] = useState(here)
  if (rendered !== here) {
    setRendered(here)
    if (openedAt !== here) setOpenedAt(null)
  }
  const id = useId()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpenedAt(null)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpenedAt(null)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
        className="flex size-11 items-center justify-center rounded-full"
      >
        <Avatar src={user.profileImageUrl} size={36} />
        <span className="sr-only">{t('app.account.label', { name: user.name })}</span>
      </button>
      <div
        id={`${id}-menu`}
        hidden={!open}
        className="absolute right-0 z-40 mt-2 w-56 rounded-xl border border-line bg-surface p-1.5 shadow-lg"
      >
        <p className="truncate px-3 py-2 text-sm">
          {richText(
            'app.account.signedInAs',
            { name: (name) => <span className="font-semibold">{name}</span> },
            { name: user.name },
          )}
        </p>
        <ul>
          {(
            [
              [paths.user(user.id), t('app.account.profile')],
              [paths.upload(), t('app.nav.post')],
              [paths.novelUpload(), t('app.nav.writeNovel')],
              [paths.userBookmarks(user.id), t('common.bookmarks')],
              [paths.userFollowing(user.id), t('common.following')],
              [paths.library(), t('app.account.library')],
              [paths.settings(), t('common.settings')],
            ] as const
          ).map(([to, label]) => (
            <li key={to}>
              {/* Closes even when the link leads to the page already open. */}
              <Link className={itemClass} to={to} onClick={() => setOpen(false)}>
                {label}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-line pt-1">
            <button
              type="button"
              className={itemClass}
              onClick={() => {
                setOpen(false)
                session.signOut()
              }}
            >
              {t('common.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}
